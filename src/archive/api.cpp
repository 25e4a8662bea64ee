// The C++ loading API (module.h) over archive::load and the loaded program's interpreter.
#include "archive/archive.h"
#include "archive/module.h"
#include "runtime/interp.h"
#include "util/error.h"

namespace ts {

Module load(const std::string& path, const LoadOptions& o) {
  return Module(archive::load(path, std::nullopt, o.mmap, o.trusted));
}

IValue Module::run_method(const std::string& name, std::vector<IValue> inputs) const {
  return archive::call_method(root_, name, std::move(inputs));
}

IValue Module::attr(const std::string& name) const {
  auto* o = dynamic_cast<runtime::ScriptObject*>(root_.object_ptr().get());
  size_t slot = o->cls->slot(name);
  TS_CHECK(slot < o->cls->attrs.size(), "'", o->cls->name, "' object has no attribute '", name, "'");
  return o->slots[slot];
}

std::vector<std::pair<std::string, Tensor>> Module::state_dict() const {
  IValue d = run_method("state_dict", {});
  std::vector<std::pair<std::string, Tensor>> out;
  for (const auto& [k, v] : d.dict_ptr()->items) out.emplace_back(k.to_string(), v.to_tensor());
  return out;
}

void Module::eval() const { run_method("eval", {}); }

}  // namespace ts
