// Types of IR values, interned: pointer equality is type equality. Spelled as PyTorch's graphs
// print them: `int[]`, `(int, float)`, `Dict(str, int)`, `Tensor?`, `__torch__.Net`.
#pragma once

#include <string>
#include <vector>

namespace ts::ir {

struct ClassType;

enum class TypeKind {
  Any, None, Bool, Int, Float, Str, Tensor, Device, DType, Number,
  List, Tuple, Dict, Optional,
  Class,     // an instance of a script class (cls)
  Function,  // a function value (lambda, closure, function reference)
};

struct Type {
  TypeKind kind;
  std::vector<const Type*> args;  // List[T], Tuple[...], Dict[K, V], Optional[T]
  const ClassType* cls = nullptr;
  std::string str() const;
};

const Type* any_type();
const Type* none_type();
const Type* bool_type();
const Type* int_type();
const Type* float_type();
const Type* str_type();
const Type* tensor_type();
const Type* device_type();
const Type* dtype_type();
const Type* number_type();
const Type* function_type();
const Type* list_type(const Type* elem);
const Type* tuple_type(std::vector<const Type*> elems);
const Type* dict_type(const Type* key, const Type* value);
// Optional[T]; Optional[None] is None and Optional[Optional[T]] is Optional[T].
const Type* optional_type(const Type* t);
const Type* class_type(const ClassType* cls);

// The type a value has when it may come from either `a` or `b` (the two arms of an if): equal
// types stay, None joins T to T?, int and float stay apart (Any), classes join at their nearest
// common base.
const Type* unify(const Type* a, const Type* b);

}  // namespace ts::ir
