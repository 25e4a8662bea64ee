// Functions and statements (declarations: check_decl.cpp).
#include <optional>

#include "frontend/check/checker.h"
#include "frontend/stdlib.h"
#include "ir/exceptions.h"
#include "ops/registry.h"

namespace ts::frontend {

namespace {

struct DepthScope {
  int& d;
  explicit DepthScope(int& depth) : d(depth) { ++d; }
  ~DepthScope() { --d; }
};

}  // namespace

bool Checker::falls_through(const Block& b) {
  for (const auto& s : b) {
    switch (s->kind) {
      case StmtKind::Return:
      case StmtKind::Raise:
      case StmtKind::Break:
      case StmtKind::Continue:
        return false;
      case StmtKind::If:
        if (!s->orelse.empty() && !falls_through(s->body) && !falls_through(s->orelse)) return false;
        break;
      case StmtKind::Try: {
        if (!s->finalbody.empty() && !falls_through(s->finalbody)) return false;
        bool through = falls_through(s->body) && falls_through(s->orelse);
        for (const auto& h : s->handlers) through |= falls_through(h.body);
        if (!through) return false;
        break;
      }
      case StmtKind::With:
        if (!falls_through(s->body)) return false;
        break;
      default:
        break;
    }
  }
  return true;
}

// The declared type of an assignment target that is already known without checking anything
// (a variable, self.attr, or an item of either), so that literals take it as their expected type.
const Type* Checker::known_target_type(const Expr& t) {
  if (t.kind == ExprKind::Name) {
    auto it = frame_->vars->find(t.name);
    if (it != frame_->vars->end()) return it->second.type;
    if (frame_->preset) {
      auto p = frame_->preset->find(t.name);
      if (p != frame_->preset->end()) return p->second;
    }
    return nullptr;
  }
  if (t.kind == ExprKind::Attribute && t.a->kind == ExprKind::Name && t.a->name == "self" && frame_->cls) {
    const Field* f = frame_->cls->find_field(t.name);
    return f ? f->type : nullptr;
  }
  if (t.kind == ExprKind::Subscript && t.elts.size() == 1) {
    const Type* base = known_target_type(*t.a);
    if (base && base->kind == TypeKind::Dict) return base->args[1];
    if (base && base->kind == TypeKind::List && t.elts[0]->kind != ExprKind::Slice) return base->args[0];
  }
  return nullptr;
}

// Note [Refining locals]
// Python lets `total = 0` become a float by `total += loss.item()`, and `xs = []` is typed by
// what is appended to it. A local bound by an unannotated assignment is `inferred`; when a
// later use needs a wider type (int -> float) or gives an empty container its element types
// (`xs.append(v)`, `xs.extend(ys)`, `xs += ys`, `d[k] = v`), refine_local records that type and
// the pass goes on with it. After the pass, the function is checked again with the refined
// types given to those locals at their first binding (`xs = []` is then an empty List[int]),
// and the first pass's diagnostics are withdrawn. Values keep their run-time types until the
// next assignment, as in Python: `x = 0; print(x)` prints 0 even when x later becomes float.
void Checker::check_function(FunctionInfo& f, const std::map<std::string, Symbol>* outer) {
  if (f.state != 0) return;
  f.state = 1;
  if (!outer && f.captured) outer = f.captured.get();
  // A parameter no call has typed yet is dynamic (Note [Parameter types from calls] in
  // check_builtins.cpp).
  for (auto& p : f.params) {
    if (p.from_call && !p.bound && !p.has_default) p.type = types.any();
    if (p.from_call && !p.bound && p.type->kind == TypeKind::None) p.type = types.optional(types.tensor());
    p.bound = true;
  }
  check_cache_decorators(f);
  std::map<std::string, const Type*> preset;
  for (int pass = 0;; ++pass) {
    FrameCtx ctx;
    std::vector<size_t> errors;
    // A def nested in this function reports into this function's pass.
    ctx.errors = outer && frame_ && frame_->errors ? frame_->errors : &errors;
    ctx.preset = &preset;
    check_function_pass(f, outer, ctx);
    f.body_diagnostics = errors;
    if (ctx.refined.empty() || pass == 3 || ctx.errors != &errors) break;
    bool changed = false;
    for (auto& [n, t] : ctx.refined) {
      if (preset[n] != t) changed = true;
      preset[n] = t;
    }
    if (!changed) break;
    for (size_t i : errors) diags_.discard(i);
  }
  f.state = 2;
}

void Checker::check_function_pass(FunctionInfo& f, const std::map<std::string, Symbol>* outer, FrameCtx& ctx) {
  DepthScope guard(depth_);
  // The body is checked in its own module, whichever module's call asked for it.
  auto* saved_globals = globals_;
  LoadedModule* saved_module = current_module_;
  if (f.globals) globals_ = f.globals;
  if (f.module) current_module_ = f.module;
  scopes_.emplace_back();
  auto& vars = scopes_.back();
  if (outer) vars = *outer;
  ctx.fn = &f;
  ctx.cls = f.owner;
  ctx.vars = &vars;
  // Defaults are read in the scope the def is in (its enclosing function's, or its module's),
  // whichever frame asked for the check (the end of the script has none).
  std::map<std::string, Symbol> enclosing = outer ? *outer : std::map<std::string, Symbol>{};
  FrameCtx defaults_frame;
  defaults_frame.vars = outer ? &enclosing : globals_;
  defaults_frame.errors = ctx.errors;
  FrameCtx* caller_frame = frame_;
  frame_ = &defaults_frame;
  for (size_t i = 0; i < f.params.size(); ++i) {
    const Param& p = f.decl->params[i];
    if (p.default_value) {
      const Type* dt = expr(*p.default_value, f.params[i].type);
      if (!assignable(dt, f.params[i].type)) {
        error(p.default_value->span, "default value of type " + dt->str() + " does not match parameter `" +
                                         p.name + "` of type " + f.params[i].type->str());
      }
    }
  }
  frame_ = caller_frame;
  for (const auto& p : f.params) vars[p.name] = Symbol{p.type, p.span};
  FrameCtx* saved = frame_;
  auto saved_narrow = std::move(narrowed_);
  narrowed_.clear();
  frame_ = &ctx;
  // Nested functions are declared in the function's own scope.
  std::map<std::string, Symbol> nested;
  declare_block(f.decl->body, nested, nullptr);
  for (auto& [n, sym] : nested) {
    if (sym.type->kind == TypeKind::Function) resolve_signature(*const_cast<FunctionInfo*>(sym.type->fn));
    vars[n] = sym;
  }
  block(f.decl->body);
  for (FunctionInfo* g : ctx.nested_waiting) check_function(*g);
  if (!f.ret_declared) {
    const Type* r = nullptr;
    for (const Type* t : ctx.returns) {
      const Type* j = r ? join(r, t) : t;
      if (!j) {
        error(ctx.first_return, "`" + f.name + "` returns both " + r->str() + " and " + t->str())
            .hints.push_back("annotate the return type, e.g. `-> Optional[...]`");
        j = types.error();
      }
      r = j;
    }
    if (!r) r = types.none();
    if (falls_through(f.decl->body) && r->kind != TypeKind::None && !ctx.returns.empty()) {
      r = types.optional(r);
    }
    f.ret = r;
  } else if (f.ret->kind != TypeKind::None && f.ret->kind != TypeKind::Optional &&
             f.ret->kind != TypeKind::Any && f.ret->kind != TypeKind::Error &&
             falls_through(f.decl->body)) {
    bool stub = f.decl->body.size() == 1 && f.decl->body[0]->kind == StmtKind::Expr &&
                f.decl->body[0]->value->kind == ExprKind::Ellipsis;
    bool raises = !f.decl->body.empty() && f.decl->body.back()->kind == StmtKind::While;
    if (!stub && !raises) {
      error(f.decl->name_span, "`" + f.name + "` is declared to return " + f.ret->str() +
                                   " but can reach the end of its body without returning");
    }
  }
  frame_ = saved;
  globals_ = saved_globals;
  current_module_ = saved_module;
  narrowed_ = std::move(saved_narrow);
}

bool Checker::elements_unknown(const Expr& e) {
  if (e.kind != ExprKind::Name) return true;
  auto it = frame_->vars->find(e.name);
  return it == frame_->vars->end() || !it->second.literal_elements;
}

bool Checker::refine_local(const Expr& e, const Type* t) {
  // In a function, or in a module body (whose frame has a preset: check_module).
  if (e.kind != ExprKind::Name || !frame_ || !(frame_->fn || frame_->preset) || frame_->globals.count(e.name))
    return false;
  auto it = frame_->vars->find(e.name);
  if (it == frame_->vars->end() || !it->second.inferred) return false;
  it->second.type = t;
  frame_->refined[e.name] = t;
  return true;
}

// Note [Facts in loops]: a loop's test and body run again after the body, so what was proven of
// a variable before the loop (`c = node`: c is not None) holds there only if the body keeps it
// (`c = c.parent` does not). The loop is checked with the facts of its entry; when its body
// binds a narrowed name to a value outside that fact (or binds it by import, `with`, `except`),
// the fact is dropped and the loop checked again (facts only shrink, so this ends; a second
// check is rare). Diagnostics of the first check that the second repeats are merged.
void Checker::loop_checked(const Block& body, const std::function<void()>& check_once) {
  std::map<std::string, const Type*> entry = narrowed_;
  std::set<std::string> names;
  assigned_names(body, names);
  while (true) {
    narrowed_ = entry;
    LoopFacts facts;
    facts.entry = &entry;
    facts.outer = frame_->loop;
    frame_->loop = &facts;
    check_once();
    frame_->loop = facts.outer;
    bool again = false;
    for (const auto& n : names) {
      if (!entry.count(n) || (facts.assigned.count(n) && !facts.broken.count(n))) continue;
      narrowed_ = entry;
      unnarrow(n);
      entry = narrowed_;
      again = true;
    }
    if (!again) break;
  }
  narrowed_ = entry;
}

void Checker::block(const Block& b) {
  for (const auto& s : b) stmt(*s);
}

void Checker::stmt(const Stmt& s) {
  DepthScope guard(depth_);
  if (depth_ > kMaxCheckDepth) {
    error(s.span, "statement nested too deeply to check");
    return;
  }
  switch (s.kind) {
    case StmtKind::Expr:
      expr(*s.value);
      return;
    case StmtKind::Assign: {
      const Type* t = nullptr;
      const Type* expected = nullptr;
      if (s.targets.size() == 1) expected = known_target_type(*s.targets[0]);
      t = expr(*s.value, expected);
      for (const auto& target : s.targets) assign(*target, t, s.value->span, s.value.get());
      return;
    }
    case StmtKind::AnnAssign: {
      const Type* declared = annotation(*s.annotation);
      const Expr& target = *s.targets[0];
      if (s.value) {
        const Type* t = expr(*s.value, declared);
        if (!assignable(t, declared)) {
          error(s.value->span, "cannot assign " + t->str() + " to `" + (target.kind == ExprKind::Name ? target.name : std::string("target")) +
                                   "` declared as " + declared->str());
        } else if (t->kind == declared->kind && !t->name.empty() && t->name != "torch.Size" && declared->name.empty() &&
                   (t->kind == TypeKind::Dict || t->kind == TypeKind::List)) {
          // `d: Dict[str, List[int]] = defaultdict(list)`: the annotation's element types, the
          // value's class (Note [collections are named containers]).
          declared = types.like(t, declared->args);
        }
      }
      if (target.kind == ExprKind::Name) {
        auto it = frame_->vars->find(target.name);
        if (it != frame_->vars->end() && it->second.type != declared &&
            it->second.type->kind != TypeKind::Error) {
          error(target.span, "`" + target.name + "` was already given type " + it->second.type->str())
              .notes.push_back(Note{it->second.span, "`" + target.name + "` got its type here"});
        }
        (*frame_->vars)[target.name] = Symbol{declared, target.span};
        unnarrow(target.name);
        if (s.value) holds_optional(target, declared, s.value->type ? s.value->type : declared);
      } else {
        assign(target, declared, s.annotation->span, nullptr);
      }
      return;
    }
    case StmtKind::AugAssign: {
      const Expr& target = *s.targets[0];
      // `t op= v` is `t = t op v` with the result's type kept.
      const Type* lt = expr(target);
      const Type* rt = expr(*s.value);
      if (lt->kind == TypeKind::Error || rt->kind == TypeKind::Error) return;
      const Type* r = binary_result_of(s.bop, target, lt, *s.value, rt);
      if (!r) {
        error(s.span, std::string("unsupported operand types for ") + binop_str(s.bop) + "=: " +
                          lt->str() + " and " + rt->str());
        return;
      }
      // `total = 0; total += x.item()` makes total a float; `xs = []; xs += ys` types xs.
      if (lt->kind == TypeKind::Int && r->kind == TypeKind::Float && refine_local(target, r)) return;
      // A number known only at run time (`correct += (p == y).sum().item()`: int or float by
      // dtype) makes the variable dynamic, as Python's would hold either.
      if (is_numeric(lt) && r->kind == TypeKind::Any && refine_local(target, r)) return;
      if (lt->kind == TypeKind::List && lt->args[0]->kind == TypeKind::Any && rt->kind == TypeKind::List &&
          !dynamic(rt->args[0]) && elements_unknown(target) && refine_local(target, rt))
        return;
      // `self.total = 0; self.total += loss.item()` (Note [Refining attributes]).
      if (is_numeric(lt) && ((r->kind == TypeKind::Float && !assignable(r, lt)) || r->kind == TypeKind::Any) &&
          refine_attribute(target, r))
        return;
      if (!assignable(r, lt)) {
        auto& d = error(s.span, std::string("`") + binop_str(s.bop) + "=` would change the type of the target from " +
                                    lt->str() + " to " + r->str());
        if (target.kind == ExprKind::Name && lt->kind == TypeKind::Int && r->kind == TypeKind::Float) {
          d.hints.push_back("declare it as a float: `" + target.name + ": float = ...`");
        }
      }
      return;
    }
    case StmtKind::If: {
      expr(*s.test);
      Facts t, f;
      conditions(*s.test, &t, &f);
      auto saved = narrowed_;
      apply(t);
      block(s.body);
      auto after_body = narrowed_;
      narrowed_ = saved;
      apply(f);
      block(s.orelse);
      auto after_else = narrowed_;
      // What follows knows what both falling-through branches know (`if x is None: x = ...`
      // leaves x narrowed); an exiting branch contributes nothing (`if x is None: return`).
      bool body_ft = falls_through(s.body), else_ft = s.orelse.empty() || falls_through(s.orelse);
      if (body_ft && else_ft) {
        narrowed_.clear();
        for (const auto& [k, v] : after_body)
          if (auto it = after_else.find(k); it != after_else.end() && it->second == v) narrowed_[k] = v;
      } else if (body_ft) {
        narrowed_ = after_body;
      } else if (else_ft) {
        narrowed_ = after_else;
      } else {
        narrowed_ = saved;
      }
      return;
    }
    case StmtKind::While: {
      loop_checked(s.body, [&] {
        expr(*s.test);
        Facts t, f;
        conditions(*s.test, &t, &f);
        apply(t);
        ++frame_->loop_depth;
        block(s.body);
        --frame_->loop_depth;
      });
      block(s.orelse);
      return;
    }
    case StmtKind::For: {
      const Type* it = expr(*s.value);
      if (it->kind == TypeKind::Optional) it = use_maybe_none(*s.value, "TypeError", "'NoneType' object is not iterable");
      const Type* el = element_type(it, s.value->span);
      assign(*s.targets[0], el, s.value->span, nullptr);
      loop_checked(s.body, [&] {
        ++frame_->loop_depth;
        block(s.body);
        --frame_->loop_depth;
      });
      block(s.orelse);
      return;
    }
    case StmtKind::Break:
    case StmtKind::Continue:
      if (frame_->loop_depth == 0) {
        error(s.span, std::string("`") + (s.kind == StmtKind::Break ? "break" : "continue") + "` outside a loop");
      }
      return;
    case StmtKind::Pass:
      return;
    case StmtKind::Return: {
      if (!frame_->fn) {
        error(s.span, "`return` outside a function");
        return;
      }
      FunctionInfo& f = *frame_->fn;
      const Type* t = s.value ? expr(*s.value, f.ret_declared ? f.ret : nullptr) : types.none();
      if (f.ret_declared) {
        if (!assignable(t, f.ret)) {
          auto& d = error(s.value ? s.value->span : s.span,
                          "`" + f.name + "` is declared to return " + f.ret->str() + " but this returns " + t->str());
          if (f.decl && f.decl->returns) d.notes.push_back(Note{f.decl->returns->span, "the return type is declared here"});
        }
      } else {
        if (frame_->returns.empty()) frame_->first_return = s.span;
        frame_->returns.push_back(t);
      }
      return;
    }
    case StmtKind::FunctionDef: {
      // Declared by declare_block; a def inside a branch is declared here.
      auto it = frame_->vars->find(s.name);
      if (it == frame_->vars->end() || it->second.type->kind != TypeKind::Function || it->second.type->fn->decl != &s) {
        FunctionInfo* f = declare_function(s, nullptr);
        resolve_signature(*f);
        (*frame_->vars)[s.name] = Symbol{types.get(TypeKind::Function, {}, nullptr, f), s.name_span};
      }
      // A def inside a function: its body sees the enclosing locals as they are here.
      if (frame_->fn) {
        auto fi = frame_->vars->find(s.name);
        std::map<std::string, Symbol> outer = *frame_->vars;
        for (const auto& [n, t] : narrowed_) outer[n].type = t;
        for (auto& [n, sym] : outer) sym.inferred = false;  // captured: refined only where bound
        auto* g = const_cast<FunctionInfo*>(fi->second.type->fn);
        if (g->awaits_call() && g->state == 0) {
          // Checked at its first call, which gives its parameters their types (Note [Parameter
          // types from calls] in check_builtins.cpp), or at the end of this function's pass.
          g->captured = std::make_shared<const std::map<std::string, Symbol>>(std::move(outer));
          frame_->nested_waiting.push_back(g);
        } else {
          check_function(*g, &outer);
        }
      }
      return;
    }
    case StmtKind::ClassDef:
      if (frame_->fn) error(s.name_span, "classes must be defined at module level in Ts");
      return;
    case StmtKind::With: {
      for (const auto& item : s.items) {
        const Type* t = expr(*item.context);
        const Type* entered = t;
        if (t->kind == TypeKind::Class) {
          FunctionInfo* en = t->cls->find_method("__enter__");
          FunctionInfo* ex = t->cls->find_method("__exit__");
          if (!en || !ex) {
            error(item.context->span, "`" + t->cls->name + "` is not a context manager: it needs `__enter__` and `__exit__`");
            entered = types.error();
          } else {
            check_function(*en);
            entered = en->ret ? en->ret : types.any();
          }
        } else if (t->kind != TypeKind::Error && t->kind != TypeKind::Any && t->name != "no_grad" &&
                   t->name != "enable_grad" && t->name != "set_grad_enabled" && t->name != "inference_mode") {
          error(item.context->span, t->str() + " is not a context manager");
          entered = types.error();
        }
        if (item.target) assign(*item.target, entered, item.context->span, nullptr);
      }
      block(s.body);
      return;
    }
    case StmtKind::Try: {
      block(s.body);
      for (const auto& h : s.handlers) {
        // `except MyError as e` makes `e` a MyError; a builtin class or a tuple of classes, Any.
        const Type* caught = types.any();
        if (h.type) {
          const Type* t = expr(*h.type);
          std::vector<std::pair<const Expr*, const Type*>> named;
          if (h.type->kind == ExprKind::Tuple) {
            for (const auto& x : h.type->elts) named.emplace_back(x.get(), x->type ? x->type : types.error());
          } else {
            named.emplace_back(h.type.get(), t);
          }
          for (auto [x, xt] : named)
            if (!exception_class(xt))
              error(x->span, "catching classes that do not inherit from BaseException is not allowed; this is " + xt->str());
          if (t->kind == TypeKind::ClassObj && exception_class(t)) caught = types.get(TypeKind::Class, {}, t->cls);
        }
        if (!h.name.empty()) (*frame_->vars)[h.name] = Symbol{caught, h.span};
        block(h.body);
      }
      block(s.orelse);
      block(s.finalbody);
      return;
    }
    case StmtKind::Raise:
      for (const Expr* x : {s.value.get(), s.annotation.get()}) {  // raise X from Y
        if (!x) continue;
        const Type* t = expr(*x);
        bool ok = exception_class(t) || (t->kind == TypeKind::Class && !t->cls->exception_root().empty()) ||
                  (x == s.annotation.get() && t->kind == TypeKind::None);
        if (!ok) error(x->span, "exceptions must derive from BaseException; this is " + t->str());
      }
      return;
    case StmtKind::Assert:
      expr(*s.test);
      if (s.value) expr(*s.value);
      {
        Facts t;
        conditions(*s.test, &t, nullptr);
        apply(t);
      }
      return;
    case StmtKind::Del:
      for (const auto& t : s.targets) {
        if (t->kind == ExprKind::Name) {
          lookup(t->name, t->span);
          frame_->vars->erase(t->name);
        } else if (t->kind == ExprKind::Subscript) {
          expr(*t);
        } else {
          error(t->span, "`del` takes names and subscripts (`del d[k]`, `del xs[i]`)");
        }
      }
      return;
    case StmtKind::Global:
      if (!frame_->fn) return;
      for (const auto& n : s.names) {
        auto it = globals_->find(n);
        if (it == globals_->end()) {
          error(s.span, "`global " + n + "`: no module-level name `" + n + "` is defined before this function");
          continue;
        }
        (*frame_->vars)[n] = it->second;
        frame_->globals.insert(n);
      }
      return;
    case StmtKind::Nonlocal:
      return;  // reported by the parser
    case StmtKind::Import:
      for (const auto& a : s.aliases) {
        const Type* m = import_module(a.name, a.span, current_module_ ? current_module_->ast->path : "");
        std::string bind = a.asname.empty() ? a.name.substr(0, a.name.find('.')) : a.asname;
        if (a.asname.empty() && a.name.find('.') != std::string::npos && m->kind != TypeKind::Error) {
          m = import_module(bind, a.span, current_module_ ? current_module_->ast->path : "");
        }
        (*frame_->vars)[bind] = Symbol{m, a.span};
      }
      return;
    case StmtKind::ImportFrom: {
      if (s.level > 0) {
        error(s.span, "relative imports are not supported in Ts; import sibling modules by name");
        return;
      }
      const Type* m = import_module(s.name, s.name_span, current_module_ ? current_module_->ast->path : "");
      for (const auto& a : s.aliases) {
        if (a.name == "*") {
          error(a.span, "`from " + s.name + " import *` is not supported in Ts; name what you import");
          continue;
        }
        const Type* t = types.error();
        if (m->kind == TypeKind::Module) {
          auto it = m->mod->members.find(a.name);
          bool op = false;
          if (it == m->mod->members.end() && m->mod->is_torch)  // `from torch import zeros`
            for (const auto* o : ops::Registry::get().overloads(a.name)) op |= o->is_function;
          // `from torch import finfo`: a function of stdlib/torch/_functions.ts (not a submodule).
          bool submodule = stdlib_file("torch/" + a.name + ".ts") || stdlib_file("torch/" + a.name + "/__init__.ts");
          const Type* library = it == m->mod->members.end() && !op && m->mod->is_torch && !submodule
                                    ? torch_library_member(a.name, a.span) : nullptr;
          if (it != m->mod->members.end()) {
            t = it->second.type;
          } else if (op) {
            t = types.get(TypeKind::TorchOp, {}, nullptr, nullptr, nullptr, a.name);
          } else if (library) {
            t = library;
          } else {
            // `from torch import nn` names a submodule; when there is none, the name is simply
            // missing from the module.
            const size_t before = diags_.size();
            t = import_module(s.name + "." + a.name, a.span, current_module_ ? current_module_->ast->path : "");
            if (t->kind == TypeKind::Error && diags_.size() == before + 1 &&
                diags_.all()[before].message.starts_with("no module named")) {
              diags_.discard(before);
              if (frame_ && frame_->errors && !frame_->errors->empty() && frame_->errors->back() == before)
                frame_->errors->pop_back();
              std::vector<std::string> names;
              for (const auto& [n, sym] : m->mod->members) names.push_back(n);
              auto& d = error(a.span, "module `" + s.name + "` has no attribute `" + a.name + "`");
              std::string near = closest_name(a.name, names);
              if (!near.empty()) d.hints.push_back("did you mean `" + near + "`?");
            }
          }
        }
        (*frame_->vars)[a.asname.empty() ? a.name : a.asname] = Symbol{t, a.span};
      }
      return;
    }
  }
}

}  // namespace ts::frontend
