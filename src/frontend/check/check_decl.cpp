// Declarations: functions (decorators, signatures), classes and the names a block declares.
#include <optional>

#include "frontend/check/checker.h"
#include "ir/exceptions.h"
#include "ops/registry.h"

namespace ts::frontend {

namespace {

bool has_decorator(const Stmt& s, const char* name) {
  for (const auto& d : s.decorators) {
    if (d->kind == ExprKind::Name && d->name == name) return true;
  }
  return false;
}

// @torch.no_grad(), @torch.enable_grad(), @torch.inference_mode(...): grad-mode contexts used as
// decorators. (@torch.set_grad_enabled(mode) also sets the mode when the decorator is made, in
// PyTorch, for the rest of the program: it is not taken.)
// @lru_cache, @lru_cache(maxsize=N or None), @cache (or functools.X): the maxsize it asks for
// (-1 for none), nullopt for other decorators; an unreadable maxsize is reported.
std::optional<int64_t> cache_decorator(const Expr& d, std::string* problem) {
  const Expr& f = d.kind == ExprKind::Call ? *d.a : d;
  bool named = (f.kind == ExprKind::Name || (f.kind == ExprKind::Attribute && f.a->kind == ExprKind::Name && f.a->name == "functools")) &&
               (f.name == "lru_cache" || f.name == "cache");
  if (!named) return std::nullopt;
  if (f.name == "cache") {
    if (d.kind == ExprKind::Call) *problem = "`@cache` takes no arguments; write `@cache` or `@lru_cache(maxsize=...)`";
    return -1;
  }
  if (d.kind != ExprKind::Call) return 128;  // CPython's default maxsize
  const Expr* size = d.elts.empty() ? nullptr : d.elts[0].get();
  for (const auto& k : d.keywords) {
    if (k.name == "maxsize") size = k.value.get();
    else if (k.name != "typed") *problem = "`lru_cache()` got an unexpected keyword argument `" + k.name + "`";
  }
  if (!size || size->kind == ExprKind::None) return size ? -1 : 128;
  if (size->kind == ExprKind::Int) return std::max<int64_t>(size->ival, 0);
  *problem = "`maxsize` of `lru_cache()` must be an int literal or None";
  return 128;
}

// TorchScript's markers on functions and methods: @torch.jit.script, @torch.jit.script_method,
// @torch.jit.export, @torch.jit.ignore (also `ignore(drop=...)`), @torch.jit.unused, or the
// same through `jit.` (`from torch import jit`). A script runs them as eager PyTorch does: as
// written (script() compiles a function PyTorch then runs with the same results).
bool jit_decorator(const Expr& d) {
  const Expr& f = d.kind == ExprKind::Call ? *d.a : d;
  if (f.kind != ExprKind::Attribute) return false;
  const Expr& base = *f.a;
  bool jit = (base.kind == ExprKind::Name && base.name == "jit") ||
             (base.kind == ExprKind::Attribute && base.name == "jit" && base.a->kind == ExprKind::Name && base.a->name == "torch");
  if (!jit) return false;
  if (d.kind == ExprKind::Call) return f.name == "ignore";
  return f.name == "script" || f.name == "script_method" || f.name == "export" || f.name == "ignore" || f.name == "unused";
}

bool grad_mode_decorator(const Expr& d) {
  if (d.kind != ExprKind::Call || (d.a->kind != ExprKind::Name && d.a->kind != ExprKind::Attribute)) return false;
  const std::string& n = d.a->name;
  return n == "no_grad" || n == "enable_grad" || n == "inference_mode";
}

// The decorators Ts reads itself (declare_function); any other is the script's own.
bool builtin_decorator(const Expr& d) {
  std::string problem;
  return (d.kind == ExprKind::Name && (d.name == "staticmethod" || d.name == "classmethod" || d.name == "property")) ||
         cache_decorator(d, &problem).has_value() || jit_decorator(d) || grad_mode_decorator(d);
}

void expand_block_decorators(Block& b) {
  for (size_t i = 0; i < b.size(); ++i) {
    Stmt& s = *b[i];
    switch (s.kind) {
      case StmtKind::FunctionDef: expand_block_decorators(s.body); break;
      case StmtKind::ClassDef: continue;  // methods keep theirs (an unknown one is an error there)
      default:
        expand_block_decorators(s.body);
        expand_block_decorators(s.orelse);
        if (!s.finalbody.empty()) expand_block_decorators(s.finalbody.get());
        for (auto& h : s.handlers) expand_block_decorators(h.body);
        continue;
    }
    // `@d1 @d2 def f` is `def f` then `f = d1(d2(f))`.
    auto& decos = s.decorators.get();
    ExprPtr value;
    for (size_t k = decos.size(); k-- > 0;) {
      if (builtin_decorator(*decos[k])) continue;
      if (!value) {
        value = std::make_unique<Expr>(ExprKind::Name, s.name_span);
        value->name = s.name;
      }
      auto call = std::make_unique<Expr>(ExprKind::Call, decos[k]->span);
      call->a = std::move(decos[k]);
      call->elts.push_back(std::move(value));
      value = std::move(call);
      decos.erase(decos.begin() + std::ptrdiff_t(k));
    }
    if (!value) continue;
    auto assign = std::make_unique<Stmt>(StmtKind::Assign, s.span);
    auto target = std::make_unique<Expr>(ExprKind::Name, s.name_span);
    target->name = s.name;
    assign->targets.push_back(std::move(target));
    assign->value = std::move(value);
    b.insert(b.begin() + std::ptrdiff_t(i) + 1, std::move(assign));
    ++i;
  }
}

}  // namespace

// Note [User decorators]
// A decorator Ts does not read itself (staticmethod, classmethod, property, lru_cache/cache,
// the grad-mode contexts, torch.jit's markers) is the script's: `@d1 @d2 def f` becomes `def f`
// followed by `f = d1(d2(f))`, right after parsing, for functions at module level and inside
// functions (not methods). `f` then holds what the decorators return, typed as their calls say
// (a wrapper's `*args, **kwargs` are bound at run time); `functools.wraps(fn)(wrapper)` keeps
// `wrapper` and gives it `fn`'s `__name__`.
void expand_user_decorators(Module& m) { expand_block_decorators(m.body); }

FunctionInfo* Checker::declare_function(const Stmt& s, ClassInfo* cls) {
  functions_.emplace_back();
  FunctionInfo& f = functions_.back();
  f.name = s.name;
  f.decl = &s;
  f.owner = cls;
  f.module = current_module_;
  f.globals = globals_;
  // A grad-mode decorator runs the body inside that context, as PyTorch's do: the body becomes
  // `with <decorator>: <body>` (the innermost decorator the innermost `with`).
  auto& decos = const_cast<Stmt&>(s).decorators.get();
  for (size_t i = decos.size(); i-- > 0;) {
    if (!grad_mode_decorator(*decos[i])) continue;
    auto w = std::make_unique<Stmt>(StmtKind::With, decos[i]->span);
    w->items.emplace_back(WithItem{std::move(decos[i]), nullptr});
    Block& body = const_cast<Stmt&>(s).body;
    w->body = std::move(body);
    body.clear();
    body.push_back(std::move(w));
    decos.erase(decos.begin() + std::ptrdiff_t(i));
  }
  f.is_classmethod = has_decorator(s, "classmethod");
  f.is_static = has_decorator(s, "staticmethod") || f.is_classmethod;
  f.is_property = has_decorator(s, "property");
  for (const auto& d : s.decorators) {
    std::string problem;
    if (auto size = cache_decorator(*d, &problem)) {
      if (!problem.empty()) error(d->span, problem);
      else if (cls) error(d->span, "`@lru_cache` / `@cache` are supported on functions, not methods");
      f.cache_size = *size;
      continue;
    }
    bool known = (d->kind == ExprKind::Name && (d->name == "staticmethod" || d->name == "classmethod" || d->name == "property")) ||
                 jit_decorator(*d);
    if (!known)
      error(d->span, "a decorator of a method must be one Ts knows: `@staticmethod`, `@classmethod`, `@property`, `@functools.lru_cache` / `@cache`, the grad-mode contexts "
                     "(`@torch.no_grad()`, `@torch.enable_grad()`, `@torch.inference_mode()`) and torch.jit's markers "
                     "(`@torch.jit.script`, `script_method`, `export`, `ignore`, `unused`); the script's own decorators are supported on functions");
  }
  return &f;
}

// Note [Parameter types from defaults] (lang/README.md): an unannotated parameter whose default
// is a literal starts with the literal's type (None: Optional[Tensor] unless a call passes
// something else); calls may widen it (Note [Parameter types from calls] in check_builtins.cpp).
const Type* Checker::literal_type(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Int: return types.integer();
    case ExprKind::Float: return types.floating();
    case ExprKind::Str: return types.str();
    case ExprKind::Bool: return types.boolean();
    case ExprKind::Unary:
      if ((e.uop == UnaryOp::Neg || e.uop == UnaryOp::Pos) && (e.a->kind == ExprKind::Int || e.a->kind == ExprKind::Float))
        return literal_type(*e.a);
      return nullptr;
    case ExprKind::Tuple: {
      std::vector<const Type*> elts;
      for (const auto& x : e.elts) {
        const Type* t = literal_type(*x);
        if (!t) return nullptr;
        elts.push_back(t);
      }
      return elts.empty() ? nullptr : types.tuple(elts);
    }
    default: return nullptr;
  }
}

// Parameter and return types; needs every class declared first.
void Checker::resolve_signature(FunctionInfo& f) {
  if (f.resolved) return;
  f.resolved = true;
  const Stmt& s = *f.decl;
  for (size_t i = 0; i < s.params.size(); ++i) {
    const Param& p = s.params[i];
    ParamInfo pi;
    pi.name = p.name;
    pi.span = p.span;
    pi.has_default = p.default_value != nullptr;
    pi.kwonly = p.kwonly;
    pi.vararg = p.vararg;
    pi.kwvar = p.kwvar;
    if (p.kwvar) {
      // **kwargs: Dict[str, V], V annotated or Any.
      pi.type = types.dict(types.str(), p.annotation ? annotation(*p.annotation) : types.any());
      f.params.push_back(pi);
      continue;
    }
    if (i == 0 && f.is_classmethod && f.owner) {
      pi.type = types.get(TypeKind::ClassObj, {}, f.owner);  // cls
    } else if (i == 0 && f.owner && !f.is_static && !p.annotation) {
      pi.type = types.get(TypeKind::Class, {}, f.owner);
    } else if (i == 0 && f.is_static && !p.annotation && is_autograd_function(f.owner)) {
      pi.type = types.any();  // ctx of an autograd.Function's forward/backward: attributes set at run time
    } else if (p.annotation) {
      pi.type = annotation(*p.annotation);
    } else if (const Type* d = p.default_value ? literal_type(*p.default_value) : nullptr) {
      // Note [Parameter types from defaults] (lang/README.md); calls may widen it (Note
      // [Parameter types from calls] in check_builtins.cpp). None is Optional[Tensor] unless a
      // call passes something else.
      pi.type = d;
      pi.from_call = !p.vararg;
    } else if (p.default_value && p.default_value->kind == ExprKind::None) {
      pi.type = types.none();
      pi.from_call = !p.vararg;
    } else {
      // Typed by the first call (Note [Parameter types from calls] in check_builtins.cpp); Any
      // when the body is checked before any call.
      pi.from_call = !p.vararg;
      pi.type = types.any();  // *args: List[Any]
    }
    if (p.vararg) pi.type = types.list(pi.type);
    f.params.push_back(pi);
  }
  if (f.owner && !f.is_static && s.params.empty()) {
    error(s.name_span, "method `" + s.name + "` needs a `self` parameter")
        .hints.push_back("add `self` first, or mark it `@staticmethod`");
  }
  const bool self_annotation = s.returns && (s.returns->kind == ExprKind::Name || s.returns->kind == ExprKind::Str) &&
                               s.returns->name == "Self";
  if (self_annotation && f.owner && !f.is_static) {
    f.ret = types.get(TypeKind::Class, {}, f.owner);
    f.ret_declared = true;
    f.returns_self = true;
  } else if (s.returns) {
    f.ret = annotation(*s.returns);
    f.ret_declared = true;
  } else if (f.name == "__init__") {
    f.ret = types.none();
    f.ret_declared = true;
  }
}

void Checker::declare_block(const Block& body, std::map<std::string, Symbol>& into, ClassInfo* cls) {
  // Classes first (so annotations can name any class), then functions.
  for (const auto& s : body) {
    if (s->kind != StmtKind::ClassDef) continue;
    classes_.emplace_back();
    ClassInfo& c = classes_.back();
    c.name = s->name;
    c.decl = s.get();
    into[s->name] = Symbol{types.get(TypeKind::ClassObj, {}, &c), s->name_span};
  }
  for (const auto& s : body) {
    if (s->kind == StmtKind::FunctionDef) {
      FunctionInfo* f = declare_function(*s, cls);
      into[s->name] = Symbol{types.get(TypeKind::Function, {}, nullptr, f), s->name_span};
    }
  }
}

void Checker::check_class(ClassInfo& c) {
  const Stmt& s = *c.decl;
  if (s.targets.size() > 1) error(s.targets[1]->span, "multiple inheritance is not supported in Ts");
  if (!s.targets.empty()) {
    const Expr& b = *s.targets[0];
    const Type* bt = expr(b);
    bool object = b.kind == ExprKind::Name && b.name == "object";
    if (bt->kind == TypeKind::ClassObj) {
      if (bt->cls->derives_from(&c)) {
        error(b.span, "class `" + c.name + "` cannot inherit from itself");
      } else {
        c.base = const_cast<ClassInfo*>(bt->cls);
      }
    } else if (bt->kind == TypeKind::Builtin && ir::is_builtin_exception(bt->name)) {
      // An exception class (Note [User exception classes]): its instances carry `args`, and
      // `__cause__` (None, or the exception of `raise ... from`).
      c.exception_base = bt->name;
      c.add_field("args", Field{types.any(), s.name_span});
      c.add_field("__cause__", Field{types.any(), s.name_span});
    } else if (!object && bt->kind != TypeKind::Error) {
      error(b.span, "a base class must be a class; this is " + bt->str());
    }
  }
  for (const auto& m : s.body) {
    switch (m->kind) {
      case StmtKind::FunctionDef: {
        FunctionInfo* f = declare_function(*m, &c);
        if (c.methods.count(m->name)) error(m->name_span, "method `" + m->name + "` is defined twice (Ts has no overloading)");
        c.methods[m->name] = f;
        break;
      }
      case StmtKind::AnnAssign:
        if (m->targets[0]->kind == ExprKind::Name) {
          const Type* t = annotation(*m->annotation);
          if (m->value) {
            const Type* v = expr(*m->value, t);
            if (!assignable(v, t))
              error(m->value->span, "cannot assign " + v->str() + " to class attribute `" + m->targets[0]->name + "` of type " + t->str());
          }
          c.add_field(m->targets[0]->name, Field{t, m->targets[0]->span, m->value != nullptr});
        }
        break;
      case StmtKind::Assign:
        if (m->targets.size() == 1 && m->targets[0]->kind == ExprKind::Name) {
          c.add_field(m->targets[0]->name, Field{expr(*m->value), m->targets[0]->span, true});
        } else {
          error(m->span, "a class attribute is assigned one name at a time (`name = value`)");
        }
        break;
      case StmtKind::Pass:
        break;
      case StmtKind::Expr:
        if (m->value->kind == ExprKind::Str || m->value->kind == ExprKind::Ellipsis) break;
        [[fallthrough]];
      default:
        error(m->span, "only methods and attribute declarations may appear in a class body");
    }
  }
  for (auto& [name, f] : c.methods) resolve_signature(*f);
}

// The lru_cache/cache decorators were read by their names (declare_function, before the
// imports): each must be functools' lru_cache or cache.
void Checker::check_cache_decorators(const FunctionInfo& f) {
  if (f.cache_size == -2 || !f.decl) return;
  for (const auto& d : f.decl->decorators) {
    std::string problem;
    if (!cache_decorator(*d, &problem)) continue;
    const Expr& callee = d->kind == ExprKind::Call ? *d->a : *d;
    const Type* t = expr(callee);
    if (!dynamic(t) && !(t->kind == TypeKind::Builtin && (t->name == "functools.lru_cache" || t->name == "functools.cache")))
      error(callee.span, "`@" + callee.name + "` here is " + t->str() + ", not functools' " + callee.name)
          .hints.push_back("import it: `from functools import " + callee.name + "`");
  }
}

}  // namespace ts::frontend
