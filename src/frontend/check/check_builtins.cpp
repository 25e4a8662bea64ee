// Call dispatch: user functions, constructors, methods, the math module and the builtin modules'
// functions (Python's builtin functions: check_python_builtins.cpp).
#include <algorithm>

#include "frontend/check/checker.h"
#include "ir/exceptions.h"
#include "ir/module_functions.h"
#include "util/error.h"

namespace ts::frontend {

const std::string* Checker::registered_attribute(const Expr& e) {
  if (e.kind != ExprKind::Call || e.a->kind != ExprKind::Attribute || e.elts.size() < 2) return nullptr;
  const Expr& recv = *e.a->a;
  if (recv.kind != ExprKind::Name || recv.name != "self" || e.elts[0]->kind != ExprKind::Str) return nullptr;
  const std::string& m = e.a->name;
  if (m != "register_buffer" && m != "register_parameter" && m != "add_module") return nullptr;
  return &e.elts[0]->name;
}

bool Checker::exception_super_init(const Expr& e, const ClassInfo* cls) {
  if (e.kind != ExprKind::Call || e.a->kind != ExprKind::Attribute || e.a->name != "__init__") return false;
  const Expr& recv = *e.a->a;
  if (recv.kind != ExprKind::Call || recv.a->kind != ExprKind::Name || recv.a->name != "super" || !recv.elts.empty())
    return false;
  return cls && !cls->exception_root().empty() && !(cls->base && cls->base->find_method("__init__"));
}

bool Checker::exception_class(const Type* t) {
  switch (t->kind) {
    case TypeKind::Any:
    case TypeKind::Error: return true;
    case TypeKind::Builtin: return ir::is_builtin_exception(t->name);
    case TypeKind::ClassObj: return !t->cls->exception_root().empty();
    default: return false;
  }
}

bool Checker::is_autograd_function(const ClassInfo* c) const {
  for (const ClassInfo* k = c ? c->base : nullptr; k; k = k->base)
    if (k->name == "Function" && k->decl && sm.file(k->decl->span.file).path.starts_with("<stdlib>/torch/autograd/"))
      return true;
  return false;
}

bool Checker::is_module_base(const ClassInfo* c) const {
  return c && c->name == "Module" && c->decl && sm.file(c->decl->span.file).path.starts_with("<stdlib>/torch/nn/");
}

bool Checker::forward_at_run_time(const ClassInfo* c) const {
  const FunctionInfo* f = module_forward(c);
  return f && is_module_base(f->owner);
}

FunctionInfo* Checker::module_forward(const ClassInfo* c) const {
  bool module = false;
  for (const ClassInfo* k = c; k; k = k->base) module |= is_module_base(k);
  return module ? c->find_method("forward") : nullptr;
}

const std::vector<MathFunction>& math_functions() {
  static const std::vector<MathFunction> fs = {
      {"sqrt", 1, 1, 'f', 'f', ""}, {"exp", 1, 1, 'f', 'f', ""}, {"exp2", 1, 1, 'f', 'f', ""},
      {"expm1", 1, 1, 'f', 'f', ""}, {"log", 1, 2, 'f', 'f', ""}, {"log2", 1, 1, 'f', 'f', ""},
      {"log10", 1, 1, 'f', 'f', ""}, {"log1p", 1, 1, 'f', 'f', ""}, {"sin", 1, 1, 'f', 'f', ""},
      {"cos", 1, 1, 'f', 'f', ""}, {"tan", 1, 1, 'f', 'f', ""}, {"asin", 1, 1, 'f', 'f', ""},
      {"acos", 1, 1, 'f', 'f', ""}, {"atan", 1, 1, 'f', 'f', ""}, {"sinh", 1, 1, 'f', 'f', ""},
      {"cosh", 1, 1, 'f', 'f', ""}, {"tanh", 1, 1, 'f', 'f', ""}, {"asinh", 1, 1, 'f', 'f', ""},
      {"acosh", 1, 1, 'f', 'f', ""}, {"atanh", 1, 1, 'f', 'f', ""}, {"fabs", 1, 1, 'f', 'f', ""},
      {"erf", 1, 1, 'f', 'f', ""}, {"erfc", 1, 1, 'f', 'f', ""}, {"cbrt", 1, 1, 'f', 'f', ""},
      {"degrees", 1, 1, 'f', 'f', ""}, {"radians", 1, 1, 'f', 'f', ""}, {"gamma", 1, 1, 'f', 'f', ""},
      {"lgamma", 1, 1, 'f', 'f', ""}, {"ulp", 1, 1, 'f', 'f', ""}, {"atan2", 2, 2, 'f', 'f', ""},
      {"copysign", 2, 2, 'f', 'f', ""}, {"fmod", 2, 2, 'f', 'f', ""}, {"remainder", 2, 2, 'f', 'f', ""},
      {"nextafter", 2, 2, 'f', 'f', ""}, {"pow", 2, 2, 'f', 'f', ""}, {"hypot", 0, -1, 'f', 'f', ""},
      {"floor", 1, 1, 'f', 'i', ""}, {"ceil", 1, 1, 'f', 'i', ""}, {"trunc", 1, 1, 'f', 'i', ""},
      {"isnan", 1, 1, 'f', 'b', ""}, {"isinf", 1, 1, 'f', 'b', ""}, {"isfinite", 1, 1, 'f', 'b', ""},
      {"isclose", 2, 2, 'f', 'b', "rel_tol abs_tol"}, {"frexp", 1, 1, 'f', 'r', ""}, {"modf", 1, 1, 'f', 'm', ""},
      {"ldexp", 2, 2, 'l', 'f', ""}, {"gcd", 0, -1, 'i', 'i', ""}, {"lcm", 0, -1, 'i', 'i', ""},
      {"isqrt", 1, 1, 'i', 'i', ""}, {"factorial", 1, 1, 'i', 'i', ""}, {"comb", 2, 2, 'i', 'i', ""},
      {"perm", 1, 2, 'i', 'i', ""}, {"fsum", 1, 1, 's', 'f', ""}, {"prod", 1, 1, 's', 'e', "start"},
      {"dist", 2, 2, 's', 'f', ""},
  };
  return fs;
}

const Type* Checker::math_call(const MathFunction& f, const Expr& e, const std::vector<const Type*>& a) {
  std::string what = std::string("`math.") + f.name + "()`";
  int n = int(a.size());
  if (n < f.min_args || (f.max_args >= 0 && n > f.max_args)) {
    std::string want = f.max_args < 0 ? "at least " + std::to_string(f.min_args)
                       : f.min_args == f.max_args ? std::to_string(f.min_args)
                                                  : std::to_string(f.min_args) + " to " + std::to_string(f.max_args);
    error(e.span, what + " takes " + want + " argument" + (want == "1" ? "" : "s") + ", got " + std::to_string(n));
  }
  for (const auto& k : e.keywords) {
    std::string allowed = std::string(" ") + f.keywords + " ";
    if (allowed.find(" " + k.name + " ") == std::string::npos)
      error(k.name_span, what + " got an unexpected keyword argument `" + k.name + "`");
    else if (!dynamic(k.value->type) && !is_numeric(k.value->type))
      error(k.value->span, "`" + k.name + "` of " + what + " must be a number, not " + k.value->type->str());
  }
  for (int i = 0; i < n; ++i) {
    const Type* t = a[size_t(i)];
    const Span& at = e.elts[size_t(i)]->span;
    if (dynamic(t)) continue;
    bool want_int = f.args == 'i' || (f.args == 'l' && i == 1);
    if (f.args == 's') {
      bool seq = t->kind == TypeKind::List || t->kind == TypeKind::Tuple || t->kind == TypeKind::Range;
      const Type* el = seq && t->kind != TypeKind::Tuple ? element_type(t, at) : nullptr;
      if (!seq || (el && !dynamic(el) && !is_numeric(el)))
        error(at, what + " takes a list or tuple of numbers, not " + t->str());
    } else if (want_int && t->kind != TypeKind::Int && t->kind != TypeKind::Bool &&
               !(std::string(f.name) == "perm" && i == 1 && t->kind == TypeKind::None)) {
      error(at, what + " takes " + (f.args == 'l' ? "an int exponent" : "ints") + ", not " + t->str());
    } else if (!want_int && !is_numeric(t) && !(t->kind == TypeKind::Tensor && f.result != 'i' && f.args == 'f')) {
      // (A one-element tensor converts to a float; floor, ceil and trunc of a tensor are tensors
      // in PyTorch, which these do not give.)
      error(at, what + " takes a number, not " + t->str());
    }
  }
  switch (f.result) {
    case 'i': return types.integer();
    case 'b': return types.boolean();
    case 'r': return types.tuple({types.floating(), types.integer()});
    case 'm': return types.tuple({types.floating(), types.floating()});
    case 'e': return a.empty() || dynamic(a[0]) ? types.any() : element_type(a[0], e.elts[0]->span);
    default: return types.floating();
  }
}

// Functions of the builtin modules (ir/module_functions.h) and torch's file functions: their
// result types.
const Type* Checker::module_function(const std::string& n, const std::vector<const Type*>& a) {
  if (const ir::ModuleFunction* f = ir::find_module_function(n)) {
    switch (f->result) {
      case ir::ModuleResult::None: return types.none();
      case ir::ModuleResult::Bool: return types.boolean();
      case ir::ModuleResult::Int: return types.integer();
      case ir::ModuleResult::Float: return types.floating();
      case ir::ModuleResult::Str: return types.str();
      case ir::ModuleResult::Tensor: return types.tensor();
      case ir::ModuleResult::Any: return types.any();
      case ir::ModuleResult::StrList: return types.list(types.str());
      case ir::ModuleResult::DType: return types.get(TypeKind::DType);
      case ir::ModuleResult::Special: break;
    }
    if (n == "random.choice") return a.empty() ? types.any() : element_type(a[0], Span{});
    if (n == "random.sample" || n == "random.choices") return types.list(a.empty() ? types.any() : element_type(a[0], Span{}));
    if (n == "os.environ.get" || n == "os.getenv" || n == "os.environ.pop") {
      // The value, or the default: a str default gives str; none (or None) Optional[str], except
      // that pop without one raises KeyError instead.
      if (a.size() < 2) return n == "os.environ.pop" ? types.str() : types.optional(types.str());
      if (a[1]->kind == TypeKind::Str) return types.str();
      if (a[1]->kind == TypeKind::None) return types.optional(types.str());
      return types.any();
    }
    if (n == "os.environ.items") return types.list(types.tuple({types.str(), types.str()}));
    if (n == "os.environ.copy") return types.dict(types.str(), types.str());
    if (n == "os.path.splitext") return types.tuple({types.str(), types.str()});
    if (n == "_ts.deepcopy") return a.empty() ? types.any() : a[0];
    if (n == "_ts.attributes") return types.list(types.tuple({types.str(), types.any()}));
    if (n == "ts.safetensors.load_file") return types.dict(types.str(), types.tensor());
    TS_INTERNAL_ASSERT(false, "module function ", n, " is Special but has no rule in Checker::module_function");
  }
  if (n == "torch.save" || n == "torch.jit.save") return types.none();
  if (n == "torch.load" || n == "torch.jit.load") return types.any();
  if (n == "torch.jit.script") return a.empty() ? types.any() : a[0];
  return nullptr;
}

// torch.unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None) and
// torch.unique_consecutive(input, return_inverse=False, return_counts=False, dim=None): a
// Tensor, or a tuple with the inverse indices and/or counts. The two flags choose the result's
// type, so they must be literal bools (as TorchScript's boolean dispatch requires).
// Tensor.unique(...) is the same with the receiver as `input`.
const Type* Checker::unique_result(const Expr& e, bool method, bool consecutive) {
  static const std::vector<std::string> kUnique = {"input", "sorted", "return_inverse", "return_counts", "dim"};
  static const std::vector<std::string> kConsecutive = {"input", "return_inverse", "return_counts", "dim"};
  const std::vector<std::string>& names = consecutive ? kConsecutive : kUnique;
  const std::string fn = consecutive ? "torch.unique_consecutive()" : "torch.unique()";
  const size_t n = names.size(), inverse = n - 3, dim = n - 1;
  std::vector<const Expr*> arg(n, nullptr);
  const size_t first = method ? 1 : 0;
  if (method) arg[0] = e.a->a.get();
  if (e.elts.size() + first > n)
    error(e.span, "`" + fn + "` takes at most " + std::to_string(n) + " arguments, got " + std::to_string(e.elts.size() + first));
  for (size_t i = 0; i < e.elts.size() && i + first < n; ++i) arg[i + first] = e.elts[i].get();
  for (const auto& k : e.keywords) {
    size_t i = std::find(names.begin(), names.end(), k.name) - names.begin();
    if (i == n) {
      error(k.name_span, "`" + fn + "` got an unexpected keyword argument `" + k.name + "`");
      continue;
    }
    if (arg[i]) error(k.name_span, "`" + fn + "` got multiple values for argument `" + k.name + "`");
    arg[i] = k.value.get();
  }
  if (!arg[0]) {
    error(e.span, "`" + fn + "` missing required argument `input`");
  } else if (const Type* t = arg[0]->type; t && !dynamic(t) && t->kind != TypeKind::Tensor) {
    error(arg[0]->span, "`" + fn + "` expects a Tensor for `input`, got " + t->str());
  }
  bool flag[2] = {false, false};
  for (size_t i = inverse; i <= inverse + 1; ++i) {
    if (!arg[i]) continue;
    if (arg[i]->kind != ExprKind::Bool) {
      error(arg[i]->span, "`" + names[i] + "` of " + fn + " must be True or False written out: it decides the type of the result");
      continue;
    }
    flag[i - inverse] = arg[i]->ival != 0;
  }
  if (!consecutive && arg[1] && arg[1]->type && !dynamic(arg[1]->type) && arg[1]->type->kind != TypeKind::Bool)
    error(arg[1]->span, "`sorted` of torch.unique() must be a bool, got " + arg[1]->type->str());
  if (arg[dim] && arg[dim]->type && !dynamic(arg[dim]->type) && arg[dim]->type->kind != TypeKind::Int &&
      arg[dim]->type->kind != TypeKind::None)
    error(arg[dim]->span, "`dim` of " + fn + " must be an int or None, got " + arg[dim]->type->str());
  if (!flag[0] && !flag[1]) return types.tensor();
  std::vector<const Type*> parts(1 + size_t(flag[0]) + size_t(flag[1]), types.tensor());
  return types.tuple(parts);
}

// Note [Star-unpacked tuples]: `f(*t)` with `t` a name of a fixed-length tuple type is
// `f(t[0], ..., t[n-1])` for every kind of callee (a Ts function without *args, an operator, a
// builtin), as CPython binds it: the call is rewritten here, before its arguments are checked,
// so the checker and the emitter see ordinary positional arguments. Only a bare name is
// expanded (reading it n times has no effect of its own), and a tuple display `*(a, b)`;
// `*xs` of a list, or of another expression, keeps the rules for `*` (a `*args` parameter, or
// binding at run time).
void Checker::expand_tuple_stars(const Expr& e) {
  std::vector<ExprPtr>& elts = const_cast<Expr&>(e).elts;
  for (size_t i = 0; i < elts.size();) {
    Expr& s = *elts[i];
    if (s.kind == ExprKind::Starred && s.a->kind == ExprKind::Tuple) {  // f(*(a, b)): f(a, b)
      std::vector<ExprPtr> items = std::move(s.a->elts);
      elts.erase(elts.begin() + std::ptrdiff_t(i));
      elts.insert(elts.begin() + std::ptrdiff_t(i), std::make_move_iterator(items.begin()), std::make_move_iterator(items.end()));
      i += items.size();
      continue;
    }
    const Type* t = s.kind == ExprKind::Starred && s.a->kind == ExprKind::Name ? expr(*s.a) : nullptr;
    if (!t || t->kind != TypeKind::Tuple) {
      ++i;
      continue;
    }
    std::vector<ExprPtr> items;
    for (size_t k = 0; k < t->args.size(); ++k) {
      auto sub = std::make_unique<Expr>(ExprKind::Subscript, s.span);
      sub->a = std::make_unique<Expr>(ExprKind::Name, s.a->span);
      sub->a->name = s.a->name;
      auto ix = std::make_unique<Expr>(ExprKind::Int, s.span);
      ix->ival = int64_t(k);
      sub->elts.push_back(std::move(ix));
      items.push_back(std::move(sub));
    }
    elts.erase(elts.begin() + std::ptrdiff_t(i));
    elts.insert(elts.begin() + std::ptrdiff_t(i), std::make_move_iterator(items.begin()), std::make_move_iterator(items.end()));
    i += items.size();
  }
}

void Checker::value_call_args(const Expr& e, bool star) {
  // A function value's arguments are bound at run time; `f(*xs)` spreads a list or tuple there,
  // `f(**d)` a dict's items as keywords.
  for (const auto& a : e.elts) {
    if (a->kind == ExprKind::Starred && star) element_type(expr(*a->a), a->a->span);
    else expr(*a);
  }
  for (const auto& k : e.keywords) {
    if (k.name.empty()) mapping_argument(*k.value);
    else expr(*k.value);
  }
}

bool Checker::wraps_call(const Expr& e) {
  if (e.a->kind != ExprKind::Call) return false;
  const Type* t = e.a->a->type;
  return t && t->kind == TypeKind::Builtin && t->name == "functools.wraps";
}

bool Checker::binds_at_run_time(const Type* callee) const {
  switch (callee->kind) {
    case TypeKind::Error:
    case TypeKind::Any:
    case TypeKind::Function: return true;
    case TypeKind::ClassObj: return callee->cls->find_method("__init__") != nullptr;
    case TypeKind::Class: return callee->cls->find_method("__call__") || module_forward(callee->cls);
    case TypeKind::Method: return callee->fn != nullptr && !callee->fn->is_static && !callee->fn->is_classmethod;
    default: return false;
  }
}

void Checker::mapping_argument(const Expr& e) {
  const Type* t = expr(e);
  if (dynamic(t) || (t->kind == TypeKind::Dict && (dynamic(t->args[0]) || t->args[0]->kind == TypeKind::Str))) return;
  error(e.span, "argument after ** must be a dict with str keys, not " + t->str());
}

// Whether a call has `**mapping` among its arguments (bound at run time: Interp::bind_call).
bool Checker::spreads_keywords(const Expr& e) {
  for (const auto& k : e.keywords)
    if (k.name.empty()) return true;
  return false;
}

const Type* Checker::call(const Expr& e) {
  if (frame_ && exception_super_init(e, frame_->cls)) {
    for (const auto& x : e.elts) {
      if (x->kind == ExprKind::Starred) element_type(expr(*x->a), x->a->span);  // super().__init__(*args)
      else expr(*x);
    }
    if (!e.keywords.empty()) error(e.keywords[0].value->span, "`BaseException.__init__()` takes no keyword arguments");
    return types.none();
  }
  const Type* callee = expr(*e.a);
  expand_tuple_stars(e);
  if (wraps_call(e)) {
    // functools.wraps(fn)(wrapper): wrapper, named as fn (Note [User decorators]).
    if (e.elts.size() != 1 || !e.keywords.empty()) {
      error(e.span, "`functools.wraps(fn)` decorates one function");
      return types.error();
    }
    return expr(*e.elts[0]);
  }
  if (spreads_keywords(e) && !binds_at_run_time(callee)) {
    // f(**mapping) is bound at run time against a Ts signature (Interp::bind_call).
    const Keyword* k = nullptr;
    for (const auto& x : e.keywords)
      if (x.name.empty() && !k) k = &x;
    value_call_args(e, true);
    error(k->name_span, "`**` unpacking is supported in calls of functions, methods and classes written in Ts, not of " +
                            (callee->kind == TypeKind::Builtin || callee->kind == TypeKind::TorchOp ? "`" + callee->name + "`" : callee->str()));
    return types.error();
  }
  switch (callee->kind) {
    case TypeKind::Error:
    case TypeKind::Any:
      if (callee->kind == TypeKind::Any) sandbox_dynamic_call(e);
      value_call_args(e, !(e.a->kind == ExprKind::Attribute && e.a->a->type && e.a->a->type->kind == TypeKind::Any));
      return callee;
    case TypeKind::TorchOp: return call_op(callee->name, false, e);
    case TypeKind::Builtin:
      if (callee->name == "autograd.apply") {
        FunctionInfo* fwd = callee->cls->find_method("forward");
        if (!fwd || !callee->cls->find_method("backward")) {
          error(e.span, "`" + callee->cls->name + "` needs static methods `forward(ctx, ...)` and `backward(ctx, ...)`");
          return types.error();
        }
        return call_function(*fwd, e, true, callee->cls->name + ".apply", true);
      }
      if (callee->name == kNamedTupleClass) return namedtuple_new(callee, e);
      return call_builtin(callee->name, e);
    case TypeKind::Function:
      if (!callee->fn) {  // Callable[..., R]
        value_call_args(e, true);
        return callee->args.empty() ? types.any() : callee->args[0];
      }
      return call_function(*callee->fn, e, false, callee->fn->name);
    case TypeKind::ClassObj: {
      const ClassInfo* c = callee->cls;
      const Type* inst = types.get(TypeKind::Class, {}, c);
      if (FunctionInfo* init = c->find_method("__init__")) {
        call_function(*init, e, true, c->name);
        check_function(*init);  // the attributes it sets, typed by this call's arguments
      } else if (!c->exception_root().empty()) {
        // Exception classes take any positional arguments: they become `args`.
        for (const auto& x : e.elts) expr(*x);
        if (!e.keywords.empty()) error(e.keywords[0].value->span, "`" + c->name + "()` takes no keyword arguments");
      } else if (!e.elts.empty() || !e.keywords.empty()) {
        error(e.span, "`" + c->name + "()` takes no arguments (it has no `__init__`)");
      }
      return inst;
    }
    case TypeKind::Class:
      if (FunctionInfo* f = callee->cls->find_method("__call__")) return call_function(*f, e, true, callee->cls->name + ".__call__");
      // An nn.Module is called through its forward (as PyTorch's Module.__call__ does); when the
      // class known here has only Module's own (`nn.Module`, a loss base joined from two losses),
      // the value's class decides at run time.
      if (forward_at_run_time(callee->cls)) {
        value_call_args(e, true);
        return types.any();
      }
      if (FunctionInfo* f = module_forward(callee->cls)) return call_function(*f, e, true, callee->cls->name + ".forward");
      error(e.a->span, "`" + callee->cls->name + "` object is not callable (it has no `__call__`)");
      return types.error();
    case TypeKind::TypeObj: {
      // int(x), float(x), ...: conversions.
      for (const auto& a : e.elts) expr(*a);
      return callee->args[0];
    }
    case TypeKind::Method: {
      if (const std::string* attr = callee->fn ? registered_attribute(e) : nullptr) {
        // The registered name becomes an attribute of self, typed by the value.
        const Type* self = expr(*e.a->a);
        const Type* v = expr(*e.elts[1]);
        if (self->kind == TypeKind::Class && frame_->cls && frame_->cls->derives_from(self->cls)) {
          auto* cls = const_cast<ClassInfo*>(self->cls);
          const Field* f = cls->find_field(*attr);
          if (!f) cls->add_field(*attr, Field{v, e.elts[0]->span});
          else if (!assignable(v, f->type))
            error(e.elts[1]->span, "cannot register " + v->str() + " as `" + *attr + "`, an attribute of type " + f->type->str());
        }
      }
      if (callee->fn) {
        const Type* r = call_function(*callee->fn, e, !callee->fn->is_static || callee->fn->is_classmethod, callee->fn->owner ? callee->fn->owner->name + "." + callee->fn->name : callee->fn->name);
        // `-> Self`: the receiver's own class (a subclass of the method's owner).
        const Type* recv = callee->args.empty() ? nullptr : callee->args[0];
        if (callee->fn->returns_self && recv && recv->kind == TypeKind::Class && callee->fn->owner &&
            recv->cls->derives_from(callee->fn->owner))
          return recv;
        return r;
      }
      if (callee->args[0]->kind == TypeKind::Tensor && !builtin_tensor_method(callee->name)) return call_op(callee->name, true, e);
      return call_builtin(callee->name, e);
    }
    default:
      for (const auto& a : e.elts) expr(*a);
      error(e.a->span, callee->str() + " is not callable");
      return types.error();
  }
}

// Note [Parameter types from calls]
// Python scripts leave most parameters unannotated (`def evaluate(model, loader)`,
// `MLP.__init__(self, d_in, hidden, d_out)`). TorchScript makes them Tensor, which rejects
// nearly every such script. Here an unannotated parameter takes the type of the argument its
// first call passes, and the body is checked with it: functions and methods are checked on
// demand (at the first call that needs the result, or at the end of the program), `__init__`
// at the first construction or when an attribute it sets is first needed. One with a literal
// default starts from the default's type (Note [Parameter types from defaults]) and joins the
// first argument's (`channels=None` called with 2 is Optional[int]). A later call whose
// argument the type does not take widens it to the join (int to float, two classes to their
// common base, T to Optional[T]), or to Any where there is none (Python's duck typing: a
// Tensor then a float, two unrelated classes); a body already checked is then checked again
// with the wider type (its first check's diagnostics withdrawn), and the call is an error only
// when that changes the function's inferred return type, which earlier calls have used. A def
// nested in a function waits for its first call too (with the enclosing locals as they were
// at the def), or is checked at the end of the enclosing body. A parameter whose body is
// checked before any call (a function only passed as a value: `key=f`, `model.apply(init_fn)`,
// a hook; one never called) is Any, its uses checked at run time, as Python does (TorchScript's
// Tensor would turn `isinstance(m, nn.Linear)` in an init function into False), or its
// default's type (None: Optional[Tensor]). The argument's type is taken as it is: None gives
// Optional[Tensor], a run-time value (Any) stays Any.
void Checker::bind_param(ParamInfo& p, const Type* t, const Span& at) {
  // A function passed as an argument: the parameter is any callable, not that one function (a
  // call through it is dispatched on the value: `apply(inc, 1)` then `apply(dbl, 1)`).
  if (t->kind == TypeKind::Function && t->fn) t = types.get(TypeKind::Function, {t->fn->ret ? t->fn->ret : types.any()});
  if (p.has_default) {
    const Type* j = join(p.type, t);
    p.type = j && j->kind != TypeKind::Error ? j : types.any();
  } else {
    p.type = t->kind == TypeKind::None ? types.optional(types.tensor()) : t;
  }
  p.bound = true;
  p.bound_at = at;
}

bool Checker::param_from_call(FunctionInfo& f, size_t i, const Expr& arg, const Type* t, const std::string& what) {
  ParamInfo& p = f.params[i];
  if (!p.from_call) return false;
  if (!p.bound) {
    bind_param(p, t, arg.span);
    return true;
  }
  // A nested def's diagnostics went into its enclosing function's pass: it is not checked again.
  if (assignable(t, p.type) || f.state == 1 || (f.state == 2 && f.captured)) return false;
  const Type* j = join(p.type, t);
  if (!j || j->kind == TypeKind::Error) j = types.any();
  p.type = j;
  if (f.state == 2) {
    const Type* before = f.ret;
    for (size_t d : f.body_diagnostics) diags_.discard(d);
    f.state = 0;
    if (!f.ret_declared) f.ret = nullptr;
    check_function(f);
    if (!f.ret_declared && f.ret != before && before) {
      auto& d = error(arg.span, "with `" + p.name + "` " + (j->kind == TypeKind::Any ? std::string("dynamic") : "a " + j->str()) +
                                    ", `" + what + "` returns " + f.ret->str() + ", not " + before->str() +
                                    " as for its earlier calls");
      if (p.bound_at.valid()) d.notes.push_back(Note{p.bound_at, "`" + p.name + "` took its type from this call"});
      d.hints.push_back("annotate the return type, or give this call its own function");
    }
  }
  return true;
}

// A function passed where the callee will call it with arguments of types `params` (`key=` of
// sorted, functools.reduce's function): a lambda is checked with them, a def whose parameters
// wait for a call takes them (Note [Parameter types from calls]).
void Checker::function_argument(const Expr& f, const std::vector<const Type*>& params) {
  if (f.kind == ExprKind::Lambda) {
    lambda_params_ = params;
    return;
  }
  if (f.kind != ExprKind::Name) return;
  const Type* t = expr(f);
  if (t->kind != TypeKind::Function || !t->fn || !t->fn->decl) return;
  auto& fn = const_cast<FunctionInfo&>(*t->fn);
  if (!fn.resolved) resolve_signature(fn);
  for (size_t i = 0; i < params.size() && i < fn.params.size(); ++i) {
    ParamInfo& p = fn.params[i];
    if (awaits(p) && params[i] && !dynamic(params[i])) bind_param(p, params[i], f.span);
  }
}

// Python's protocols call dunder methods with arguments the checker sees outside a call
// (`obj[i]` is `__getitem__(i)`, `a + b` is `__add__(b)`, `x in obj` is `__contains__(x)`):
// parameter `i` of `f` (if there is one) takes `arg`'s type as a call's argument would.
void Checker::dunder_argument(FunctionInfo* f, size_t i, const Expr& arg, const Type* t) {
  if (!f || !f->decl) return;
  if (!f->resolved) resolve_signature(*f);
  if (i < f->params.size()) param_from_call(*f, i, arg, t, (f->owner ? f->owner->name + "." : "") + f->name);
}

// The type an argument is checked against: its parameter's, or for one still waiting for its
// type nothing (a lambda then takes Any parameters: the body calling it decides).
const Type* Checker::expected_argument(const ParamInfo& p, const Expr& arg) {
  if (!awaits(p)) return p.type;
  return arg.kind == ExprKind::Lambda ? types.any() : nullptr;
}

// The hint for an argument an unannotated parameter does not take: where its type came from.
void Checker::unannotated_hint(const FunctionInfo& f, size_t i, const Type* t, Diagnostic& d) {
  const ParamInfo& p = f.params[i];
  if (!f.decl || f.decl->params.size() <= i || f.decl->params[i].annotation || f.lambda) return;
  std::string why = p.from_call && p.bound_at.valid() ? "took its type, " + p.type->str() + ", from its first call"
                    : p.type->kind == TypeKind::Tensor ? std::string("is a Tensor")
                                                       : "takes the type of its default, " + p.type->str();
  d.hints.push_back("`" + p.name + "` is not annotated, so it " + why + "; annotate it, e.g. `" + p.name + ": " +
                    (p.from_call && p.bound_at.valid() && join(p.type, t) ? join(p.type, t) : t)->str() + "`");
  if (p.from_call && p.bound_at.valid()) d.notes.push_back(Note{p.bound_at, "the first call"});
}

const Type* Checker::call_function(const FunctionInfo& fc, const Expr& e, bool skip_self, const std::string& what,
                                   bool skip_ctx) {
  auto& f = const_cast<FunctionInfo&>(fc);
  sandbox_call(f, e, what);
  if (f.decl && f.params.empty() && !f.decl->params.empty()) resolve_signature(f);
  size_t first = (skip_self && (!f.is_static || f.is_classmethod)) || skip_ctx ? 1 : 0;
  std::vector<bool> filled(f.params.size(), false);
  size_t pi = first;
  auto note = [&](Diagnostic& d) {
    if (f.decl) d.notes.push_back(Note{f.decl->name_span, "`" + what + "` is defined here"});
  };
  // f(*xs, **mapping) is bound at run time: after a `*xs` the positions are unknown here.
  bool runtime_positions = false;
  for (const auto& a : e.elts) {
    if (runtime_positions || (a->kind == ExprKind::Starred && spreads_keywords(e) &&
                              !(pi < f.params.size() && f.params[pi].vararg))) {
      if (a->kind == ExprKind::Starred) element_type(expr(*a->a), a->a->span);
      else expr(*a);
      runtime_positions = true;
      continue;
    }
    if (pi < f.params.size() && f.params[pi].vararg) {
      // The rest of the positional arguments (and `*xs` sequences) fill *args.
      const Type* el = f.params[pi].type->args[0];
      const Type* t = a->kind == ExprKind::Starred ? expr(*a->a) : expr(*a, el);
      if (a->kind == ExprKind::Starred) t = element_type(t, a->a->span);
      if (!assignable(t, el))
        note(error(a->span, "argument `*" + f.params[pi].name + "` of `" + what + "` takes " + el->str() + ", not " + t->str()));
      filled[pi] = true;
      continue;
    }
    if (a->kind == ExprKind::Starred) {
      expr(*a->a);
      error(a->span, "`*` in a call is only supported where it fills a `*args` parameter");
      return f.ret ? f.ret : types.error();
    }
    const Type* t = expr(*a, pi < f.params.size() ? expected_argument(f.params[pi], *a) : nullptr);
    if (pi >= f.params.size() || f.params[pi].kwonly || f.params[pi].kwvar) {
      size_t max = 0;
      for (size_t k = first; k < f.params.size(); ++k) max += !f.params[k].kwonly && !f.params[k].vararg && !f.params[k].kwvar;
      note(error(a->span, "`" + what + "` takes " + std::to_string(max) + " positional argument" + (max == 1 ? "" : "s") +
                              " but " + std::to_string(e.elts.size()) + (e.elts.size() == 1 ? " was" : " were") + " given"));
      return f.ret ? f.ret : types.error();
    }
    if (!param_from_call(f, pi, *a, t, what) && !assignable(t, f.params[pi].type)) {
      if (t->kind == TypeKind::Optional && assignable(t->args[0], f.params[pi].type)) {
        use_maybe_none(*a, "TypeError", f.name + "(): argument '" + f.params[pi].name + "' must be " + f.params[pi].type->str() + ", not NoneType");
      } else {
        auto& d = error(a->span, "argument `" + f.params[pi].name + "` of `" + what + "` must be " + f.params[pi].type->str() + ", not " + t->str());
        unannotated_hint(f, pi, t, d);
        note(d);
      }
    }
    filled[pi++] = true;
  }
  bool unknown_kw = false;
  const Expr* spread = nullptr;  // f(**mapping): the keywords it holds are bound at run time
  size_t kwvar = f.params.size();
  for (size_t j = first; j < f.params.size(); ++j)
    if (f.params[j].kwvar) kwvar = j;
  for (const auto& k : e.keywords) {
    if (k.name.empty()) {
      spread = k.value.get();
      mapping_argument(*k.value);
      continue;
    }
    size_t idx = f.params.size();
    for (size_t j = first; j < f.params.size(); ++j) {
      if (f.params[j].name == k.name && !f.params[j].vararg && !f.params[j].kwvar) idx = j;
    }
    const Type* t = expr(*k.value, idx < f.params.size() ? expected_argument(f.params[idx], *k.value) : nullptr);
    if (idx == f.params.size() && kwvar < f.params.size()) {
      // A keyword no parameter names goes into **kwargs.
      const Type* v = f.params[kwvar].type->args[1];
      if (!assignable(t, v))
        note(error(k.value->span, "argument `" + k.name + "` of `" + what + "` goes into `**" + f.params[kwvar].name +
                                      "`, which takes " + v->str() + ", not " + t->str()));
      continue;
    }
    if (idx == f.params.size()) {
      std::vector<std::string> names;
      for (size_t j = first; j < f.params.size(); ++j) names.push_back(f.params[j].name);
      unknown_kw = true;
      auto& d = error(k.name_span, "`" + what + "` got an unexpected keyword argument `" + k.name + "`");
      std::string near = closest_name(k.name, names);
      if (!near.empty()) d.hints.push_back("did you mean `" + near + "`?");
      note(d);
      continue;
    }
    if (filled[idx]) {
      error(k.name_span, "`" + what + "` got multiple values for argument `" + k.name + "`");
      continue;
    }
    if (!param_from_call(f, idx, *k.value, t, what) && !assignable(t, f.params[idx].type)) {
      if (t->kind == TypeKind::Optional && assignable(t->args[0], f.params[idx].type)) {
        use_maybe_none(*k.value, "TypeError", f.name + "(): argument '" + k.name + "' must be " + f.params[idx].type->str() + ", not NoneType");
      } else {
        auto& d = error(k.value->span, "argument `" + k.name + "` of `" + what + "` must be " + f.params[idx].type->str() + ", not " + t->str());
        unannotated_hint(f, idx, t, d);
        note(d);
      }
    }
    filled[idx] = true;
  }
  for (size_t j = first; j < f.params.size(); ++j) {
    if (filled[j] || f.params[j].vararg || f.params[j].kwvar) continue;
    // A parameter the mapping may fill takes a value known only at run time.
    if (spread) param_from_call(f, j, *spread, types.any(), what);
    else if (!f.params[j].has_default && !unknown_kw)
      note(error(e.span, "`" + what + "` missing required argument `" + f.params[j].name + "`"));
  }
  if (!f.ret && f.decl) {
    if (f.state == 1) {
      error(e.span, "`" + f.name + "` calls itself before its return type is known")
          .hints.push_back("annotate the return type: `def " + f.name + "(...) -> T:`");
      return types.error();
    }
    check_function(f);
  }
  return f.ret ? f.ret : types.any();
}

}  // namespace ts::frontend
