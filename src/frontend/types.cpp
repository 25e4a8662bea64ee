#include "frontend/types.h"

namespace ts::frontend {

std::string Type::str() const {
  auto join = [&](const char* open, const char* close) {
    std::string s = open;
    for (size_t i = 0; i < args.size(); ++i) s += (i ? ", " : "") + args[i]->str();
    return s + close;
  };
  switch (kind) {
    case TypeKind::Error: return "<error>";
    case TypeKind::Any: return "Any";
    case TypeKind::None: return "None";
    case TypeKind::Bool: return "bool";
    case TypeKind::Int: return "int";
    case TypeKind::Float: return "float";
    case TypeKind::Str: return "str";
    case TypeKind::Tensor: return "Tensor";
    case TypeKind::Device: return "device";
    case TypeKind::DType: return "dtype";
    case TypeKind::List: return name.empty() ? join("List[", "]") : name == "deque" ? join("deque[", "]") : name;
    case TypeKind::Dict:
      if (name == "set") return "Set[" + args[0]->str() + "]";
      return join(name.empty() ? "Dict[" : (name + "[").c_str(), "]");
    case TypeKind::Tuple:
      if (!name.empty()) return name;
      return args.empty() ? "Tuple[()]" : join("Tuple[", "]");
    case TypeKind::Optional: return join("Optional[", "]");
    case TypeKind::Range: return "range";
    case TypeKind::Class: return cls ? cls->name : "object";
    case TypeKind::ClassObj: return "Type[" + (cls ? cls->name : std::string("object")) + "]";
    case TypeKind::Function: return "function " + (fn ? fn->name : std::string("<lambda>"));
    case TypeKind::Module: return "module " + (mod ? mod->name : std::string());
    case TypeKind::Builtin: return "builtin function " + name;
    case TypeKind::TorchOp: return "torch." + name;
    case TypeKind::Method: return "method " + name;
    case TypeKind::TypeObj: return "Type[" + (args.empty() ? std::string("?") : args[0]->str()) + "]";
    case TypeKind::ClassValue: return "type";
  }
  return "?";
}

const Type* TypeArena::get(TypeKind k, std::vector<const Type*> args, const ClassInfo* cls,
                           const FunctionInfo* fn, const ModuleInfo* mod, std::string name) {
  std::string key = std::to_string(static_cast<int>(k));
  for (const Type* a : args) key += "," + std::to_string(reinterpret_cast<uintptr_t>(a));
  key += "|" + std::to_string(reinterpret_cast<uintptr_t>(cls)) + "|" +
         std::to_string(reinterpret_cast<uintptr_t>(fn)) + "|" +
         std::to_string(reinterpret_cast<uintptr_t>(mod)) + "|" + name;
  auto it = index_.find(key);
  if (it != index_.end()) return it->second;
  types_.push_back(Type{k, std::move(args), cls, fn, mod, std::move(name), {}});
  const Type* t = &types_.back();
  index_.emplace(std::move(key), t);
  return t;
}

const Type* TypeArena::named_tuple(std::vector<const Type*> ts, std::string name,
                                   std::vector<std::string> fields) {
  const Type* t = get(TypeKind::Tuple, std::move(ts), nullptr, nullptr, nullptr, std::move(name));
  // The name decides the fields (one op's results), so the first call's fields stand.
  if (t->fields.empty()) const_cast<Type*>(t)->fields = std::move(fields);
  return t;
}

const Type* TypeArena::optional(const Type* t) {
  if (t->kind == TypeKind::None || t->kind == TypeKind::Optional || t->kind == TypeKind::Any ||
      t->kind == TypeKind::Error) {
    return t;
  }
  return get(TypeKind::Optional, {t});
}

const Field* ClassInfo::find_field(const std::string& n) const {
  for (const ClassInfo* c = this; c; c = c->base) {
    auto it = c->fields.find(n);
    if (it != c->fields.end()) return &it->second;
  }
  return nullptr;
}

FunctionInfo* ClassInfo::find_method(const std::string& n) const {
  for (const ClassInfo* c = this; c; c = c->base) {
    auto it = c->methods.find(n);
    if (it != c->methods.end()) return it->second;
  }
  return nullptr;
}

const std::string& ClassInfo::exception_root() const {
  const ClassInfo* c = this;
  while (c->base) c = c->base;
  return c->exception_base;
}

bool ClassInfo::derives_from(const ClassInfo* other) const {
  for (const ClassInfo* c = this; c; c = c->base) {
    if (c == other) return true;
  }
  return false;
}

}  // namespace ts::frontend
