// The parser entry point: source text to our AST. The only code that sees ANTLR lives in this
// directory; nothing outside includes a generated header.
#pragma once

#include <memory>
#include <string>

#include "frontend/ast.h"
#include "frontend/diagnostics.h"

namespace ts::frontend {

// Parses file `id` of `sm`. Syntax errors go to `diags` (lexical errors all, then the first
// syntax error); the result is null when the file did not parse.
std::unique_ptr<Module> parse_module(const SourceManager& sm, FileId id, Diagnostics& diags);

// The two parsers parse_module tries, for tests that compare them: the recursive-descent parser
// (null where it does not handle the file; it reports nothing), then the generated parser.
std::unique_ptr<Module> parse_module_direct(const SourceManager& sm, FileId id);
std::unique_ptr<Module> parse_module_generated(const SourceManager& sm, FileId id, Diagnostics& diags);

// The lexer's tokens of file `id`, one per line: `line:col KIND 'text'` (tsc --emit-tokens),
// INDENT/DEDENT/NEWLINE included.
std::string dump_tokens(const SourceManager& sm, FileId id);

// Deepest nesting of grammar rules the parser accepts (parentheses cost about 17 levels each);
// deeper input is an error instead of a stack overflow.
constexpr int kMaxRuleDepth = 2500;

}  // namespace ts::frontend
