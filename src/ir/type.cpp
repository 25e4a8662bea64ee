#include "ir/type.h"

#include <deque>
#include <map>
#include <mutex>

#include "ir/ir.h"

namespace ts::ir {

namespace {

struct Interner {
  std::mutex mu;
  std::deque<Type> types;
  std::map<std::string, const Type*> index;
};

Interner& interner() {
  static Interner* i = new Interner();  // never destroyed: types outlive static destructors
  return *i;
}

const Type* get(TypeKind k, std::vector<const Type*> args = {}, const ClassType* cls = nullptr) {
  std::string key = std::to_string(int(k));
  for (const Type* a : args) key += "," + std::to_string(reinterpret_cast<uintptr_t>(a));
  if (cls) key += "@" + std::to_string(reinterpret_cast<uintptr_t>(cls));
  Interner& in = interner();
  std::lock_guard<std::mutex> lock(in.mu);
  auto it = in.index.find(key);
  if (it != in.index.end()) return it->second;
  in.types.push_back(Type{k, std::move(args), cls});
  return in.index[key] = &in.types.back();
}

}  // namespace

std::string Type::str() const {
  switch (kind) {
    case TypeKind::Any: return "Any";
    case TypeKind::None: return "NoneType";
    case TypeKind::Bool: return "bool";
    case TypeKind::Int: return "int";
    case TypeKind::Float: return "float";
    case TypeKind::Str: return "str";
    case TypeKind::Tensor: return "Tensor";
    case TypeKind::Device: return "Device";
    case TypeKind::DType: return "int";  // PyTorch's graphs type dtypes as int
    case TypeKind::Number: return "Scalar";
    case TypeKind::Function: return "Function";
    case TypeKind::List: return args[0]->str() + "[]";
    case TypeKind::Optional: return args[0]->str() + "?";
    case TypeKind::Dict: return "Dict(" + args[0]->str() + ", " + args[1]->str() + ")";
    case TypeKind::Class: return cls->qualname;
    case TypeKind::Tuple: {
      std::string s = "(";
      for (size_t i = 0; i < args.size(); ++i) s += (i ? ", " : "") + args[i]->str();
      return s + ")";
    }
  }
  return "?";
}

const Type* any_type() { return get(TypeKind::Any); }
const Type* none_type() { return get(TypeKind::None); }
const Type* bool_type() { return get(TypeKind::Bool); }
const Type* int_type() { return get(TypeKind::Int); }
const Type* float_type() { return get(TypeKind::Float); }
const Type* str_type() { return get(TypeKind::Str); }
const Type* tensor_type() { return get(TypeKind::Tensor); }
const Type* device_type() { return get(TypeKind::Device); }
const Type* dtype_type() { return get(TypeKind::DType); }
const Type* number_type() { return get(TypeKind::Number); }
const Type* function_type() { return get(TypeKind::Function); }
const Type* list_type(const Type* elem) { return get(TypeKind::List, {elem}); }
const Type* tuple_type(std::vector<const Type*> elems) { return get(TypeKind::Tuple, std::move(elems)); }
const Type* dict_type(const Type* key, const Type* value) { return get(TypeKind::Dict, {key, value}); }
const Type* optional_type(const Type* t) {
  if (t->kind == TypeKind::None || t->kind == TypeKind::Optional || t->kind == TypeKind::Any) return t;
  return get(TypeKind::Optional, {t});
}
const Type* class_type(const ClassType* cls) { return get(TypeKind::Class, {}, cls); }

const Type* unify(const Type* a, const Type* b) {
  if (a == b) return a;
  if (a->kind == TypeKind::None) return optional_type(b);
  if (b->kind == TypeKind::None) return optional_type(a);
  if (a->kind == TypeKind::Optional && unify(a->args[0], b) == a->args[0]) return a;
  if (b->kind == TypeKind::Optional && unify(b->args[0], a) == b->args[0]) return b;
  if (a->kind == TypeKind::Class && b->kind == TypeKind::Class) {
    for (const ClassType* c = a->cls; c; c = c->base)
      if (b->cls->derives_from(c)) return class_type(c);
  }
  return any_type();
}

}  // namespace ts::ir
