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

}  // namespace ts::frontend
