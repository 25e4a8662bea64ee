// tsc: the compiler front. Today: --list-ops and --version; check/emit-ir/export arrive with
// the language front end (see README.md).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <iostream>

#include "ops/registry.h"
#include "ts_config.h"

int main(int argc, char** argv) {
  CLI::App app{"tsc: type-check, inspect and export Ts scripts"};
  bool list_ops = false, version = false;
  app.add_flag("--list-ops", list_ops, "print every registered operator schema, one a line");
  app.add_flag("--version", version, "print the version");
  app.require_subcommand(0, 1);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? 0 : 2;
  }
  if (version) {
    std::printf("tsc %s\n", TS_VERSION);
    return 0;
  }
  if (list_ops) {
    auto ops = ts::ops::Registry::get().all();
    std::vector<std::string> lines;
    for (const auto* op : ops) lines.push_back(op->schema.str());
    std::sort(lines.begin(), lines.end());
    for (const auto& l : lines) std::printf("%s\n", l.c_str());
    return 0;
  }
  std::cerr << app.help();
  return 2;
}
