// Calls the checker could not bind: function values (closures, functools.partial, builtin
// classes as values, callable objects) and methods reached through a value typed Any. Each
// binds its arguments here, at run time, with Python's TypeErrors.
#include <set>

#include "runtime/builtins.h"
#include "runtime/interp.h"
#include "util/error.h"

namespace ts::runtime {

namespace {

// The default of a closure's parameter that is not a literal: evaluated when the def or lambda
// ran, it is one of the closure's captures (Emitter::closure); null when there is none.
const IValue* captured_default(const ir::Param& p, const std::vector<IValue>* captures) {
  if (p.default_const || !captures || !p.default_value.is_int()) return nullptr;
  size_t k = size_t(p.default_value.to_int());
  return k < captures->size() ? &(*captures)[k] : nullptr;
}

// Appends the defaults of `fn`'s parameters from position `have` on (an empty tuple for
// `*args`); a parameter without a default, or whose default is not a literal (nor a closure's
// captured one), is a TypeError.
void fill_defaults(const ir::Function& fn, std::vector<IValue>& full, size_t have, const std::string& name,
                   const std::vector<IValue>* captures = nullptr) {
  for (size_t i = have; i < fn.params.size(); ++i) {
    const ir::Param& p = fn.params[i];
    if (p.vararg || p.kwvar) {
      full.push_back(p.vararg ? IValue::tuple({}) : IValue::dict());
      continue;
    }
    if (!p.has_default) raise("TypeError", name + "() missing required argument: '" + p.name + "'");
    if (const IValue* c = captured_default(p, captures)) {
      full.push_back(*c);
      continue;
    }
    // A literal default is known here; another is evaluated at the call by name only.
    if (!p.default_const)
      raise("TypeError", name + "(): the default of '" + p.name + "' is not a literal; pass it explicitly");
    full.push_back(p.default_value);
  }
}

// A call the checker did not bind passes a parameter typed Tensor something else: TypeError,
// as a scripted function raises (its ops would otherwise read the value as a tensor).
void check_tensor_args(const ir::Function& fn, const std::vector<IValue>& full, size_t from, const std::string& name) {
  for (size_t i = from; i < fn.params.size() && i < full.size(); ++i) {
    const ir::Param& p = fn.params[i];
    if (p.type && p.type->kind == ir::TypeKind::Tensor && !full[i].is_tensor())
      raise("TypeError", name + "() argument '" + p.name + "' must be Tensor, not " + full[i].type_name());
  }
}

// Whether `fn` has `*args` or `**kwargs` (its arguments are gathered, not passed one per slot).
bool gathers(const ir::Function& fn) {
  for (const ir::Param& p : fn.params)
    if (p.vararg || p.kwvar) return true;
  return false;
}

// CPython's list of missing names: 'a', 'a' and 'b', 'a', 'b', and 'c'.
std::string name_list(const std::vector<std::string>& names) {
  std::string s;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i) s += names.size() == 2 ? " and " : i + 1 == names.size() ? ", and " : ", ";
    s += "'" + names[i] + "'";
  }
  return s;
}

// Binds a call's positional and keyword arguments to `fn`'s parameters from `first` on (a
// method's self is parameter 0) as CPython does; the result holds `prefix` (self, or a
// closure's captures, which are not parameters) and then those parameters' values.
std::vector<IValue> bind_arguments(const ir::Function& fn, size_t first, std::vector<IValue> prefix, std::vector<IValue>& pos,
                                   std::vector<std::pair<std::string, IValue>>& kws, const std::vector<IValue>* captures = nullptr) {
  const auto& ps = fn.params;
  const std::string& name = fn.name;
  std::vector<IValue> full(ps.size());
  std::vector<bool> have(ps.size(), false);
  size_t pi = first, vararg = ps.size(), kwvar = ps.size();
  for (size_t j = first; j < ps.size(); ++j) {
    if (ps[j].vararg) vararg = j;
    if (ps[j].kwvar) kwvar = j;
  }
  std::vector<IValue> rest;
  for (auto& v : pos) {
    if (pi == vararg) {
      rest.push_back(std::move(v));
      continue;
    }
    if (pi >= ps.size() || ps[pi].kwonly || ps[pi].kwvar) {
      size_t most = 0;
      for (size_t j = first; j < ps.size(); ++j) most += !ps[j].kwonly && !ps[j].vararg && !ps[j].kwvar;
      raise("TypeError", name + "() takes " + std::to_string(most) + " positional argument" + (most == 1 ? "" : "s") + " but " +
                             std::to_string(pos.size()) + (pos.size() == 1 ? " was" : " were") + " given");
    }
    full[pi] = std::move(v);
    have[pi++] = true;
  }
  if (vararg < ps.size()) {
    full[vararg] = IValue::tuple(std::move(rest));
    have[vararg] = true;
  }
  IValue extra = IValue::dict();
  for (auto& [k, v] : kws) {
    size_t j = first;
    while (j < ps.size() && (ps[j].name != k || ps[j].vararg || ps[j].kwvar)) ++j;
    if (j == ps.size()) {
      if (kwvar == ps.size()) raise("TypeError", name + "() got an unexpected keyword argument '" + k + "'");
      extra.dict_ptr()->set(IValue(k), std::move(v));
      continue;
    }
    if (have[j]) raise("TypeError", name + "() got multiple values for argument '" + k + "'");
    full[j] = std::move(v);
    have[j] = true;
  }
  if (kwvar < ps.size()) {
    full[kwvar] = std::move(extra);
    have[kwvar] = true;
  }
  std::vector<std::string> missing, missing_kw;
  for (size_t j = first; j < ps.size(); ++j) {
    if (have[j]) continue;
    const ir::Param& p = ps[j];
    if (!p.has_default) {
      (p.kwonly ? missing_kw : missing).push_back(p.name);
      continue;
    }
    if (const IValue* c = captured_default(p, captures)) {
      full[j] = *c;
      continue;
    }
    if (!p.default_const)
      raise("TypeError", name + "(): the default of '" + p.name + "' is not a literal; pass it explicitly");
    full[j] = p.default_value;
  }
  if (!missing.empty())
    raise("TypeError", name + "() missing " + std::to_string(missing.size()) + " required positional argument" +
                           (missing.size() == 1 ? "" : "s") + ": " + name_list(missing));
  if (!missing_kw.empty())
    raise("TypeError", name + "() missing " + std::to_string(missing_kw.size()) + " required keyword-only argument" +
                           (missing_kw.size() == 1 ? "" : "s") + ": " + name_list(missing_kw));
  for (size_t j = first; j < ps.size(); ++j) prefix.push_back(std::move(full[j]));
  return prefix;
}

}  // namespace

IValue Interp::call_method_with_keywords(const IValue& self, const std::string& name, std::vector<IValue> pos,
                                         std::vector<std::pair<std::string, IValue>> kws) {
  auto* obj = self.is_object() ? dynamic_cast<ScriptObject*>(self.object_ptr().get()) : nullptr;
  if (!obj) {
    // A method of a builtin value: the builtin takes the keywords by name.
    std::vector<IValue> args = {self, IValue(name)};
    std::vector<std::string> names;
    for (auto& v : pos) args.push_back(std::move(v));
    for (auto& [k, v] : kws) {
      args.push_back(std::move(v));
      names.push_back(k);
    }
    return find_builtin("dyn.call_method")(*this, args, names);
  }
  ir::Function* m = obj->cls->method(name);
  if (!m) raise("AttributeError", "'" + obj->cls->name + "' object has no attribute '" + name + "'");
  std::vector<IValue> full = bind_arguments(*m, 1, {self}, pos, kws);
  check_tensor_args(*m, full, 1, name);
  return call(*m, full);
}

IValue Interp::call_with_keywords(const IValue& callee, std::vector<IValue> pos, std::vector<std::pair<std::string, IValue>> kws) {
  if (kws.empty()) return call_value(callee, pos);
  if (auto* cl = callee.is_object() ? dynamic_cast<Closure*>(callee.object_ptr().get()) : nullptr) {
    std::vector<IValue> full = bind_arguments(*cl->fn, 0, cl->captures, pos, kws, &cl->captures);
    check_tensor_args(*cl->fn, full, cl->captures.size(), cl->fn->name);
    return call(*cl->fn, full);
  }
  if (auto* p = callee.is_object() ? dynamic_cast<Partial*>(callee.object_ptr().get()) : nullptr) {
    std::vector<IValue> all = p->args;
    for (auto& v : pos) all.push_back(std::move(v));
    std::vector<std::pair<std::string, IValue>> kw;
    for (size_t k = 0; k < p->kw.size(); ++k) kw.emplace_back(p->kw[k], p->kw_values[k]);
    for (auto& [k, v] : kws) {
      bool replaced = false;  // a call's keyword overrides the partial's
      for (auto& [k2, v2] : kw)
        if (k2 == k) v2 = v, replaced = true;
      if (!replaced) kw.emplace_back(k, std::move(v));
    }
    return call_with_keywords(p->fn, std::move(all), std::move(kw));
  }
  if (auto* obj = callee.is_object() ? dynamic_cast<ScriptObject*>(callee.object_ptr().get()) : nullptr) {
    if (obj->cls->method("__call__")) return call_method_with_keywords(callee, "__call__", std::move(pos), std::move(kws));
    if (obj->cls->method("forward")) {
      if (!obj->hooks) return call_method_with_keywords(callee, "forward", std::move(pos), std::move(kws));
      return call_module_hooked(*this, callee, pos, [&](std::vector<IValue>& in) { return call_method_with_keywords(callee, "forward", in, kws); });
    }
  }
  if (auto* t = callee.is_object() ? dynamic_cast<TypeValue*>(callee.object_ptr().get()) : nullptr) {
    for (const ir::ClassType& c : prog.classes)
      if (c.python_name() == t->qualname) {
        if (c.has_class_attrs)
          raise("TypeError", "calling class " + c.name + " held in a value is not supported yet: it has class attributes; "
                             "call it by name");
        IValue obj(new_object(&c));
        if (!c.method("__init__")) raise("TypeError", c.name + "() takes no arguments");
        call_method_with_keywords(obj, "__init__", std::move(pos), std::move(kws));
        return obj;
      }
  }
  // Builtins (a builtin function or class as a value) take keywords by name.
  std::string builtin;
  if (auto* b = callee.is_object() ? dynamic_cast<BuiltinFunction*>(callee.object_ptr().get()) : nullptr) builtin = b->name;
  if (auto* t = callee.is_object() ? dynamic_cast<TypeValue*>(callee.object_ptr().get()) : nullptr) builtin = t->qualname;
  if (BuiltinFn f = builtin.empty() ? nullptr : find_builtin(builtin)) {
    std::vector<std::string> names;
    for (auto& [k, v] : kws) {
      pos.push_back(std::move(v));
      names.push_back(k);
    }
    return f(*this, pos, names);
  }
  raise("TypeError", "'" + callee.type_name() + "' object is not callable with keyword arguments here");
}

IValue Interp::call_value(const IValue& callee, std::vector<IValue>& args) {
  auto* cl = callee.is_object() ? dynamic_cast<Closure*>(callee.object_ptr().get()) : nullptr;
  if (!cl) {
    // An instance whose class defines __call__ (a transform held in an `Any` or `Callable`).
    auto* obj = callee.is_object() ? dynamic_cast<ScriptObject*>(callee.object_ptr().get()) : nullptr;
    if (obj && obj->cls->method("__call__")) return call_method(callee, "__call__", args);
    // An nn.Module held in an `Any` (a loaded archive): calling it runs forward, as
    // Module.__call__ does.
    bool module = false;
    for (const ir::ClassType* c = obj ? obj->cls : nullptr; c; c = c->base)
      module |= c->name == "Module" && c->module.starts_with("torch.nn");
    if (module && obj->cls->method("forward")) {
      if (obj->hooks) return call_module_hooked(*this, callee, args, [&](std::vector<IValue>& in) { return call_method(callee, "forward", in); });
      return call_method(callee, "forward", args);
    }
  }
  if (auto* p = callee.is_object() ? dynamic_cast<Partial*>(callee.object_ptr().get()) : nullptr) {
    std::vector<IValue> full = p->args;
    for (auto& a : args) full.push_back(std::move(a));
    if (!p->kw.empty()) {
      // Keywords go to their parameters' positions (function values take positional arguments).
      auto* f = p->fn.is_object() ? dynamic_cast<Closure*>(p->fn.object_ptr().get()) : nullptr;
      if (!f) raise("TypeError", "functools.partial with keywords needs a function defined with `def` or `lambda`");
      std::vector<bool> have(full.size(), true);
      for (size_t k = 0; k < p->kw.size(); ++k) {
        size_t at = 0;
        while (at < f->fn->params.size() && f->fn->params[at].name != p->kw[k]) ++at;
        if (at == f->fn->params.size()) raise("TypeError", f->fn->name + "() got an unexpected keyword argument '" + p->kw[k] + "'");
        if (at < full.size() && have[at]) raise("TypeError", f->fn->name + "() got multiple values for argument '" + p->kw[k] + "'");
        if (at >= full.size()) {
          full.resize(at + 1);
          have.resize(at + 1, false);
        }
        full[at] = p->kw_values[k];
        have[at] = true;
      }
      for (size_t i = 0; i < have.size(); ++i)
        if (!have[i]) raise("TypeError", f->fn->name + "() missing required argument '" + f->fn->params[i].name + "'");
    }
    return call_value(p->fn, full);
  }
  if (!cl) {
    // A builtin class as a value (`defaultdict(list)`'s factory): calling it converts or makes one.
    auto* t = callee.is_object() ? dynamic_cast<TypeValue*>(callee.object_ptr().get()) : nullptr;
    static const std::set<std::string> kBuiltinClasses = {"int", "float", "bool", "str", "list", "dict", "tuple"};
    if (t && kBuiltinClasses.count(t->qualname)) return find_builtin(t->qualname)(*this, args, {});
    // A script class as a value (`ACTIVATIONS = {"relu": nn.ReLU}; ACTIVATIONS[name]()`).
    if (t)
      for (const ir::ClassType& c : prog.classes)
        if (c.python_name() == t->qualname) return construct(c, args);
    if (auto* b = callee.is_object() ? dynamic_cast<BuiltinFunction*>(callee.object_ptr().get()) : nullptr)
      if (BuiltinFn f = find_builtin(b->name)) return f(*this, args, {});
    raise("TypeError", "'" + callee.type_name() + "' object is not callable");
  }
  if (gathers(*cl->fn)) {
    // def f(a, *rest, **kw): CPython's binding (the arguments past a's become the tuple `rest`).
    std::vector<std::pair<std::string, IValue>> none;
    std::vector<IValue> full = bind_arguments(*cl->fn, 0, cl->captures, args, none, &cl->captures);
    check_tensor_args(*cl->fn, full, cl->captures.size(), cl->fn->name);
    return call(*cl->fn, full);
  }
  std::vector<IValue> full = cl->captures;
  for (auto& a : args) full.push_back(std::move(a));
  fill_defaults(*cl->fn, full, full.size() - cl->captures.size(), cl->fn->name, &cl->captures);
  check_tensor_args(*cl->fn, full, cl->captures.size(), cl->fn->name);
  return call(*cl->fn, full);
}

IValue Interp::construct(const ir::ClassType& c, std::vector<IValue>& args) {
  if (c.has_class_attrs)
    raise("TypeError", "calling class " + c.name + " held in a value is not supported yet: it has class attributes; "
                       "call it by name");
  IValue obj(new_object(&c));
  if (c.method("__init__")) {
    call_method(obj, "__init__", args);
  } else if (!args.empty()) {
    raise("TypeError", c.name + "() takes no arguments");
  }
  return obj;
}

// A module call (prim::CallMethod marked module_call) of a module with hooks: `args` are bound
// to forward's parameters, the first `given` from the call's positional arguments (all of them,
// with the `*args` tuple last, when `packed`), the rest from keywords (`keywords`) or defaults.
IValue Interp::module_call_hooked(const IValue& self, const std::string& name, std::vector<IValue>& args, bool packed, size_t given,
                                  bool keywords) {
  std::vector<IValue> input;
  if (packed) {
    input.assign(args.begin(), args.end() - 1);
    for (const IValue& x : args.back().items()) input.push_back(x);
  } else {
    input.assign(args.begin(), args.begin() + int64_t(std::min(given, args.size())));
  }
  return call_module_hooked(*this, self, input, [&](std::vector<IValue>& in) {
    if (packed) {
      size_t fixed = args.size() - 1;
      if (in.size() < fixed) return call_method(self, name, in);  // defaults fill the rest
      std::vector<IValue> bound(in.begin(), in.begin() + int64_t(fixed));
      bound.push_back(IValue::tuple(std::vector<IValue>(in.begin() + int64_t(fixed), in.end())));
      return call_method(self, name, bound, true);
    }
    if (in.size() == input.size()) {
      std::vector<IValue> bound = args;
      std::copy(in.begin(), in.end(), bound.begin());
      return call_method(self, name, bound);
    }
    if (keywords)
      raise("RuntimeError", "a forward pre-hook of " + class_qualname(self) + " changed the number of inputs of a call that "
                            "also passed keyword arguments; tsrun cannot rebind those yet");
    return call_method(self, name, in);  // defaults fill the rest
  });
}

IValue Interp::call_method(const IValue& self, const std::string& name, std::vector<IValue>& args, bool packed) {
  auto* obj = self.is_object() ? dynamic_cast<ScriptObject*>(self.object_ptr().get()) : nullptr;
  if (!obj && args.empty())
    if (std::optional<IValue> r = native_iterator_method(self, name)) return *r;
  if (!obj) raise("AttributeError", "'" + self.type_name() + "' object has no attribute '" + name + "'");
  ir::Function* m = obj->cls->method(name);
  if (!m) raise("AttributeError", "'" + obj->cls->name + "' object has no attribute '" + name + "'");
  if (!packed && gathers(*m)) {
    // def forward(self, *inputs, **kw) reached through Any or in place of a method without them.
    std::vector<std::pair<std::string, IValue>> none;
    std::vector<IValue> full = bind_arguments(*m, 1, {self}, args, none);
    check_tensor_args(*m, full, 1, name);
    return call(*m, full);
  }
  std::vector<IValue> full;
  full.reserve(m->params.size());
  full.push_back(self);
  for (auto& a : args) full.push_back(std::move(a));
  // Called through a value typed Any: the checker did not bind the arguments, so do it here.
  if (full.size() > m->params.size())
    raise("TypeError", name + "() takes " + std::to_string(m->params.size()) + " positional arguments but " +
                           std::to_string(full.size()) + " were given");
  fill_defaults(*m, full, full.size(), name);
  check_tensor_args(*m, full, 1, name);
  return call(*m, full);
}

}  // namespace ts::runtime
