#include "frontend/frontend.h"

#include <fstream>
#include <sstream>

#include "frontend/check/checker.h"
#include "frontend/parse/parse.h"

namespace ts::frontend {

void check_scripts(const std::vector<std::string>& paths, const std::vector<std::string>& search_path,
                   SourceManager& sm, Diagnostics& diags) {
  Checker checker(sm, diags, search_path);
  for (const auto& p : paths) checker.check_script(p);
  diags.sort_and_dedup();
}

namespace {
bool read_file(const std::string& path, SourceManager& sm, Diagnostics& diags, FileId* id) {
  std::string text, why;
  if (!read_source(path, &text, &why)) {
    Span s;
    s.file = static_cast<FileId>(sm.add(path, ""));
    diags.error(s, "cannot read `" + path + "`: " + why);
    return false;
  }
  *id = sm.add(path, std::move(text));
  return true;
}
}  // namespace

std::string emit_tokens(const std::string& path, SourceManager& sm, Diagnostics& diags) {
  FileId id;
  return read_file(path, sm, diags, &id) ? dump_tokens(sm, id) : std::string();
}

std::string emit_ast(const std::string& path, SourceManager& sm, Diagnostics& diags) {
  FileId id;
  if (!read_file(path, sm, diags, &id)) return {};
  auto m = parse_module(sm, id, diags);
  return m ? dump_ast(*m) : std::string();
}

}  // namespace ts::frontend

#include <cstring>

#include "frontend/stdlib.h"

namespace ts::frontend {

const char* stdlib_file(const std::string& path) {
  for (size_t i = 0; i < kStdlibFileCount; ++i)
    if (path == kStdlibFiles[i].path) return kStdlibFiles[i].text;
  return nullptr;
}

}  // namespace ts::frontend
