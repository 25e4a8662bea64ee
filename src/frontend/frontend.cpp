#include "frontend/frontend.h"

#include "frontend/check/checker.h"

namespace ts::frontend {

void check_scripts(const std::vector<std::string>& paths, const std::vector<std::string>& search_path,
                   SourceManager& sm, Diagnostics& diags) {
  Checker checker(sm, diags, search_path);
  for (const auto& p : paths) checker.check_script(p);
  diags.sort_and_dedup();
}

}  // namespace ts::frontend
