// Calls the checker could not bind: function values (closures, functools.partial, builtin
// classes as values, callable objects) and methods reached through a value typed Any. Each
// binds its arguments here, at run time, with Python's TypeErrors.
#include <set>

#include "runtime/interp.h"
#include "util/error.h"

namespace ts::runtime {

namespace {

// Appends the defaults of `fn`'s parameters from position `have` on (an empty tuple for
// `*args`); a parameter without a default, or whose default is not a literal, is a TypeError.
void fill_defaults(const ir::Function& fn, std::vector<IValue>& full, size_t have, const std::string& name) {
  for (size_t i = have; i < fn.params.size(); ++i) {
    const ir::Param& p = fn.params[i];
    if (p.vararg) {
      full.push_back(IValue::tuple({}));
      continue;
    }
    if (!p.has_default) raise("TypeError", name + "() missing required argument: '" + p.name + "'");
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

}  // namespace

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
    if (module && obj->cls->method("forward")) return call_method(callee, "forward", args);
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
  std::vector<IValue> full = cl->captures;
  for (auto& a : args) full.push_back(std::move(a));
  const auto& ps = cl->fn->params;
  const size_t fixed = cl->captures.size() + ps.size() - 1;
  if (!ps.empty() && ps.back().vararg && full.size() >= fixed) {
    // def f(a, *rest): the arguments past the fixed ones become the tuple `rest`.
    std::vector<IValue> rest(full.begin() + int64_t(fixed), full.end());
    full.resize(fixed);
    full.push_back(IValue::tuple(std::move(rest)));
  }
  fill_defaults(*cl->fn, full, full.size() - cl->captures.size(), cl->fn->name);
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

IValue Interp::call_method(const IValue& self, const std::string& name, std::vector<IValue>& args, bool packed) {
  auto* obj = self.is_object() ? dynamic_cast<ScriptObject*>(self.object_ptr().get()) : nullptr;
  if (!obj) raise("AttributeError", "'" + self.type_name() + "' object has no attribute '" + name + "'");
  ir::Function* m = obj->cls->method(name);
  if (!m) raise("AttributeError", "'" + obj->cls->name + "' object has no attribute '" + name + "'");
  std::vector<IValue> full;
  full.reserve(m->params.size());
  full.push_back(self);
  for (auto& a : args) full.push_back(std::move(a));
  if (!packed && !m->params.empty() && m->params.back().vararg && full.size() + 1 >= m->params.size()) {
    // def forward(self, *inputs) reached through Any or in place of a method without `*args`.
    const size_t fixed = m->params.size() - 1;
    std::vector<IValue> rest(full.begin() + int64_t(fixed), full.end());
    full.resize(fixed);
    full.push_back(IValue::tuple(std::move(rest)));
  }
  // Called through a value typed Any: the checker did not bind the arguments, so do it here.
  if (full.size() > m->params.size())
    raise("TypeError", name + "() takes " + std::to_string(m->params.size()) + " positional arguments but " +
                           std::to_string(full.size()) + " were given");
  fill_defaults(*m, full, full.size(), name);
  check_tensor_args(*m, full, 1, name);
  return call(*m, full);
}

}  // namespace ts::runtime
