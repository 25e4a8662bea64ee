// The front end's public API: check scripts and render what was found.
#pragma once

#include <string>
#include <vector>

#include "frontend/diagnostics.h"
#include "frontend/source.h"

namespace ts::frontend {

// Parses and type-checks each script and everything it imports; diagnostics are sorted.
// `search_path`: extra module directories (TSPATH).
void check_scripts(const std::vector<std::string>& paths, const std::vector<std::string>& search_path,
                   SourceManager& sm, Diagnostics& diags);

struct Module;
// The AST of a parsed module as indented text, one node per line with its position
// (tsc --emit-ast). `full`: every span whole (line:col-end_line:end_col) and the fields the
// short form leaves out (parentheses, name spans, decorators, f-string sources), for tests
// that compare two parses.
std::string dump_ast(const Module& m, bool full = false);
// tsc --emit-tokens / --emit-ast of one file (no imports followed, no type checking); errors
// (unreadable file, syntax errors for the AST) go to `diags` and the result is then empty.
std::string emit_tokens(const std::string& path, SourceManager& sm, Diagnostics& diags);
std::string emit_ast(const std::string& path, SourceManager& sm, Diagnostics& diags);

}  // namespace ts::frontend
