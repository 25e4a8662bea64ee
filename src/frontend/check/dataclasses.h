// `@dataclass` (Python's dataclasses module): classes it decorates are expanded, right after
// parsing, into ordinary classes with the methods the decorator would add (dataclasses.cpp;
// README.md, Note [Dataclasses]).
#pragma once

#include "frontend/ast.h"
#include "frontend/diagnostics.h"
#include "frontend/source.h"

namespace ts::frontend {

// Rewrites every class of `m` decorated with dataclasses.dataclass: the generated __init__,
// __repr__, __eq__ (and with order=True __lt__, __le__, __gt__, __ge__) join its body unless it
// defines them itself, `field(...)` class attributes become their defaults, and the decorator
// goes. What CPython rejects when the class is made (a field without a default after one with,
// a mutable default) and what is not supported yet are errors at the place.
void expand_dataclasses(Module& m, SourceManager& sm, Diagnostics& diags);

}  // namespace ts::frontend
