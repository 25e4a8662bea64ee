// type(x), classes named as values (`int`, `torch.Tensor`, a script class) and a class's names:
// the run-time side of TypeValue (interp.h); and the dtype facts torch's functions give
// (get/set_default_dtype, promote_types, result_type: stdlib/torch/_functions.ts).
#include <map>
#include <mutex>

#include "runtime/builtins.h"
#include "tensor/grad_mode.h"
#include "tensor/iter.h"

namespace ts::runtime {

IValue type_value(const std::string& qualname) {
  static std::mutex mu;
  static std::map<std::string, IValue> made;
  std::lock_guard<std::mutex> lock(mu);
  auto it = made.find(qualname);
  if (it == made.end()) it = made.emplace(qualname, IValue(IValue::ObjectPtr(std::make_shared<TypeValue>(qualname)))).first;
  return it->second;
}

std::string class_qualname(const IValue& v) {
  if (v.is_none()) return "NoneType";
  if (v.is_bool()) return "bool";
  if (v.is_int()) return "int";
  if (v.is_double()) return "float";
  if (v.is_string()) return "str";
  if (v.is_list()) return v.list_ptr()->type_name.empty() ? "list" : v.list_ptr()->type_name;
  if (v.is_dict()) return v.dict_ptr()->type_name.empty() ? "dict" : v.dict_ptr()->type_name;
  if (v.is_tuple()) return v.tuple_ptr()->type_name.empty() ? "tuple" : v.tuple_ptr()->type_name;
  if (v.is_tensor()) return v.to_tensor().impl()->is_parameter ? "torch.nn.parameter.Parameter" : "torch.Tensor";
  if (v.is_dtype()) return "torch.dtype";
  if (v.is_device()) return "torch.device";
  if (v.is_object()) {
    const IValue::Object* o = v.object_ptr().get();
    if (auto* s = dynamic_cast<const ScriptObject*>(o)) return s->cls->python_name();
    if (dynamic_cast<const Closure*>(o)) return "function";
    if (dynamic_cast<const BuiltinFunction*>(o)) return "builtin_function_or_method";
    if (auto* g = dynamic_cast<const GradContext*>(o)) return "torch.autograd.grad_mode." + g->type_name();
  }
  return v.type_name();
}

namespace {

// type(x), a class named as a value, and a class's names (TypeValue, interp.h).
IValue b_type(Interp&, Args& a, const Kw&) { return type_value(class_qualname(a[0])); }
IValue b_type_named(Interp&, Args& a, const Kw&) { return type_value(a[0].to_string()); }
IValue b_builtin_value(Interp&, Args& a, const Kw&) {
  return IValue(IValue::ObjectPtr(std::make_shared<BuiltinFunction>(a[0].to_string())));
}
const std::string& qualname_of(const IValue& v) {
  auto* t = v.is_object() ? dynamic_cast<TypeValue*>(v.object_ptr().get()) : nullptr;
  if (!t) raise("TypeError", "expected a class, got " + v.type_name());
  return t->qualname;
}
IValue b_type_name_of(const IValue& v) {
  const std::string& q = qualname_of(v);
  return IValue(q.substr(q.rfind('.') + 1));
}
IValue b_type_name(Interp&, Args& a, const Kw&) { return b_type_name_of(a[0]); }
IValue b_type_module(Interp&, Args& a, const Kw&) {
  const std::string& q = qualname_of(a[0]);
  size_t dot = q.rfind('.');
  return IValue(dot == std::string::npos ? std::string("builtins") : q.substr(0, dot));
}

// _ts.callable_name(f): a class's or a function's `__name__`.
IValue b_callable_name(Interp&, Args& a, const Kw&) {
  const IValue& v = a[0];
  if (auto* c = v.is_object() ? dynamic_cast<const Closure*>(v.object_ptr().get()) : nullptr) {
    const std::string& n = c->name.empty() ? c->fn->name : c->name;
    return IValue(n.substr(n.rfind('.') + 1));
  }
  if (auto* b = v.is_object() ? dynamic_cast<const BuiltinFunction*>(v.object_ptr().get()) : nullptr)
    return IValue(b->name.substr(b->name.rfind('.') + 1));
  return b_type_name_of(v);
}

// f.__doc__: a script function's docstring, or None.
IValue b_function_doc(Interp&, Args& a, const Kw&) {
  if (auto* c = a[0].is_object() ? dynamic_cast<const Closure*>(a[0].object_ptr().get()) : nullptr) {
    if (c->doc) return *c->doc;
    return c->fn->doc ? IValue(*c->fn->doc) : IValue();
  }
  raise("AttributeError", "the `__doc__` of " + a[0].type_name() + " objects is not available in tsrun");
}

// functools.wraps(wrapped)(f): f named and documented as wrapped (a copy of the closure: Note
// [User decorators]).
IValue b_wraps(Interp& I, Args& a, const Kw& kw) {
  auto* c = a[1].is_object() ? dynamic_cast<const Closure*>(a[1].object_ptr().get()) : nullptr;
  if (!c) return a[1];
  auto copy = std::make_shared<Closure>(*c);
  Args w = {a[0]};
  copy->name = b_callable_name(I, w, kw).to_string();
  auto* wrapped = a[0].is_object() ? dynamic_cast<const Closure*>(a[0].object_ptr().get()) : nullptr;
  copy->doc = wrapped ? b_function_doc(I, w, kw) : IValue();
  return IValue(IValue::ObjectPtr(std::move(copy)));
}

IValue ts_default_dtype(Interp&, Args&, const Kw&) { return IValue(default_dtype()); }

IValue ts_set_default_dtype(Interp&, Args& a, const Kw&) {
  if (!a[0].is_dtype()) raise("TypeError", "set_default_dtype(): argument 'd' must be torch.dtype, not " + a[0].type_name());
  DType d = a[0].to_dtype();
  if (!is_floating(d)) raise("TypeError", "only floating-point types are supported as the default type");
  set_default_dtype(d);
  return IValue();
}

IValue ts_promote_types(Interp&, Args& a, const Kw&) { return IValue(promote_types(a[0].to_dtype(), a[1].to_dtype())); }

// torch.result_type(tensor or number, tensor or number): numbers take part as wrapped numbers.
IValue ts_result_type(Interp&, Args& a, const Kw&) {
  std::vector<Tensor> both;
  for (size_t i = 0; i < 2; ++i) {
    const IValue& v = a[i];
    if (v.is_tensor()) both.push_back(v.to_tensor());
    else if (v.is_int() || v.is_double() || v.is_bool()) both.push_back(scalar_to_tensor(v.to_scalar()));
    else raise("TypeError", std::string("result_type(): argument '") + (i == 0 ? "tensor" : "other") + "' must be Tensor or Number, not " + v.type_name());
  }
  return IValue(result_type(util::ArrayRef<Tensor>(both.data(), both.size())));
}

}  // namespace

const std::map<std::string, BuiltinFn>& type_builtins() {
  static const std::map<std::string, BuiltinFn> m = {
      {"type", b_type}, {"type.named", b_type_named}, {"type.__name__", b_type_name}, {"type.__qualname__", b_type_name},
      {"type.__module__", b_type_module}, {"_ts.callable_name", b_callable_name}, {"function.__name__", b_callable_name},
      {"function.__doc__", b_function_doc},
      {"functools.wraps", b_wraps}, {"builtin.value", b_builtin_value},
      {"_ts.default_dtype", ts_default_dtype}, {"_ts.set_default_dtype", ts_set_default_dtype},
      {"_ts.promote_types", ts_promote_types}, {"_ts.result_type", ts_result_type},
  };
  return m;
}

}  // namespace ts::runtime
