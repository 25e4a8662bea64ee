// Statements: assignment, control flow with joins, loops with carried values, exits as flags
// (try and with: emit_try.cpp).
#include <climits>

#include "frontend/emit/emitter.h"
#include "ir/exceptions.h"

namespace ts::frontend {

namespace {
bool stmt_has_return(const Stmt& s) {
  if (s.kind == StmtKind::Return) return true;
  if (s.kind == StmtKind::FunctionDef || s.kind == StmtKind::ClassDef) return false;
  bool r = has_return(s.body) || has_return(s.orelse) || has_return(s.finalbody);
  for (const auto& h : s.handlers) r |= has_return(h.body);
  return r;
}
bool stmt_has_break(const Stmt& s) {
  if (s.kind == StmtKind::Break || s.kind == StmtKind::Continue) return true;
  if (s.kind == StmtKind::For || s.kind == StmtKind::While || s.kind == StmtKind::FunctionDef ||
      s.kind == StmtKind::ClassDef)
    return false;
  bool r = has_break(s.body, true) || has_break(s.orelse, true) || has_break(s.finalbody, true);
  for (const auto& h : s.handlers) r |= has_break(h.body, true);
  return r;
}
}  // namespace

bool Emitter::may_exit(const Stmt& s) const {
  return (ctx->flags && stmt_has_return(s)) || (ctx->loop_depth > 0 && stmt_has_break(s));
}

// ---- joins ----

void Emitter::set_flag(const std::string& n, bool v) { env->vars[n] = constant(IValue(v), ir::bool_type()); }

void Emitter::branch(ir::Value* cond, const std::function<void()>& then_fn, const std::function<void()>& else_fn,
                     const Span& at) {
  ir::Node* n = add("prim::If", {cond}, {}, at);
  Env* parent = env;
  Env te, ee;
  te.parent = ee.parent = parent;
  te.block = n->add_block();
  ee.block = n->add_block();
  env = &te;
  then_fn();
  env = &ee;
  else_fn();
  env = parent;
  std::set<std::string> names;
  for (const auto& [k, v] : te.vars) names.insert(k);
  for (const auto& [k, v] : ee.vars) names.insert(k);
  for (const auto& name : names) {
    ir::Value* tv = te.raised ? nullptr : te.lookup(name);
    ir::Value* ev = ee.raised ? nullptr : ee.lookup(name);
    if (!tv && !ev) continue;
    const ir::Type* t = tv && ev ? ir::unify(tv->type, ev->type) : (tv ? tv : ev)->type;
    // A side that never assigned the name (its value is a placeholder) takes the other side's
    // type, with a placeholder of that type.
    if (tv && ev && tv->node->is("prim::Uninitialized")) {
      t = ev->type;
      tv = nullptr;
    } else if (tv && ev && ev->node->is("prim::Uninitialized")) {
      t = tv->type;
      ev = nullptr;
    }
    auto fill = [&](Env& side, ir::Value*& v) {
      if (v) return;
      Env* saved = env;
      env = &side;
      v = uninitialized(t);
      env = saved;
    };
    fill(te, tv);
    fill(ee, ev);
    te.block->add_output(tv);
    ee.block->add_output(ev);
    ir::Value* out = n->add_output(t);
    if (name[0] != '$') out->set_name(name);
    parent->vars[name] = out;
  }
  bool t_done = te.raised || te.exited, e_done = ee.raised || ee.exited;
  if (te.raised && ee.raised) parent->raised = true;
  else if (t_done && e_done) parent->exited = true;
}

ir::Value* Emitter::select(ir::Value* cond, const std::function<ir::Value*()>& then_fn,
                           const std::function<ir::Value*()>& else_fn, const Span& at) {
  branch(cond, [&] { env->vars["$v"] = then_fn(); }, [&] { env->vars["$v"] = else_fn(); }, at);
  ir::Value* v = env->vars["$v"];
  env->vars.erase("$v");
  return v;
}

// ---- statements ----

void Emitter::stmts(const Block& b, size_t from) {
  for (size_t i = from; i < b.size(); ++i) {
    if (env->raised || env->exited) return;
    stmt(*b[i]);
    if (i + 1 < b.size() && !env->raised && !env->exited && may_exit(*b[i])) {
      ir::Value* flag = env->lookup(ctx->loop_depth ? "$exit" : "$returned");
      if (!flag) continue;
      branch(flag, [] {}, [&] { stmts(b, i + 1); }, b[i + 1]->span);
      return;
    }
  }
}

void Emitter::emit_return(ir::Value* v, const Span& at) {
  if (!ctx->flags) {
    ctx->fn->graph->block()->add_output(v);
    env->exited = true;
    return;
  }
  env->vars["$ret"] = v;
  set_flag("$returned", true);
  if (ctx->loop_depth) {
    set_flag("$exit", true);
    set_flag("$stop", true);
  }
  env->exited = true;
}

void Emitter::emit_if(const Expr& test, const Block& body, const Block& orelse, const Span& at) {
  ir::Value* c = to_bool(expr(test), test.span);
  branch(c, [&] { stmts(body); }, [&] { stmts(orelse); }, at);
}

void Emitter::loop(const Iteration& it, const std::function<void(ir::Value*)>& body_fn, const Span& at,
                   const std::set<std::string>& names, ir::Value* while_cond,
                   const std::function<ir::Value*()>& recheck, bool exits) {
  ir::Value* max = it.trips ? it.trips : constant(IValue(int64_t(INT64_MAX)), ir::int_type());
  ir::Value* c0 = while_cond ? while_cond : it.advance ? it.advance() : constant(IValue(true), ir::bool_type());
  std::vector<std::string> carried;
  std::vector<ir::Value*> inits;
  std::vector<bool> fresh;
  for (const auto& n : names) {
    if (n[0] != '$' && !is_local(n)) continue;
    ir::Value* v = env->lookup(n);
    fresh.push_back(!v);
    if (!v) v = uninitialized(ir::any_type());
    carried.push_back(n);
    inits.push_back(v);
  }
  std::vector<ir::Value*> ins = {max, c0};
  std::vector<const ir::Type*> outs;
  for (ir::Value* v : inits) {
    ins.push_back(v);
    outs.push_back(v->type);
  }
  ir::Node* node = add("prim::Loop", ins, outs, at);
  ir::Block* b = node->add_block();
  ir::Value* i = b->add_input(ir::int_type(), "i");
  Env be;
  be.parent = env;
  be.block = b;
  for (size_t k = 0; k < carried.size(); ++k) {
    ir::Value* v = b->add_input(inits[k]->type, carried[k][0] == '$' ? "" : carried[k]);
    be.vars[carried[k]] = v;
  }
  Env* parent = env;
  env = &be;
  ++ctx->loop_depth;
  if (exits) {
    set_flag("$exit", false);
    set_flag("$stop", false);
  }
  body_fn(it.elem ? it.elem(i) : nullptr);
  ir::Value* next;
  if (be.raised) {
    next = constant(IValue(false), ir::bool_type());
  } else if (recheck || it.advance) {
    const auto& again = recheck ? recheck : it.advance;
    if (exits) {
      ir::Value* stop = env->lookup("$stop");
      next = select(stop, [&] { return constant(IValue(false), ir::bool_type()); }, [&] { return again(); }, at);
    } else {
      next = again();
    }
  } else if (exits) {
    next = add("aten::__not__", {env->lookup("$stop")}, {ir::bool_type()}, at)->outputs[0];
  } else {
    next = constant(IValue(true), ir::bool_type());
  }
  --ctx->loop_depth;
  b->add_output(next);
  for (size_t k = 0; k < carried.size(); ++k) {
    ir::Value* v = be.raised ? nullptr : be.lookup(carried[k]);
    if (!v) v = uninitialized(inits[k]->type);
    b->add_output(v);
  }
  env = parent;
  for (size_t k = 0; k < carried.size(); ++k) {
    ir::Value* body_out = b->outputs()[k + 1];
    const ir::Type* t = fresh[k] ? body_out->type : ir::unify(inits[k]->type, body_out->type);
    if (body_out->node->is("prim::Uninitialized")) t = inits[k]->type;
    if (fresh[k]) inits[k]->type = t;
    b->inputs()[k + 1]->type = t;
    node->outputs[k]->type = t;
    if (carried[k][0] != '$') node->outputs[k]->set_name(carried[k]);
    env->vars[carried[k]] = node->outputs[k];
  }
}

// What a loop carries: the variables its body (and a for's target) assigns, the return flags
// when it can return, and the stop flag when it has an `else` (which runs when no break stopped
// the loop). Sets `ret` (may return) and `exits` (may break, continue or return).
std::set<std::string> Emitter::loop_names(const Stmt& s, bool* ret, bool* exits) {
  std::set<std::string> names;
  assigned_names(s.body, names);
  if (s.kind == StmtKind::For) target_names(*s.targets[0], names);
  *ret = ctx->flags && has_return(s.body);
  if (*ret) {
    names.insert("$returned");
    names.insert("$ret");
  }
  *exits = *ret || has_break(s.body, true);
  if (!s.orelse.empty()) {
    set_flag("$stop", false);
    names.insert("$stop");
  }
  return names;
}

void Emitter::emit_for(const Stmt& s) {
  bool ret, exits;
  std::set<std::string> names = loop_names(s, &ret, &exits);
  Iteration it = iteration(*s.value);
  loop(it, [&](ir::Value* el) {
    assign_to(*s.targets[0], el);
    stmts(s.body);
  }, s.span, names, nullptr, nullptr, exits);
  loop_else(s, ret);
}

void Emitter::loop_else(const Stmt& s, bool ret) {
  ir::Value* stopped = s.orelse.empty() ? nullptr : env->lookup("$stop");
  if (ret && ctx->loop_depth) {
    env->vars["$exit"] = env->lookup("$returned");
    env->vars["$stop"] = env->lookup("$returned");
  } else if (stopped) {
    env->vars.erase("$stop");
  }
  if (stopped) branch(stopped, [] {}, [&] { stmts(s.orelse); }, s.orelse[0]->span);
}

void Emitter::emit_while(const Stmt& s) {
  bool ret, exits;
  std::set<std::string> names = loop_names(s, &ret, &exits);
  ir::Value* c0 = to_bool(expr(*s.test), s.test->span);
  loop(Iteration{}, [&](ir::Value*) { stmts(s.body); }, s.span, names, c0,
       [&] { return to_bool(expr(*s.test), s.test->span); }, exits);
  loop_else(s, ret);
}

void Emitter::stmt(const Stmt& s) {
  switch (s.kind) {
    case StmtKind::Expr:
      if (s.value->kind == ExprKind::Str || s.value->kind == ExprKind::Ellipsis) return;  // docstrings
      expr(*s.value);
      return;
    case StmtKind::Assign: {
      ir::Value* v = expr(*s.value);
      for (const auto& t : s.targets) assign_to(*t, v);
      return;
    }
    case StmtKind::AnnAssign:
      if (s.value) assign_to(*s.targets[0], expr(*s.value));
      return;
    case StmtKind::AugAssign: {
      const Expr& t = *s.targets[0];
      ir::Value* cur = expr(t);
      ir::Value* rhs = expr(*s.value);
      ir::Value* r;
      if (cur->type->kind == ir::TypeKind::Tensor) {
        static const char* names[] = {"add_", "sub_", "mul_", "matmul", "div_", "floor_divide_", "remainder_",
                                      "pow_", "bitwise_left_shift_", "bitwise_right_shift_", "bitwise_or_",
                                      "bitwise_xor_", "bitwise_and_"};
        // `a @= b` has no in-place form: Python falls back to `a = a @ b` (names[] holds "matmul").
        r = op(names[int(s.bop)], {cur, rhs}, s.span);
      } else if (cur->type->kind == ir::TypeKind::List && s.bop == BinOp::Add) {
        builtin("list.extend", {cur, rhs}, ir::none_type(), s.span);  // in place, as Python's +=
        r = cur;
      } else {
        r = binary(s.bop, cur, rhs, t);
      }
      assign_to(t, r);
      return;
    }
    case StmtKind::If: emit_if(*s.test, s.body, s.orelse, s.span); return;
    case StmtKind::While: emit_while(s); return;
    case StmtKind::For: emit_for(s); return;
    case StmtKind::Break:
      set_flag("$exit", true);
      set_flag("$stop", true);
      env->exited = true;
      return;
    case StmtKind::Continue:
      set_flag("$exit", true);
      env->exited = true;
      return;
    case StmtKind::Pass: return;
    case StmtKind::Return: emit_return(s.value ? expr(*s.value) : none(s.span), s.span); return;
    case StmtKind::FunctionDef: {
      auto it = fn_by_decl_.find(&s);
      if (!ctx->info) {
        // Module level: a top-level def is compiled on its own and called directly; one inside an
        // `if` or a loop binds its global name when the statement runs, as in Python.
        if (it != fn_by_decl_.end() && !toplevel_fns_.count(it->second)) {
          Expr target(ExprKind::Name, s.name_span);
          target.name = s.name;
          assign_to(target, closure(*it->second, s.span));
        } else if (it != fn_by_decl_.end() && it->second->rebound) {
          // A def whose name is rebound later (`f = deco(f)`): the name holds the function value.
          Expr target(ExprKind::Name, s.name_span);
          target.name = s.name;
          ir::Node* mk = add("prim::MakeClosure", {}, {ir::function_type()}, s.span);
          mk->fn = function(it->second);
          assign_to(target, mk->outputs[0]);
        }
        return;
      }
      if (it == fn_by_decl_.end()) unsupported(s.span, "nested function was not checked");
      env->vars[s.name] = closure(*it->second, s.span);
      return;
    }
    case StmtKind::ClassDef:
      if (ctx->info) unsupported(s.span, "classes defined inside functions are not supported");
      if (auto it = cls_by_decl_.find(&s); it != cls_by_decl_.end()) emit_class_body(*it->second);
      return;
    case StmtKind::With: emit_with(s); return;
    case StmtKind::Raise: {
      if (!s.value && handled_.empty()) unsupported(s.span, "a bare `raise` is only valid inside an `except` block");
      ir::Value* exc;
      if (!s.value) exc = handled_.back();
      else if (s.value->type && s.value->type->kind == TypeKind::Builtin)  // `raise StopIteration`
        exc = builtin(s.value->type->name, {}, ir::any_type(), s.span);
      else if (s.value->type && s.value->type->kind == TypeKind::ClassObj) {  // `raise MyError`: MyError()
        const ClassInfo* k = s.value->type->cls;
        exc = new_object(k, s.span);
        set_exception_args(exc, {}, s.span);
        if (const FunctionInfo* init = k->find_method("__init__")) {
          Expr none(ExprKind::Call, s.value->span);
          std::vector<ir::Value*> args = bind_call(*init, none, 1);
          args[0] = exc;
          method_call(args, ir::none_type(), *init, "__init__", s.span);
        }
      } else exc = expr(*s.value);
      if (s.annotation)  // raise X from Y: Y is X's __cause__
        builtin("exception.set_cause", {exc, expr(*s.annotation)}, ir::none_type(), s.span);
      add("prim::RaiseException", {exc}, {}, s.span);
      env->raised = true;
      return;
    }
    case StmtKind::Assert: {
      ir::Value* c = to_bool(expr(*s.test), s.test->span);
      branch(c, [] {}, [&] {
        ir::Value* msg = s.value ? expr(*s.value) : constant(IValue(""), ir::str_type(), s.span);
        ir::Value* exc = builtin("AssertionError", {msg}, ir::any_type(), s.span);
        add("prim::RaiseException", {exc}, {}, s.span);
        env->raised = true;
      }, s.span);
      return;
    }
    case StmtKind::Del:
      for (const auto& t : s.targets) {
        if (t->kind == ExprKind::Subscript && t->a->type && is_environ(t->a->type)) {
          builtin("os.environ.__delitem__", {expr(*t->elts[0])}, ir::none_type(), t->span);
        } else if (t->kind == ExprKind::Subscript) {
          builtin("__delitem__", {expr(*t->a), expr(*t->elts[0])}, ir::none_type(), t->span);
        } else if (t->kind == ExprKind::Name) {
          if (is_local(t->name)) env->vars[t->name] = uninitialized(ir::any_type());
        } else {
          unsupported(t->span, "this `del` target is not supported");
        }
      }
      return;
    case StmtKind::Global:
    case StmtKind::Nonlocal:
      return;
    case StmtKind::Import:
    case StmtKind::ImportFrom: {
      // Imported modules, functions and classes are resolved statically; imported variables
      // are copied into this module's globals, as Python binds them.
      if (s.kind == StmtKind::Import) return;
      for (const auto& a : s.aliases) {
        if (a.name == "*") continue;
        std::string local = a.asname.empty() ? a.name : a.asname;
        const ModuleInfo* src = nullptr;
        for (const auto& [mi, lm] : loaded_) {
          if (mi->name == s.name || lm->info.name == s.name) src = mi;
        }
        if (!src) continue;
        auto it = src->members.find(a.name);
        if (it == src->members.end()) continue;
        TypeKind k = it->second.type->kind;
        if (k == TypeKind::Function || k == TypeKind::ClassObj || k == TypeKind::Module) continue;
        ir::ModuleUnit* from = module_unit(src);
        if (!from) continue;
        ir::Node* get = add("prim::GetGlobal", {}, {to_ir(it->second.type)}, a.span);
        get->set_attr("module", IValue(from->name));
        get->set_attr("name", IValue(a.name));
        from->slot(a.name);
        Expr target(ExprKind::Name, a.span);
        target.name = local;
        assign_to(target, get->outputs[0]);
      }
      return;
    }
    case StmtKind::Try: emit_try(s); return;
  }
}

void Emitter::assign_to(const Expr& t, ir::Value* v) {
  switch (t.kind) {
    case ExprKind::Name: {
      if (is_local(t.name)) {
        // The checker marks a T bound to an Optional[T] local (Note [Optional locals hold
        // Optional values], check_module.cpp): the variable holds it as the Optional.
        if (t.type && t.type->kind == TypeKind::Optional) {
          const ir::Type* want = to_ir(t.type);
          if (v->type != want && v->type->kind != ir::TypeKind::Optional)
            v = add("prim::unchecked_cast", {v}, {want}, t.span)->outputs[0];
        }
        if (v->name.empty() && !v->node->is("prim::Param")) v->set_name(t.name);
        env->vars[t.name] = v;
        return;
      }
      ir::Node* n = add("prim::SetGlobal", {v}, {}, t.span);
      n->set_attr("module", IValue(ctx->mod->name));
      n->set_attr("name", IValue(t.name));
      ctx->mod->slot(t.name);
      return;
    }
    case ExprKind::Tuple:
    case ExprKind::List: {
      size_t n = t.elts.size();
      size_t star = n;
      for (size_t i = 0; i < n; ++i)
        if (t.elts[i]->kind == ExprKind::Starred) star = i;
      if (star < n) {
        // The checker typed the starred target (a list); unpack the rest around it.
        const ir::Type* lt = to_ir(t.elts[star]->a->type ? t.elts[star]->a->type : t.elts[star]->type);
        std::vector<ir::Value*> parts;
        if (v->type->kind == ir::TypeKind::Tuple) {
          ir::Node* u = add("prim::TupleUnpack", {v}, v->type->args, t.span);
          const size_t k = u->outputs.size(), after = n - star - 1;
          for (size_t i = 0; i < star; ++i) parts.push_back(u->outputs[i]);
          std::vector<ir::Value*> mid(u->outputs.begin() + long(star), u->outputs.begin() + long(k - after));
          parts.push_back(add("prim::ListConstruct", mid, {lt}, t.span)->outputs[0]);
          for (size_t i = k - after; i < k; ++i) parts.push_back(u->outputs[i]);
        } else {
          // A list (or other iterable) of run-time length: one builtin checks the length and
          // returns (prefix..., middle list, suffix...).
          const ir::Type* el = v->type->kind == ir::TypeKind::List ? v->type->args[0] : ir::any_type();
          std::vector<const ir::Type*> types(n, el);
          types[star] = lt;
          auto cint = [&](int64_t k) { return constant(IValue(k), ir::int_type(), t.span); };
          ir::Value* r = builtin("unpack_starred", {v, cint(int64_t(star)), cint(int64_t(n - star - 1))},
                                 ir::tuple_type(types), t.span);
          ir::Node* u = add("prim::TupleUnpack", {r}, types, t.span);
          parts.assign(u->outputs.begin(), u->outputs.end());
        }
        for (size_t i = 0; i < n; ++i) assign_to(i == star ? *t.elts[i]->a : *t.elts[i], parts[i]);
        return;
      }
      std::vector<const ir::Type*> types;
      const char* kind = "prim::ListUnpack";
      if (v->type->kind == ir::TypeKind::Tuple) {
        kind = "prim::TupleUnpack";
        types = v->type->args;
        if (types.size() != n) unsupported(t.span, "cannot unpack a tuple of " + std::to_string(types.size()) + " into " + std::to_string(n));
      } else {
        const ir::Type* el = v->type->kind == ir::TypeKind::List ? v->type->args[0]
                             : v->type->kind == ir::TypeKind::Tensor ? ir::tensor_type() : ir::any_type();
        types.assign(n, el);
      }
      ir::Node* u = add(kind, {v}, types, t.span);
      for (size_t i = 0; i < n; ++i) assign_to(*t.elts[i], u->outputs[i]);
      return;
    }
    case ExprKind::Attribute: {
      if (const Type* bt = t.a->type; bt && bt->kind == TypeKind::ClassObj) {
        const ClassInfo* owner = class_attr_owner(bt->cls, t.name);
        if (!owner) unsupported(t.span, "`" + bt->cls->name + "." + t.name + "` is not a class attribute");
        class_attr_set(owner, t.name, v, t.span);
        return;
      }
      ir::Value* obj = expr(*t.a);
      if (obj->type->kind == ir::TypeKind::Tensor) {
        builtin("Tensor.set_" + t.name, {obj, v}, ir::none_type(), t.span);
        return;
      }
      if (obj->type->kind == ir::TypeKind::Any) {
        builtin("setattr", {obj, constant(IValue(t.name), ir::str_type(), t.span), v}, ir::none_type(), t.span);
        return;
      }
      if (obj->type->kind != ir::TypeKind::Class) unsupported(t.span, "cannot assign to this attribute");
      if (const ir::ClassType* c = obj->type->cls; c->slot(t.name) >= c->attrs.size() && c->method("__setattr__")) {
        // An attribute the class does not declare goes to its __setattr__ (argparse's Namespace).
        ir::Node* n = add("prim::CallMethod", {obj, constant(IValue(t.name), ir::str_type(), t.span), v}, {ir::none_type()}, t.span);
        n->set_attr("name", IValue("__setattr__"));
        return;
      }
      ir::Node* n = add("prim::SetAttr", {obj, v}, {}, t.span);
      n->set_attr("name", IValue(t.name));
      return;
    }
    case ExprKind::Subscript: store_subscript(t, v); return;
    default: unsupported(t.span, "cannot assign to this expression");
  }
}

}  // namespace ts::frontend
