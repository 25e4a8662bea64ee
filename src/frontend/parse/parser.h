// The recursive-descent parser (parser.cpp; the class in parser_impl.h), parse_module's first
// try. Internal to frontend/parse.
#pragma once

#include <memory>

#include "frontend/ast.h"
#include "frontend/source.h"

namespace ts::frontend::direct {

// File `id` as an AST, or null where the parser does not handle it (it reports nothing then:
// the generated parser reads the file again and reports).
std::unique_ptr<Module> parse_module(const SourceManager& sm, FileId id);

}  // namespace ts::frontend::direct
