// Calls: registry ops (overload and argument binding as the checker matched them), user
// functions and methods (arguments bound, defaults filled), constructors, builtins.
#include "frontend/emit/emitter.h"
#include "ir/exceptions.h"
#include "ir/resolve.h"
#include "ops/registry.h"

namespace ts::frontend {

namespace {

const ir::Type* schema_type(const ops::SchemaType& t) {
  using K = ops::SchemaType::Kind;
  const ir::Type* r;
  switch (t.kind) {
    case K::Tensor: r = ir::tensor_type(); break;
    case K::Int: r = ir::int_type(); break;
    case K::Float: r = ir::float_type(); break;
    case K::Bool: r = ir::bool_type(); break;
    case K::Str: r = ir::str_type(); break;
    case K::Scalar: r = ir::number_type(); break;
    case K::ScalarType: r = ir::dtype_type(); break;
    case K::Device: r = ir::device_type(); break;
    default: r = ir::any_type(); break;
  }
  if (t.list) r = ir::list_type(t.optional_elem ? ir::optional_type(r) : r);
  if (t.optional) r = ir::optional_type(r);
  return r;
}

const ir::Type* ivalue_type(const IValue& v) {
  if (v.is_bool()) return ir::bool_type();
  if (v.is_int()) return ir::int_type();
  if (v.is_double()) return ir::float_type();
  if (v.is_string()) return ir::str_type();
  if (v.is_list()) return ir::list_type(v.items().empty() ? ir::int_type() : ivalue_type(v.items()[0]));
  if (v.is_dtype()) return ir::dtype_type();
  if (v.is_device()) return ir::device_type();
  return ir::none_type();
}

}  // namespace

// Emits the registry op bound to `args` (self first for methods); numbers, lists and Nones are
// passed as they are and converted at run time as the schema says.
ir::Value* Emitter::op(const std::string& name, const std::vector<ir::Value*>& args_in, const Span& at,
                       const std::vector<std::pair<std::string, ir::Value*>>& kw_in, bool method) {
  // A torch.Generator (stdlib class) goes to the op as its native handle.
  auto native = [&](ir::Value* v) {
    const ir::ClassType* c = v->type->kind == ir::TypeKind::Class ? v->type->cls : nullptr;
    if (!c || c->name != "Generator" || c->slot("_handle") >= c->attrs.size()) return v;
    ir::Node* n = add("prim::GetAttr", {v}, {ir::any_type()}, at);
    n->set_attr("name", IValue("_handle"));
    return n->outputs[0];
  };
  std::vector<ir::Value*> args;
  for (ir::Value* v : args_in) args.push_back(native(v));
  std::vector<std::pair<std::string, ir::Value*>> kw;
  for (const auto& [k, v] : kw_in) kw.emplace_back(k, native(v));
  std::vector<const ir::Type*> pos;
  for (ir::Value* v : args) pos.push_back(v->type);
  std::vector<std::pair<std::string, const ir::Type*>> kwt;
  for (const auto& [k, v] : kw) kwt.push_back({k, v->type});
  auto b = ir::bind_op(name, pos, kwt, method);
  if (!b && method) b = ir::bind_op(name, pos, kwt, false);
  if (!b) b = ir::bind_op(name, pos, kwt, false, nullptr, true);
  if (!b) {
    std::string got;
    for (size_t i = 0; i < pos.size(); ++i) got += (i ? ", " : "") + pos[i]->str();
    unsupported(at, "no overload of `" + name + "` takes (" + got + ")");
  }
  const auto& schema = b->op->schema;
  std::vector<ir::Value*> ins;
  for (size_t i = 0; i < schema.args.size(); ++i) {
    const auto& src = b->params[i];
    if (src.keyword >= 0) {
      ins.push_back(kw[size_t(src.keyword)].second);
    } else if (src.positional.size() == 1 && !(schema.args[i].type.list && args[src.positional[0]]->type->kind == ir::TypeKind::Int &&
                                               schema.args[i].type.fixed_len == 0)) {
      ins.push_back(args[src.positional[0]]);
    } else if (!src.positional.empty()) {
      std::vector<ir::Value*> xs;
      for (size_t p : src.positional) xs.push_back(args[p]);
      ins.push_back(add("prim::ListConstruct", xs, {ir::list_type(ir::int_type())}, at)->outputs[0]);
    } else if (schema.args[i].default_value) {
      const IValue& d = *schema.args[i].default_value;
      ins.push_back(constant(d, d.is_none() ? ir::none_type() : ivalue_type(d), at));
    } else {
      ins.push_back(none(at));
    }
  }
  std::vector<const ir::Type*> outs;
  for (const auto& r : schema.returns) outs.push_back(schema_type(r.type));
  ir::Node* n = add("aten::" + name, ins, outs, at);
  n->op = b->op;
  if (n->outputs.size() == 1) return n->outputs[0];
  if (n->outputs.empty()) return none(at);
  std::vector<const ir::Type*> ts;
  for (ir::Value* o : n->outputs) ts.push_back(o->type);
  ir::Node* t = add("prim::TupleConstruct", n->outputs, {ir::tuple_type(ts)}, at);
  // Named results print as PyTorch's torch.return_types.<op>(values=..., indices=...).
  std::vector<IValue> fields;
  for (const auto& r : schema.returns)
    if (!r.name.empty()) fields.emplace_back(r.name);
  if (fields.size() == schema.returns.size()) {
    t->set_attr("name", IValue("torch.return_types." + name + (schema.is_out() ? "_out" : "")));
    t->set_attr("fields", IValue::list(fields));
  }
  return t->outputs[0];
}

ir::Value* Emitter::call_op(const std::string& name, const Expr& e, ir::Value* self) {
  std::vector<ir::Value*> args;
  if (self) args.push_back(self);
  for (const auto& a : e.elts) args.push_back(expr(*a));
  std::vector<std::pair<std::string, ir::Value*>> kw;
  ir::Value* requires_grad = nullptr;
  for (const auto& k : e.keywords) {
    ir::Value* v = expr(*k.value);
    if (k.name == "requires_grad" && !self) {
      requires_grad = v;
      continue;
    }
    kw.push_back({k.name, v});
  }
  // The checker matched an overload (Expr::op); binding again with the IR's types, the same
  // rules, gives the argument order.
  ir::Value* r = op(name, args, e.span, kw, self != nullptr);
  if (requires_grad) op("requires_grad_", {r, requires_grad}, e.span);
  return r;
}

std::vector<ir::Value*> Emitter::bind_call(const FunctionInfo& f, const Expr& e, size_t skip) {
  std::vector<ir::Value*> out(f.params.size(), nullptr);
  size_t pi = skip;
  ir::Value* rest = nullptr;  // *args, built as a list and frozen into a tuple
  for (const auto& a : e.elts) {
    if (pi < f.params.size() && f.params[pi].vararg) {
      const ir::Type* lt = to_ir(f.params[pi].type);
      if (!rest) rest = add("prim::ListConstruct", {}, {lt}, a->span)->outputs[0];
      if (a->kind == ExprKind::Starred) builtin("list.extend", {rest, expr(*a->a)}, ir::none_type(), a->span);
      else builtin("list.append", {rest, expr(*a)}, ir::none_type(), a->span);
      continue;
    }
    if (a->kind == ExprKind::Starred) unsupported(a->span, "`*` in a call only fills a `*args` parameter");
    out[pi++] = expr(*a);
  }
  std::vector<ir::Value*> extra;  // **kwargs: name, value, ... of the keywords no parameter takes
  for (const auto& k : e.keywords) {
    bool named = false;
    for (size_t j = skip; j < f.params.size(); ++j)
      if (f.params[j].name == k.name && !f.params[j].vararg && !f.params[j].kwvar) {
        out[j] = expr(*k.value);
        named = true;
      }
    if (!named) {
      extra.push_back(constant(IValue(k.name), ir::str_type(), k.name_span));
      extra.push_back(expr(*k.value));
    }
  }
  for (size_t j = skip; j < f.params.size(); ++j) {
    if (out[j]) continue;
    if (f.params[j].kwvar) {
      out[j] = add("prim::DictConstruct", extra, {to_ir(f.params[j].type)}, e.span)->outputs[0];
      continue;
    }
    if (f.params[j].vararg) {
      const ir::Type* lt = to_ir(f.params[j].type);
      if (!rest) rest = add("prim::ListConstruct", {}, {lt}, e.span)->outputs[0];
      out[j] = builtin("tuple", {rest}, lt, e.span);
      continue;
    }
    const Param* p = f.decl && j < f.decl->params.size() ? &f.decl->params[j] : nullptr;
    if (f.lambda && j < f.lambda->params.size()) p = &f.lambda->params[j];
    if (!p || !p->default_value) unsupported(e.span, "missing argument `" + f.params[j].name + "`");
    // Defaults are evaluated at the call, in the callee's module (constants in practice). A
    // top-level function's or method's default names that module's globals, never the
    // caller's locals or globals.
    if (!toplevel_fns_.count(&f)) {
      out[j] = expr(*p->default_value);
      continue;
    }
    FnCtx dc;
    dc.fn = ctx->fn;
    dc.mod = ctx->mod;
    dc.lmod = ctx->lmod;
    if (auto mf = module_of_file_.find(p->default_value->span.file); mf != module_of_file_.end())
      for (auto& [info, u] : modules_)
        if (u->name == mf->second) {
          dc.mod = u;
          dc.lmod = loaded_.count(info) ? loaded_[info] : ctx->lmod;
        }
    FnCtx* caller = ctx;
    ctx = &dc;
    out[j] = expr(*p->default_value);
    ctx = caller;
  }
  return out;
}

ir::Node* Emitter::method_call(const std::vector<ir::Value*>& args, const ir::Type* rt, const FunctionInfo& m,
                               const std::string& name, const Span& at) {
  ir::Node* n = add("prim::CallMethod", args, {rt}, at);
  n->set_attr("name", IValue(name));
  // bind_call gathered the `*args` tuple and the `**kwargs` dict; an override called in place of
  // a method without them gathers at run time instead (Interp::call_method).
  bool packed = false;
  for (const auto& p : m.params) packed = packed || p.vararg || p.kwvar;
  if (packed) n->set_attr("packed", IValue(true));
  return n;
}

ir::Value* Emitter::new_object(const ClassInfo* cls, const Span& at) {
  ir::Value* obj = add("prim::CreateObject", {}, {ir::class_type(class_type(cls))}, at)->outputs[0];
  init_class_attrs(obj, cls, at);
  return obj;
}

void Emitter::set_exception_args(ir::Value* obj, const std::vector<std::pair<ir::Value*, bool>>& xs, const Span& at) {
  bool spread = false;
  std::vector<ir::Value*> vs;
  std::vector<const ir::Type*> ts;
  for (auto [x, star] : xs) {
    spread |= star;
    vs.push_back(x);
    ts.push_back(x->type);
  }
  ir::Value* t;
  if (!spread) {
    t = add("prim::TupleConstruct", vs, {ir::tuple_type(ts)}, at)->outputs[0];
  } else {  // `super().__init__(*args)`: the arguments gathered at run time
    ir::Value* l = add("prim::ListConstruct", {}, {ir::list_type(ir::any_type())}, at)->outputs[0];
    for (auto [x, star] : xs) builtin(star ? "list.extend" : "list.append", {l, x}, ir::none_type(), at);
    t = builtin("tuple", {l}, ir::any_type(), at);
  }
  ir::Node* n = add("prim::SetAttr", {obj, t}, {}, at);
  n->set_attr("name", IValue("args"));
}

ir::Value* Emitter::builtin(const std::string& name, const std::vector<ir::Value*>& args, const ir::Type* out,
                            const Span& at, const std::vector<std::string>& kw) {
  ir::Node* n = add("prim::Builtin", args, {out}, at);
  n->set_attr("name", IValue(name));
  if (!kw.empty()) {
    std::vector<IValue> ks;
    for (const auto& k : kw) ks.emplace_back(k);
    n->set_attr("kw", IValue::list(ks));
  }
  return n->outputs[0];
}

// `obj.name(args of e)`, the method found on obj's run-time class (dyn.call_method).
ir::Value* Emitter::dynamic_method_call(ir::Value* obj, const std::string& name, const Expr& e, const ir::Type* rt) {
  std::vector<ir::Value*> args = {obj, constant(IValue(name), ir::str_type(), e.span)};
  std::vector<std::string> kw;
  for (const auto& a : e.elts) args.push_back(expr(*a));
  for (const auto& k : e.keywords) {
    args.push_back(expr(*k.value));
    kw.push_back(k.name);
  }
  return builtin("dyn.call_method", args, rt, e.span, kw);
}

ir::Value* Emitter::keyword_spread_call(const Expr& e, const ir::Type* rt) {
  const Type* callee = e.a->type;
  std::vector<ir::Value*> head;
  const char* how = "dyn.call_kw";
  ir::Value* made = nullptr;   // a class called: the new object, which __init__ sets up
  ir::Value* self = nullptr;   // super().m(...): self, first of the positional arguments
  if (callee && callee->kind == TypeKind::Method && callee->fn && e.a->kind == ExprKind::Attribute) {
    const Expr& base = *e.a->a;
    if (base.kind == ExprKind::Call && base.a->kind == ExprKind::Name && base.a->name == "super") {
      ir::Node* mk = add("prim::MakeClosure", {}, {ir::function_type()}, e.span);
      mk->fn = function(callee->fn);
      head = {mk->outputs[0]};
      self = env->lookup(ctx->info->params[0].name);
    } else {
      head = {expr(base), constant(IValue(e.a->name), ir::str_type(), e.span)};
      how = "dyn.call_method_kw";
    }
  } else if (callee && callee->kind == TypeKind::Any && e.a->kind == ExprKind::Attribute && e.a->a->type &&
             (e.a->a->type->kind == TypeKind::Any ||
              (e.a->a->type->kind == TypeKind::Class && ck.is_module_base(e.a->a->type->cls)))) {
    // obj.m(..., **d) on a value typed Any: the method found at run time.
    head = {expr(*e.a->a), constant(IValue(e.a->name), ir::str_type(), e.span)};
    how = "dyn.call_method_kw";
  } else if (callee && callee->kind == TypeKind::ClassObj) {
    made = new_object(callee->cls, e.span);
    head = {made, constant(IValue(std::string("__init__")), ir::str_type(), e.span)};
    how = "dyn.call_method_kw";
  } else {
    head = {expr(*e.a)};
  }
  ir::Value* pos = add("prim::ListConstruct", {}, {ir::list_type(ir::any_type())}, e.span)->outputs[0];
  if (self) builtin("list.append", {pos, self}, ir::none_type(), e.span);
  for (const auto& a : e.elts) {
    bool star = a->kind == ExprKind::Starred;
    builtin(star ? "list.extend" : "list.append", {pos, expr(star ? *a->a : *a)}, ir::none_type(), a->span);
  }
  head.push_back(pos);
  std::vector<std::string> names;
  for (const auto& k : e.keywords) {
    head.push_back(expr(*k.value));
    names.push_back(k.name.empty() ? "**" : k.name);
  }
  ir::Value* r = builtin(how, head, made ? ir::none_type() : rt, e.span, names);
  return made ? made : r;
}

ir::Value* Emitter::call(const Expr& e) {
  if (ctx->info && Checker::exception_super_init(e, ctx->info->owner)) {
    std::vector<std::pair<ir::Value*, bool>> xs;
    for (const auto& x : e.elts)
      xs.emplace_back(x->kind == ExprKind::Starred ? expr(*x->a) : expr(*x), x->kind == ExprKind::Starred);
    set_exception_args(env->lookup(ctx->info->params[0].name), xs, e.span);
    return constant(IValue(), ir::none_type(), e.span);
  }
  const Type* callee = e.a->type;
  const ir::Type* rt = to_ir(e.type);
  if (Checker::wraps_call(e)) return builtin("functools.wraps", {expr(*e.a->elts[0]), expr(*e.elts[0])}, rt, e.span);
  if (Checker::spreads_keywords(e)) return keyword_spread_call(e, rt);
  auto call_method = [&](ir::Value* self, const FunctionInfo& m, const std::string& mname) {
    std::vector<ir::Value*> args = bind_call(m, e, 1);
    args[0] = self;
    return method_call(args, rt, m, mname, e.span)->outputs[0];
  };
  switch (callee ? callee->kind : TypeKind::Any) {
    case TypeKind::TorchOp: return call_op(callee->name, e, nullptr);
    case TypeKind::Function: {
      if (!callee->fn) break;
      const FunctionInfo& f = *callee->fn;
      if (!toplevel_fns_.count(&f)) break;  // a lambda or nested def: call its closure value
      if (f.cache_size != -2) {
        // @lru_cache / @cache: the runtime looks the arguments up before calling.
        std::vector<ir::Value*> args = bind_call(f, e, 0);
        ir::Node* mk = add("prim::MakeClosure", {}, {ir::function_type()}, e.span);
        mk->fn = function(&f);
        args.insert(args.begin(), mk->outputs[0]);
        args.insert(args.begin(), constant(IValue(f.cache_size), ir::int_type(), e.span));
        return builtin("functools.cached_call", args, rt, e.span);
      }
      ir::Node* n = add("prim::CallFunction", bind_call(f, e, 0), {rt}, e.span);
      n->fn = function(&f);
      n->set_attr("fn", IValue(n->fn->qualname));
      return n->outputs[0];
    }
    case TypeKind::ClassObj: {
      ir::ClassType* c = class_type(callee->cls);
      ir::Value* obj = new_object(callee->cls, e.span);
      const FunctionInfo* init = callee->cls->find_method("__init__");
      std::vector<ir::Value*> args;
      if (init) {
        args = bind_call(*init, e, 1);
        args[0] = obj;
      }
      if (!c->exception_base.empty()) {
        // An exception's `args` are its constructor's positional arguments, set before
        // `__init__` (which may set them again through super().__init__), as in Python.
        std::vector<std::pair<ir::Value*, bool>> xs;
        if (!init) {
          for (const auto& x : e.elts) xs.emplace_back(expr(*x), false);
        } else {
          // The positional arguments bound to parameters, then those a `*args` gathered.
          size_t npos = e.elts.size();
          for (size_t k = 1; k < args.size() && k <= npos; ++k) {
            bool rest = init->params[k].vararg;
            xs.emplace_back(args[k], rest);
            if (rest) break;
          }
        }
        set_exception_args(obj, xs, e.span);
      }
      if (init) method_call(args, ir::none_type(), *init, "__init__", e.span);
      return obj;
    }
    case TypeKind::Class: {
      const FunctionInfo* m = callee->cls->find_method("__call__");
      if (m) return call_method(expr(*e.a), *m, "__call__");
      // Calling a module: its forward, with its hooks when it has any (Note [Module hooks] in
      // src/runtime/module_hooks.cpp). Module's placeholder forward: the value's own, bound at
      // run time.
      if (ck.forward_at_run_time(callee->cls)) {
        std::vector<ir::Value*> args = {expr(*e.a)};
        std::vector<std::string> kw;
        for (const auto& a : e.elts) args.push_back(expr(*a));
        for (const auto& k : e.keywords) {
          args.push_back(expr(*k.value));
          kw.push_back(k.name);
        }
        return builtin("dyn.call_module", args, rt, e.span, kw);
      }
      if (const FunctionInfo* f = ck.module_forward(callee->cls)) {
        ir::Value* self = expr(*e.a);
        std::vector<ir::Value*> args = bind_call(*f, e, 1);
        args[0] = self;
        ir::Node* n = method_call(args, rt, *f, "forward", e.span);
        int64_t given = 0;
        for (const auto& a : e.elts) given += a->kind == ExprKind::Starred ? 0 : 1;
        bool starred = given != int64_t(e.elts.size());
        n->set_attr("module_call", IValue(starred ? int64_t(args.size()) - 1 : given));
        if (!e.keywords.empty()) n->set_attr("keywords", IValue(true));
        return n->outputs[0];
      }
      break;
    }
    case TypeKind::Method: {
      // A bound method held in a variable (`g = a.f; g(1)`): a function value.
      if (e.a->kind != ExprKind::Attribute) break;
      const Expr& base = *e.a->a;
      if (callee->fn) {
        const FunctionInfo& m = *callee->fn;
        if (m.is_classmethod) {
          std::vector<ir::Value*> args = bind_call(m, e, 1);
          args[0] = class_value(ck.types.get(TypeKind::ClassObj, {}, m.owner), e.span);
          ir::Node* n = add("prim::CallFunction", args, {rt}, e.span);
          n->fn = function(&m);
          n->set_attr("fn", IValue(n->fn->qualname));
          return n->outputs[0];
        }
        if (m.is_static) {
          ir::Node* n = add("prim::CallFunction", bind_call(m, e, 0), {rt}, e.span);
          n->fn = function(&m);
          n->set_attr("fn", IValue(n->fn->qualname));
          return n->outputs[0];
        }
        // super().m(...): the base class's method, called directly on self.
        if (base.kind == ExprKind::Call && base.a->kind == ExprKind::Name && base.a->name == "super") {
          std::vector<ir::Value*> args = bind_call(m, e, 1);
          args[0] = env->lookup(ctx->info->params[0].name);
          ir::Node* n = add("prim::CallFunction", args, {rt}, e.span);
          n->fn = function(&m);
          n->set_attr("fn", IValue(n->fn->qualname));
          return n->outputs[0];
        }
        if (const std::string* attr = Checker::registered_attribute(e)) {
          // self.register_buffer("name", v): sets self.name = v, then runs the method.
          std::vector<ir::Value*> args = bind_call(m, e, 1);
          args[0] = expr(base);
          ir::Node* s = add("prim::SetAttr", {args[0], args[2]}, {}, e.span);
          s->set_attr("name", IValue(*attr));
          return method_call(args, rt, m, m.name, e.span)->outputs[0];
        }
        return call_method(expr(base), m, m.name);
      }
      ir::Value* self = expr(base);
      if (callee->name == "Tensor.register_hook") {
        // The runtime registers the hook and gives its id; the handle is a RemovableHandle.
        ir::Value* id = builtin(callee->name, {self, expr(*e.elts[0])}, ir::int_type(), e.span);
        const ClassInfo* handle = e.type->cls;
        ir::Value* obj = new_object(handle, e.span);
        method_call({obj, id}, ir::none_type(), *handle->find_method("__init__"), "__init__", e.span);
        return obj;
      }
      if (callee->args[0]->kind == TypeKind::Tensor && !Checker::builtin_tensor_method(callee->name))
        return call_op(callee->name, e, self);
      if (callee->name == "functools.cache_info" || callee->name == "functools.cache_clear")  // its maxsize too
        return builtin(callee->name, {constant(IValue(callee->args[0]->fn->cache_size), ir::int_type(), e.span), self}, rt, e.span);
      std::vector<ir::Value*> args = {self};
      std::vector<std::string> kw;
      for (const auto& a : e.elts) args.push_back(expr(*a));
      for (const auto& k : e.keywords) {
        args.push_back(expr(*k.value));
        kw.push_back(k.name);
      }
      return builtin(callee->name, args, rt, e.span, kw);
    }
    case TypeKind::TypeObj:
    case TypeKind::Builtin: {
      if (callee->kind == TypeKind::Builtin && callee->name == "autograd.apply") {
        // Fn.apply(...): the runtime runs forward(ctx, ...) and records a node whose backward
        // calls backward(ctx, grads...).
        const FunctionInfo& fwd = *callee->cls->find_method("forward");
        const FunctionInfo& bwd = *callee->cls->find_method("backward");
        std::vector<ir::Value*> args = bind_call(fwd, e, 1);
        args[0] = constant(IValue(callee->cls->name), ir::str_type(), e.span);
        for (const FunctionInfo* f : {&bwd, &fwd}) {
          ir::Node* mk = add("prim::MakeClosure", {}, {ir::function_type()}, e.span);
          mk->fn = function(f);
          args.insert(args.begin() + 1, mk->outputs[0]);
        }
        return builtin("autograd.apply", args, rt, e.span);
      }
      if (callee->kind == TypeKind::Builtin && callee->name == Checker::kNamedTupleClass) {
        // Point(1, y=2): the fields in order, in a tuple tagged with the type's name and fields.
        const Type* nt = callee->args[0];
        std::vector<ir::Value*> items(nt->fields.size(), nullptr);
        for (size_t i = 0; i < e.elts.size() && i < items.size(); ++i) items[i] = expr(*e.elts[i]);
        for (const auto& k : e.keywords)
          for (size_t i = 0; i < nt->fields.size(); ++i)
            if (nt->fields[i] == k.name) items[i] = expr(*k.value);
        std::vector<IValue> fields;
        for (const std::string& f : nt->fields) fields.emplace_back(f);
        ir::Node* t = add("prim::TupleConstruct", items, {to_ir(nt)}, e.span);
        t->set_attr("name", IValue(nt->name));
        t->set_attr("fields", IValue::list(fields));
        return t->outputs[0];
      }
      std::string n = callee->kind == TypeKind::Builtin ? callee->name : to_ir(callee->args[0])->str();
      if (callee->kind == TypeKind::TypeObj) {
        TypeKind k = callee->args[0]->kind;
        n = k == TypeKind::Int ? "int" : k == TypeKind::Float ? "float" : k == TypeKind::Bool ? "bool"
            : k == TypeKind::Str ? "str" : k == TypeKind::List ? "list" : k == TypeKind::Dict ? "dict" : n;
      }
      if (n == "isinstance") {
        ir::Value* v = expr(*e.elts[0]);
        const Expr& want = *e.elts[1];
        // A tuple of classes: true when any of them is.
        std::vector<const Expr*> each;
        if (want.kind == ExprKind::Tuple && !want.elts.empty()) {
          for (const auto& w : want.elts) each.push_back(w.get());
        } else {
          each.push_back(&want);
        }
        ir::Value* r = nullptr;
        for (const Expr* w : each) {
          ir::Node* node = add("prim::isinstance", {v}, {ir::bool_type()}, e.span);
          bool exc = w->type->kind == TypeKind::Builtin && ir::is_builtin_exception(w->type->name);
          // The IR spells dtype as int (as PyTorch's graphs do); isinstance tells them apart.
          std::string spelled = exc ? w->type->name : w->type->kind == TypeKind::DType ? "dtype" : to_ir(w->type)->str();
          node->set_attr("types", IValue(spelled));
          r = r ? add("aten::__or__", {r, node->outputs[0]}, {ir::bool_type()}, e.span)->outputs[0] : node->outputs[0];
        }
        return r;
      }
      if (n == "len" && e.elts.size() == 1) return add("aten::len", {expr(*e.elts[0])}, {ir::int_type()}, e.span)->outputs[0];
      if (n == "next" && !e.elts.empty() && ck.module_generator_call(*e.elts[0])) {
        // next(model.parameters()): the list the method returns stands for PyTorch's generator.
        std::vector<ir::Value*> args = {builtin("iter", {expr(*e.elts[0])}, ir::any_type(), e.span)};
        for (size_t i = 1; i < e.elts.size(); ++i) args.push_back(expr(*e.elts[i]));
        return builtin("next", args, rt, e.span);
      }
      if (n == "pow" && e.elts.size() == 2) return binary(BinOp::Pow, expr(*e.elts[0]), expr(*e.elts[1]), e);
      if (n == "issubclass" && e.elts.size() == 2)
        return constant(IValue(ck.static_subclass(*e.elts[0], *e.elts[1]).value_or(false)), ir::bool_type(), e.span);
      if ((n == "zip" || n == "itertools.product") && e.elts.size() == 1 && e.elts[0]->kind == ExprKind::Starred)
        return builtin("spread_rows", {constant(IValue(n), ir::str_type(), e.span), expr(*e.elts[0]->a)}, rt, e.span);
      if (n == "range") {
        std::vector<ir::Value*> a;
        for (const auto& x : e.elts) a.push_back(expr(*x));
        return builtin("range", a, ir::list_type(ir::int_type()), e.span);
      }
      std::vector<ir::Value*> args;
      std::vector<std::string> kw;
      for (const auto& a : e.elts) args.push_back(expr(*a));
      for (const auto& k : e.keywords) {
        args.push_back(expr(*k.value));
        kw.push_back(k.name);
      }
      return builtin(n, args, rt, e.span, kw);
    }
    default: break;
  }
  if (callee && callee->kind == TypeKind::Any && e.a->kind == ExprKind::Attribute && e.a->a->type &&
      (e.a->a->type->kind == TypeKind::Any ||
       (e.a->a->type->kind == TypeKind::Class && ck.is_module_base(e.a->a->type->cls)))) {
    // obj.m(...) on a value typed Any, or a method nn.Module does not declare on a value typed
    // nn.Module (Note [Module attributes at run time]): the method is found at run time.
    return dynamic_method_call(expr(*e.a->a), e.a->name, e, rt);
  }
  // A function value (lambda, closure, function passed as an argument): bound at run time,
  // keywords too (Interp::call_with_keywords).
  if (!e.keywords.empty()) return keyword_spread_call(e, rt);
  ir::Value* f = expr(*e.a);
  if (std::any_of(e.elts.begin(), e.elts.end(), [](const ExprPtr& a) { return a->kind == ExprKind::Starred; })) {
    // f(a, *xs): the arguments gathered into one list, spread by the runtime.
    const ir::Type* lt = ir::list_type(ir::any_type());
    ir::Value* all = add("prim::ListConstruct", {}, {lt}, e.span)->outputs[0];
    for (const auto& a : e.elts) {
      if (a->kind == ExprKind::Starred) builtin("list.extend", {all, expr(*a->a)}, ir::none_type(), a->span);
      else builtin("list.append", {all, expr(*a)}, ir::none_type(), a->span);
    }
    return builtin("dyn.call_spread", {f, all}, rt, e.span);
  }
  std::vector<ir::Value*> args = {f};
  for (const auto& a : e.elts) args.push_back(expr(*a));
  return add("prim::CallValue", args, {rt}, e.span)->outputs[0];
}

}  // namespace ts::frontend
