// Attribute reads, writes and method calls on values typed Any: the checker let them through,
// so the value's run-time kind picks the implementation (tensor builtins and operators, script
// object slots and methods, list/dict/str methods), and a miss is Python's AttributeError.
#include "ops/registry.h"
#include "runtime/builtins.h"
#include "runtime/fnctx.h"

namespace ts::runtime {
namespace {

ScriptObject* script_object(const IValue& v) {
  return v.is_object() ? dynamic_cast<ScriptObject*>(v.object_ptr().get()) : nullptr;
}

[[noreturn]] void no_attribute(const IValue& v, const std::string& name) {
  raise("AttributeError", "'" + v.type_name() + "' object has no attribute '" + name + "'");
}

std::string kind_prefix(const IValue& v) {
  if (v.is_tensor()) return "Tensor.";
  if (v.is_list()) return "list.";
  if (v.is_dict()) return "dict.";
  if (v.is_string()) return "str.";
  if (is_grad_fn(v)) return "grad_fn.";
  return "";
}

// getattr(obj, "name")
// raise X from Y: Y becomes X's __cause__ (a builtin exception's field, or the `__cause__` slot
// every script exception class has; check_decl.cpp).
IValue b_set_cause(Interp&, Args& a, const Kw&) {
  if (auto* e = a[0].is_object() ? dynamic_cast<ExceptionValue*>(a[0].object_ptr().get()) : nullptr) {
    e->cause = a[1];
  } else if (ScriptObject* o = script_object(a[0])) {
    size_t slot = o->cls->slot("__cause__");
    if (slot < o->slots.size()) o->slots[slot] = a[1];
  }
  return IValue();
}

IValue b_getattr(Interp& I, Args& a, const Kw&) {
  const IValue& v = a[0];
  const std::string& name = a[1].to_string();
  if (ScriptFnCtx* c = fn_ctx(v)) return fn_ctx_getattr(*c, name);
  if (auto* e = v.is_object() ? dynamic_cast<ExceptionValue*>(v.object_ptr().get()) : nullptr; e && name == "args") {
    if (e->args.is_tuple()) return e->args;
    // Raised by the runtime: its message is its one argument, but a KeyError's message is
    // the key's repr, and the key itself is not kept.
    if (e->cls == "KeyError") raise("AttributeError", "the `args` of a KeyError raised by a lookup are not kept (str(e) is the key's repr)");
    return e->msg.empty() ? IValue::tuple({}) : IValue::tuple({IValue(e->msg)});
  }
  if (auto* e = v.is_object() ? dynamic_cast<ExceptionValue*>(v.object_ptr().get()) : nullptr;
      e && name == "code" && e->cls == "SystemExit")
    return system_exit_code(*e);
  if (auto* e = v.is_object() ? dynamic_cast<ExceptionValue*>(v.object_ptr().get()) : nullptr; e && name == "__cause__")
    return e->cause;
  if ((name == "__name__" || name == "__doc__") && v.is_object() &&
      (dynamic_cast<Closure*>(v.object_ptr().get()) || dynamic_cast<BuiltinFunction*>(v.object_ptr().get()))) {
    Args f = {v};
    return find_builtin("function." + name)(I, f, {});
  }
  // A class held as a value (`cls: type`): its __name__, __qualname__, __module__.
  if ((name == "__name__" || name == "__qualname__" || name == "__module__") && v.is_object() &&
      dynamic_cast<TypeValue*>(v.object_ptr().get())) {
    Args f = {v};
    return find_builtin("type." + name)(I, f, {});
  }
  if (ScriptObject* o = script_object(v)) {
    size_t slot = o->cls->slot(name);
    if (slot < o->cls->attrs.size()) return o->slots[slot];
    if (ir::Function* m = o->cls->method(name)) {
      if (m->is_property) {
        Args none;
        return I.call_method(v, name, none);
      }
      // A method: bound to the object, as the emitter binds `obj.method` used as a value.
      IValue fn(IValue::ObjectPtr(std::make_shared<Closure>(m, std::vector<IValue>{})));
      if (m->is_static) return fn;
      auto p = std::make_shared<Partial>();
      p->fn = std::move(fn);
      p->args = {v};
      return IValue(IValue::ObjectPtr(p));
    }
    // __getattr__, or torch.nn.Module's lookup of names registered at run time (a method the
    // checker does not treat as __getattr__, so `m.typo` stays a check error).
    for (const char* fallback : {"__getattr__", "_lookup_dynamic"}) {
      if (!o->cls->method(fallback)) continue;
      Args args = {a[1]};
      if (a.size() < 3) return I.call_method(v, fallback, args);
      try {
        return I.call_method(v, fallback, args);
      } catch (const ScriptError& e) {
        if (!e.is("AttributeError")) throw;
        return a[2];
      }
    }
    if (a.size() == 3) return a[2];  // getattr(obj, name, default)
    no_attribute(v, name);
  }
  if (v.is_tuple()) {  // a named tuple's field (torch.return_types.max's values, a namedtuple's x)
    const auto& t = *v.tuple_ptr();
    for (size_t i = 0; i < t.field_names.size() && i < t.items.size(); ++i)
      if (t.field_names[i] == name) return t.items[i];
  }
  if (v.is_tensor() || is_grad_fn(v)) {
    if (BuiltinFn f = find_builtin(kind_prefix(v) + name); f && !(is_grad_fn(v) && name == "name")) {
      Args args = {v};
      return f(I, args, {});
    }
  }
  if (a.size() == 3) return a[2];
  no_attribute(v, name);
}

// hasattr(obj, "name"): whether getattr finds it (Python's definition: it catches AttributeError).
IValue b_hasattr(Interp& I, Args& a, const Kw& kw) {
  Args args = {a[0], a[1]};
  try {
    b_getattr(I, args, kw);
    return IValue(true);
  } catch (const ScriptError& e) {
    if (!e.is("AttributeError")) throw;
    return IValue(false);
  }
}

// _ts.has_slot(obj, "name"): whether the object's class declares the attribute.
IValue b_has_slot(Interp&, Args& a, const Kw&) {
  ScriptObject* o = script_object(a[0]);
  return IValue(o && o->cls->slot(a[1].to_string()) < o->cls->attrs.size());
}

// setattr(obj, "name", value)
IValue b_setattr(Interp& I, Args& a, const Kw&) {
  const IValue& v = a[0];
  const std::string& name = a[1].to_string();
  if (ScriptFnCtx* c = fn_ctx(v)) {
    fn_ctx_setattr(*c, name, a[2]);
    return IValue();
  }
  if (ScriptObject* o = script_object(v)) {
    size_t slot = o->cls->slot(name);
    if (slot >= o->cls->attrs.size()) {
      if (!o->cls->method("__setattr__")) no_attribute(v, name);
      Args args = {a[1], a[2]};
      return I.call_method(v, "__setattr__", args);
    }
    o->slots[slot] = a[2];
    return IValue();
  }
  if (v.is_tensor()) {
    if (BuiltinFn f = find_builtin("Tensor.set_" + name)) {
      Args args = {v, a[2]};
      return f(I, args, {});
    }
  }
  no_attribute(v, name);
}

// vars(obj): the object's `__dict__` attribute where its class declares one (argparse's
// Namespace keeps its values there, so changes show through), else a new dict of its attributes.
IValue b_vars(Interp&, Args& a, const Kw&) {
  ScriptObject* o = script_object(a[0]);
  if (!o) raise("TypeError", "vars() argument must have __dict__ attribute");
  if (size_t slot = o->cls->slot("__dict__"); slot < o->cls->attrs.size()) return o->slots[slot];
  IValue d = IValue::dict();
  for (size_t i = 0; i < o->cls->attrs.size(); ++i) d.dict_ptr()->set(IValue(o->cls->attrs[i].first), o->slots[i]);
  return d;
}

// obj.name(args..., kw=...): args[0] is obj, args[1] the name, then the call's arguments; the
// trailing kw.size() of them are keyword arguments.
IValue b_call_method(Interp& I, Args& a, const Kw& kw) {
  IValue self = a[0];
  std::string name = a[1].to_string();
  Args rest(a.begin() + 2, a.end());
  if (ScriptFnCtx* c = fn_ctx(self)) return fn_ctx_call(*c, name, rest);
  if (ScriptObject* o = script_object(self)) {
    if (!kw.empty()) {
      // Keyword arguments by parameter name; the rest of the binding is call_method's.
      const ir::Function* m = o->cls->method(name);
      if (!m) no_attribute(self, name);
      size_t npos = rest.size() - kw.size();
      std::vector<IValue> bound(rest.begin(), rest.begin() + int64_t(npos));
      std::vector<bool> given(m->params.size(), false);
      for (size_t i = 0; i + 1 < m->params.size() && i < npos; ++i) given[i + 1] = true;
      std::vector<IValue> slots(m->params.size());
      for (size_t k = 0; k < kw.size(); ++k) {
        size_t j = 1;
        while (j < m->params.size() && m->params[j].name != kw[k]) ++j;
        if (j == m->params.size()) raise("TypeError", name + "() got an unexpected keyword argument '" + kw[k] + "'");
        if (given[j]) raise("TypeError", name + "() got multiple values for argument '" + kw[k] + "'");
        given[j] = true;
        slots[j] = rest[npos + k];
      }
      for (size_t j = npos + 1; j < m->params.size(); ++j) {
        if (given[j]) {
          bound.push_back(slots[j]);
          continue;
        }
        const ir::Param& p = m->params[j];
        if (!p.has_default) raise("TypeError", name + "() missing required argument: '" + p.name + "'");
        if (!p.default_const) raise("TypeError", name + "(): the default of '" + p.name + "' is not a literal; pass it explicitly");
        bound.push_back(p.default_value);
      }
      return I.call_method(self, name, bound);
    }
    return I.call_method(self, name, rest);
  }
  // sys.stdout / sys.stderr passed as a value (json.dump's `fp`): their write and flush.
  if (auto* st = self.is_object() ? dynamic_cast<StreamValue*>(self.object_ptr().get()) : nullptr)
    if (BuiltinFn f = find_builtin(std::string(st->err ? "sys.stderr." : "sys.stdout.") + name)) return f(I, rest, kw);
  // A collections value's own methods first (deque.append keeps maxlen), then list's or dict's.
  std::string own = self.is_list() ? self.list_ptr()->type_name : self.is_dict() ? self.dict_ptr()->type_name : "";
  if (!own.empty())
    if (BuiltinFn f = find_builtin(own.substr(own.find('.') + 1) + "." + name)) {
      Args args = {self};
      args.insert(args.end(), rest.begin(), rest.end());
      return f(I, args, kw);
    }
  std::string prefix = kind_prefix(self);
  if (!prefix.empty()) {
    if (BuiltinFn f = find_builtin(prefix + name)) {
      Args args = {self};
      args.insert(args.end(), rest.begin(), rest.end());
      return f(I, args, kw);
    }
  }
  if (self.is_tensor() && ops::has_op(name)) {
    size_t npos = rest.size() - kw.size();
    Stack pos = {self};
    pos.insert(pos.end(), rest.begin(), rest.begin() + int64_t(npos));
    ops::Kwargs kws;
    for (size_t k = 0; k < kw.size(); ++k) kws.push_back({kw[k], rest[npos + k]});
    Stack out;
    bool ints = npos >= 2;
    for (size_t k = 0; k < npos; ++k) ints &= rest[k].is_int();
    try {
      out = ops::call(name, pos, kws);
    } catch (const std::exception&) {
      if (!ints) throw;
      // x.view(2, 3): the sizes were given one by one for an int[] argument.
      out = ops::call(name, {self, IValue::list(std::vector<IValue>(rest.begin(), rest.begin() + int64_t(npos)))}, kws);
    }
    if ((name == "size" || name == "stride") && npos == 0 && out.size() == 1 && out[0].is_list()) {
      // x.size() is a torch.Size and x.stride() a tuple, as when x's type is known (code.cpp).
      IValue t = IValue::tuple(out[0].items());
      if (name == "size") t.tuple_ptr()->type_name = "torch.Size";
      return t;
    }
    if (out.size() == 1) return out[0];
    IValue t = IValue::tuple(std::vector<IValue>(out.begin(), out.end()));
    // Named results (x.min(dim=1).values) as the emitter names them when x's type is known.
    for (const ops::OpDef* op : ops::Registry::get().overloads(name)) {
      const auto& rs = op->schema.returns;
      if (op->schema.is_out() || rs.size() != out.size() ||
          std::any_of(rs.begin(), rs.end(), [](const auto& r) { return r.name.empty(); }))
        continue;
      std::vector<std::string> fields;
      for (const auto& r : rs) fields.push_back(r.name);
      t.tuple_ptr()->type_name = "torch.return_types." + name;
      t.tuple_ptr()->field_names = fields;
      break;
    }
    return t;
  }
  no_attribute(self, name);
}

// t[i] / t[i] = v with i typed Any.
IValue b_index_any(Interp&, Args& a, const Kw&) {
  const IValue& t = a[0];
  IValue i = a[1];
  bool store = a.size() == 3;
  if (i.is_int() || i.is_bool()) {
    IValue row = ops::call("select", {t, IValue(int64_t(0)), IValue(i.to_int())})[0];
    if (!store) return row;
    ops::call(a[2].is_tensor() ? "copy_" : "fill_", {row, a[2]});
    return IValue();
  }
  if (i.is_none()) {
    if (store) raise("TypeError", "cannot assign through t[None]");
    return ops::call("unsqueeze", {t, IValue(int64_t(0))})[0];
  }
  IValue l;
  bool per_dim = (i.is_list() || i.is_tuple()) && !i.items().empty();
  for (const IValue& x : per_dim ? i.items() : std::vector<IValue>{}) per_dim &= x.is_tensor();
  if (per_dim) {  // t[(rows, cols)], t[m.nonzero(as_tuple=True)]: one index tensor per dimension
    l = IValue::list(i.items());
  } else {
    if (i.is_list()) i = ops::call("tensor", {i})[0];
    if (!i.is_tensor()) raise("TypeError", "only integers, slices, None and tensors are valid indices (got " + i.type_name() + ")");
    l = IValue::list({i});
  }
  if (!store) return ops::call("index", {t, l})[0];
  ops::call("index_put_", {t, l, a[2].is_tensor() ? a[2] : ops::call("scalar_tensor", {a[2]})[0]});
  return IValue();
}

// f(a, *xs) on a function value: the emitter gathers the arguments into one list.
IValue b_call_spread(Interp& I, Args& a, const Kw&) {
  std::vector<IValue> args = iterate_value(I, a[1]);
  return I.call_value(a[0], args);
}

}  // namespace

namespace {

// m(args..., kw=...) for a value typed nn.Module: its forward, found at run time, with its hooks
// (Note [Module hooks]). args[0] is m; the trailing kw.size() arguments are keyword arguments.
IValue b_call_module(Interp& I, Args& a, const Kw& kw) {
  auto forward = [&](const std::vector<IValue>& positional, const std::vector<IValue>& keywords) {
    Args b = {a[0], IValue(std::string("forward"))};
    b.insert(b.end(), positional.begin(), positional.end());
    b.insert(b.end(), keywords.begin(), keywords.end());
    return b_call_method(I, b, kw);
  };
  size_t npos = a.size() - 1 - kw.size();
  std::vector<IValue> input(a.begin() + 1, a.begin() + 1 + int64_t(npos)), keywords(a.begin() + 1 + int64_t(npos), a.end());
  if (!module_hooks_set(a[0])) return forward(input, keywords);
  return call_module_hooked(I, a[0], input, [&](std::vector<IValue>& in) { return forward(in, keywords); });
}

// f(*xs, k=v, **d) bound at run time: a[head] is the positional arguments as a list, then one
// value per keyword name ("**" for a mapping whose items are keywords).
std::vector<std::pair<std::string, IValue>> gather_keywords(Args& a, size_t head, const Kw& kw, const std::string& callee) {
  std::vector<std::pair<std::string, IValue>> out;
  auto add = [&](const std::string& k, IValue v) {
    for (const auto& [k2, v2] : out)
      if (k2 == k) raise("TypeError", callee + "() got multiple values for keyword argument '" + k + "'");
    out.emplace_back(k, std::move(v));
  };
  for (size_t k = 0; k < kw.size(); ++k) {
    IValue& v = a[head + 1 + k];
    if (kw[k] != "**") {
      add(kw[k], std::move(v));
      continue;
    }
    if (!v.is_dict()) raise("TypeError", callee + "() argument after ** must be a mapping, not " + v.type_name());
    for (const auto& [key, val] : v.dict_ptr()->items) {
      if (!key.is_string()) raise("TypeError", "keywords must be strings");
      add(key.to_string(), val);
    }
  }
  return out;
}

std::string callee_name(const IValue& f) {
  if (auto* c = f.is_object() ? dynamic_cast<Closure*>(f.object_ptr().get()) : nullptr) return c->fn->name;
  if (auto* t = f.is_object() ? dynamic_cast<TypeValue*>(f.object_ptr().get()) : nullptr)
    return t->qualname.substr(t->qualname.rfind('.') + 1);
  return f.type_name();
}

IValue b_call_kw(Interp& I, Args& a, const Kw& kw) {
  auto kws = gather_keywords(a, 1, kw, callee_name(a[0]));
  return I.call_with_keywords(a[0], a[1].items(), std::move(kws));
}

IValue b_call_method_kw(Interp& I, Args& a, const Kw& kw) {
  std::string name = a[1].to_string();
  auto kws = gather_keywords(a, 2, kw, name);
  return I.call_method_with_keywords(a[0], name, a[2].items(), std::move(kws));
}

}  // namespace

const std::map<std::string, BuiltinFn>& dynamic_builtins() {
  static const std::map<std::string, BuiltinFn> m = {
      {"getattr", b_getattr}, {"setattr", b_setattr}, {"exception.set_cause", b_set_cause}, {"hasattr", b_hasattr}, {"vars", b_vars}, {"_ts.has_slot", b_has_slot}, {"dyn.call_method", b_call_method}, {"dyn.call_module", b_call_module},
      {"dyn.call_spread", b_call_spread}, {"dyn.call_kw", b_call_kw}, {"dyn.call_method_kw", b_call_method_kw},
      {"Tensor.index_any", b_index_any}};
  return m;
}

}  // namespace ts::runtime
