// Script to IR: check a program and, when it has no errors, emit its graphs.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "frontend/diagnostics.h"
#include "frontend/source.h"
#include "ir/ir.h"

namespace ts::frontend {

// Parses and checks the script at `path` and everything it imports, then emits IR for every
// module, class and function. Returns null when there were errors (they are in `diags`).
// With `text`, the script's source is that text (`path` only names it, e.g. "<string>").
std::unique_ptr<ir::Program> compile_program(const std::string& path, const std::vector<std::string>& search_path,
                                             SourceManager& sm, Diagnostics& diags, const std::string* text = nullptr);

// The same with the scripts given as text by path (`path` among them): user modules are looked
// up there first and, with `files_only`, nowhere else (model archives are self-contained).
// `restricted`: code outside the standard library may use only the archive allow-list
// (frontend/sandbox.h), for archives not trusted.
std::unique_ptr<ir::Program> compile_program_files(const std::string& path, const std::map<std::string, std::string>& files,
                                                   bool files_only, const std::vector<std::string>& search_path,
                                                   SourceManager& sm, Diagnostics& diags, bool restricted = false);

// The module directories named by the TSPATH environment variable (colon-separated).
std::vector<std::string> tspath_from_env();

}  // namespace ts::frontend
