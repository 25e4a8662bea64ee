// The builtin modules' functions (module_functions.h).
#include "ir/module_functions.h"

namespace ts::ir {

const ModuleFunction* find_module_function(std::string_view full_name) {
  for (const ModuleFunction& f : kModuleFunctions)
    if (full_name.size() == f.module.size() + 1 + f.name.size() && full_name.starts_with(f.module) &&
        full_name[f.module.size()] == '.' && full_name.ends_with(f.name))
      return &f;
  return nullptr;
}

}  // namespace ts::ir
