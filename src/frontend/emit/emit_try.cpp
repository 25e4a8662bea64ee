// Exceptions and context managers: try/except/else/finally as prim::Try nodes, and with.
#include <climits>

#include "frontend/emit/emitter.h"
#include "ir/exceptions.h"

namespace ts::frontend {

// A prim::Try node: block 0 is the body, block k > 0 the handler for the exception classes in
// attribute `handlers`[k-1] (empty: any), with the exception as its one input. Outputs join like
// an If's. `finally` runs after the node and, for an exception no handler takes, in a
// catch-all handler of an enclosing Try that re-raises.
void Emitter::try_node(const std::function<void()>& body, const std::vector<Handler>& handlers, const Span& at) {
  ir::Node* n = add("prim::Try", {}, {}, at);
  Env* parent = env;
  std::vector<Env> envs(handlers.size() + 1);
  std::vector<IValue> types;
  for (size_t k = 0; k < envs.size(); ++k) {
    envs[k].parent = parent;
    envs[k].block = n->add_block();
    env = &envs[k];
    if (k == 0) {
      body();
    } else {
      std::vector<IValue> names;
      for (const auto& t : handlers[k - 1].types) names.emplace_back(t);
      types.push_back(IValue::list(names));
      ir::Value* exc = envs[k].block->add_input(ir::any_type(), handlers[k - 1].name);
      handled_.push_back(exc);
      handlers[k - 1].fn(exc);
      handled_.pop_back();
    }
  }
  env = parent;
  n->set_attr("handlers", IValue::list(types));
  std::set<std::string> names;
  for (const Env& e : envs)
    for (const auto& [k, v] : e.vars) names.insert(k);
  for (const auto& name : names) {
    std::vector<ir::Value*> vals;
    const ir::Type* t = nullptr;
    for (Env& e : envs) {
      ir::Value* v = e.raised ? nullptr : e.lookup(name);
      if (v && !v->node->is("prim::Uninitialized")) t = t ? ir::unify(t, v->type) : v->type;
      vals.push_back(v);
    }
    bool any = false;
    for (ir::Value* v : vals) any |= v != nullptr;
    if (!any) continue;
    if (!t) t = ir::any_type();
    for (size_t k = 0; k < envs.size(); ++k) {
      if (!vals[k]) {
        Env* saved = env;
        env = &envs[k];
        vals[k] = uninitialized(t);
        env = saved;
      }
      envs[k].block->add_output(vals[k]);
    }
    ir::Value* out = n->add_output(t);
    if (name[0] != '$') out->set_name(name);
    parent->vars[name] = out;
  }
  bool all_raised = true, all_done = true;
  for (const Env& e : envs) {
    all_raised &= e.raised;
    all_done &= e.raised || e.exited;
  }
  if (all_raised) parent->raised = true;
  else if (all_done) parent->exited = true;
}

void Emitter::emit_try(const Stmt& s) {
  auto inner = [&] {
    std::vector<Handler> hs;
    for (const auto& h : s.handlers) {
      Handler hd;
      hd.name = h.name;
      if (h.type) {
        std::vector<const Expr*> ts;
        if (h.type->kind == ExprKind::Tuple) {
          for (const auto& x : h.type->elts) ts.push_back(x.get());
        } else {
          ts.push_back(h.type.get());
        }
        for (const Expr* x : ts) {
          if (x->type && x->type->kind == TypeKind::ClassObj) {  // a script's exception class
            hd.types.push_back(ir::exception_name(*class_type(x->type->cls)));
            continue;
          }
          if (x->kind != ExprKind::Name) unsupported(x->span, "an `except` clause names exception classes");
          hd.types.push_back(x->name);
        }
      }
      hd.fn = [this, &h](ir::Value* exc) {
        if (!h.name.empty()) {
          Expr target(ExprKind::Name, h.span);
          target.name = h.name;
          assign_to(target, exc);
        }
        stmts(h.body);
      };
      hs.push_back(std::move(hd));
    }
    // `else` runs when the body raised nothing; here it ends the body (an exception it raises
    // is then seen by the handlers, unlike Python: src/frontend/README.md, Note [try]).
    try_node([&] {
      stmts(s.body);
      if (!env->raised && !env->exited) stmts(s.orelse);
    }, hs, s.span);
  };
  if (s.finalbody.empty()) {
    inner();
    return;
  }
  Handler fin;
  fin.fn = [&](ir::Value* exc) {
    stmts(s.finalbody);
    if (!env->raised && !env->exited) {
      add("prim::RaiseException", {exc}, {}, s.span);
      env->raised = true;
    }
  };
  try_node(inner, {fin}, s.span);
  if (env->raised) return;
  // `finally` also runs when the body left by return, break or continue (their flags are set
  // and the statements after the `try` are skipped as usual).
  bool exited = env->exited;
  env->exited = false;
  stmts(s.finalbody);
  env->exited = env->exited || exited;
}

void Emitter::emit_with(const Stmt& s) {
  std::vector<ir::Value*> ctxs;
  for (const auto& item : s.items) {
    ir::Value* c = expr(*item.context);
    ir::Node* enter = add("prim::Enter", {c}, {ir::any_type()}, item.context->span);
    if (c->type->kind == ir::TypeKind::Class) enter->outputs[0]->type = c->type;
    ir::Value* entered = enter->outputs[0];
    if (c->type->kind == ir::TypeKind::Class) {
      const ir::Function* m = c->type->cls->method("__enter__");
      if (m) entered->type = m->ret;
    }
    if (item.target) assign_to(*item.target, entered);
    ctxs.push_back(c);
  }
  // An exception leaving the body still exits the contexts (grad mode is restored).
  Handler exit_all;
  exit_all.fn = [&](ir::Value* exc) {
    for (auto it = ctxs.rbegin(); it != ctxs.rend(); ++it) add("prim::Exit", {*it}, {}, s.span);
    add("prim::RaiseException", {exc}, {}, s.span);
    env->raised = true;
  };
  try_node([&] { stmts(s.body); }, {exit_all}, s.span);
  if (env->raised) return;
  for (auto it = ctxs.rbegin(); it != ctxs.rend(); ++it) add("prim::Exit", {*it}, {}, s.span);
}

}  // namespace ts::frontend
