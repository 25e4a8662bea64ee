// What the code of a model archive may use (Note [Archive code has no I/O] in
// src/archive/README.md): an allow-list of modules and builtins, written down once in
// check/sandbox.cpp and enforced by the checker when a program is compiled restricted.
#pragma once

#include <string_view>

namespace ts::frontend {

// Why archive code is refused something, and how to lift it (ends every such error).
inline constexpr std::string_view kArchiveRule =
    "code in a model archive runs without file, process or network access (load the archive as trusted to "
    "allow it: tsrun --trust-archive, torch.jit.load(f, _trusted=True), ts::LoadOptions::trusted)";

// Whether restricted code may import the library module `module` (the builtin modules and the
// standard library; an archive's own modules are always importable).
bool archive_may_import(std::string_view module);

// Whether restricted code may name the builtin function `name` ("print", "math.sqrt",
// "torch.save", ... as the checker names them).
bool archive_may_call(std::string_view name);

// Whether a standard-library function that archive code calls may name builtin `name` (the
// above, plus the library's computational internals).
bool archive_may_reach(std::string_view name);

}  // namespace ts::frontend
