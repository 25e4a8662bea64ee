// Every function the builtin-module table (ir/module_functions.h) declares to the checker has
// an implementation in the runtime, and every `_ts.*` builtin the runtime has is declared.
#include <doctest/doctest.h>

#include <string>

#include "ir/module_functions.h"
#include "runtime/interp.h"

TEST_CASE("module functions: each declared function is implemented") {
  int n = 0;
  for (const ts::ir::ModuleFunction& f : ts::ir::kModuleFunctions) {
    const std::string full = std::string(f.module) + "." + std::string(f.name);
    INFO(full);
    const bool implemented = ts::runtime::find_builtin(full) != nullptr;
    CHECK(implemented);
    CHECK(ts::ir::find_module_function(full) == &f);
    ++n;
  }
  CHECK(n > 60);
  CHECK(ts::ir::find_module_function("_ts.no_such_function") == nullptr);
  CHECK(ts::ir::find_module_function("time") == nullptr);
}

TEST_CASE("module functions: each runtime _ts builtin is declared") {
  int n = 0;
  for (const std::string& name : ts::runtime::builtin_names()) {
    if (!name.starts_with("_ts.")) continue;
    INFO(name);
    CHECK(ts::ir::find_module_function(name) != nullptr);
    ++n;
  }
  CHECK(n > 30);
}
