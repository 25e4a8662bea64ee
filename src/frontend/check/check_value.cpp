// Expression dispatch, attributes, subscripts and assignment targets.
#include <algorithm>
#include <optional>

#include "frontend/check/checker.h"

namespace ts::frontend {

namespace {

struct DepthScope {
  int& d;
  explicit DepthScope(int& depth) : d(depth) { ++d; }
  ~DepthScope() { --d; }
};


}  // namespace

// Note [Optional used directly]
// PyTorch code uses Optional values directly where the program knows better than flow typing:
// `x.grad` after backward, `m.bias` of a Linear built with bias, a dict's `get`, the attention
// weights MultiheadAttention returns. Such a use is a warning from `tsc check` (an error with
// --strict), and the program runs: the checker types the value as its non-None type, and the
// emitter checks it where it is used, raising CPython's own error if it is None there
// (AttributeError: 'NoneType' object has no attribute 'shape'; TypeError: 'NoneType' object is
// not subscriptable / not iterable). A value the flow typing proves not None has no check.
namespace {
// How a diagnostic names `e`: `x`, `m.fc.bias`, `d.get(...)`; "" for anything else.
std::string spelled(const Expr& e) {
  if (e.kind == ExprKind::Name) return e.name;
  if (e.kind == ExprKind::Attribute) {
    std::string base = spelled(*e.a);
    return base.empty() ? "" : base + "." + e.name;
  }
  if (e.kind == ExprKind::Call) {
    std::string callee = spelled(*e.a);
    return callee.empty() ? "" : callee + "(...)";
  }
  return "";
}
}  // namespace

const Type* Checker::use_maybe_none(const Expr& e, const char* cls, std::string msg) {
  const Type* t = e.type;
  std::string name = spelled(e);
  if (name.empty()) name = "this value";
  auto& d = warning(e.span, "`" + name + "` may be None here (its type is " + t->str() + ")");
  d.hints.push_back((e.kind == ExprKind::Name ? "check `if " + name + " is not None:` first"
                                              : std::string("assign it to a local and check `is not None` first")) +
                    "; if it is None here, this raises " + cls);
  e.none_check = std::make_shared<const Expr::NoneCheck>(Expr::NoneCheck{cls, std::move(msg)});
  e.type = t->args[0];
  return e.type;
}

const Type* Checker::expr(const Expr& e, const Type* expected) {
  e.none_check.reset();  // checked again (Note [Refining locals]): decided afresh
  const Type* t = expr_kind(e, expected);
  e.type = t;
  if (restricted_ && (t->kind == TypeKind::Builtin || t->kind == TypeKind::Function || t->kind == TypeKind::Method))
    sandbox_builtin(t, e);
  return t;
}

const Type* Checker::expr_kind(const Expr& e, const Type* expected) {
  DepthScope guard(depth_);
  // An Optional[T] is expected: a literal is checked against T.
  if (expected && expected->kind == TypeKind::Optional) expected = expected->args[0];
  if (depth_ > kMaxCheckDepth) {
    error(e.span, "expression nested too deeply to check");
    return types.error();
  }
  switch (e.kind) {
    case ExprKind::Name: return lookup(e.name, e.span);
    case ExprKind::Int: return types.integer();
    case ExprKind::Float: return types.floating();
    case ExprKind::Str: return types.str();
    case ExprKind::Bool: return types.boolean();
    case ExprKind::None: return types.none();
    case ExprKind::Ellipsis: return types.any();
    case ExprKind::FString: {
      std::vector<const FStringPart*> stack;
      for (const auto& p : e.fparts) stack.push_back(&p);
      while (!stack.empty()) {
        const FStringPart* p = stack.back();
        stack.pop_back();
        if (p->expr) expr(*p->expr);
        for (const auto& s : p->spec) stack.push_back(&s);
      }
      return types.str();
    }
    case ExprKind::Tuple: {
      std::vector<const Type*> ts;
      for (size_t i = 0; i < e.elts.size(); ++i) {
        const Type* ex = expected && expected->kind == TypeKind::Tuple && i < expected->args.size() ? expected->args[i] : nullptr;
        ts.push_back(expr(*e.elts[i], ex));
      }
      return types.tuple(ts);
    }
    case ExprKind::List: {
      const Type* want = expected && expected->kind == TypeKind::List ? expected->args[0] : nullptr;
      if (e.elts.empty()) return want ? expected : types.list(types.any());
      // A list passed where Any is expected passes that on (a lambda element takes Any parameters).
      const Type* hint = want ? want : expected && expected->kind == TypeKind::Any ? expected : nullptr;
      const Type* r = nullptr;
      for (const auto& x : e.elts) {
        const Type* t = expr(*x, hint);
        if (want) {
          if (!assignable(t, want)) error(x->span, "list element of type " + t->str() + " where " + want->str() + " is expected");
          continue;
        }
        // Elements with no common type (`[1, "a"]`, `[Normalize(), ToTensor()]` of unrelated
        // classes) make a list of dynamic values, as Python's lists hold anything.
        const Type* j = r ? join(r, t) : t;
        r = j && j->kind != TypeKind::Error ? j : types.any();
      }
      return want ? expected : types.list(r);
    }
    case ExprKind::Dict: {
      const Type* wk = expected && expected->kind == TypeKind::Dict ? expected->args[0] : nullptr;
      const Type* wv = expected && expected->kind == TypeKind::Dict ? expected->args[1] : nullptr;
      if (e.elts.empty()) return wk ? expected : types.dict(types.any(), types.any());
      const Type *k = nullptr, *v = nullptr;
      for (size_t i = 0; i < e.elts.size(); ++i) {
        const Type *kt, *vt;
        if (e.elts[i]->kind == ExprKind::Starred) {
          // Note [Dict unpacking]: `{**a, "k": v}` takes a's entries in order; the parsers
          // give `**a` as a Starred key with a placeholder value.
          const Type* mt = expr(*e.elts[i]->a);
          if (dynamic(mt)) {
            kt = vt = types.any();
          } else if (mt->kind == TypeKind::Dict) {
            kt = mt->args[0];
            vt = mt->args[1];
          } else {
            error(e.elts[i]->a->span, "'" + mt->str() + "' object is not a mapping");
            return types.error();
          }
        } else {
          kt = expr(*e.elts[i], wk);
          vt = expr(*e.elts2[i], wv);
        }
        if (wk) {  // each entry is checked against the expected key and value types
          if (!assignable(kt, wk)) error(e.elts[i]->span, "dict key of type " + kt->str() + " where " + wk->str() + " is expected");
          if (!assignable(vt, wv)) error(e.elts2[i]->span, "dict value of type " + vt->str() + " where " + wv->str() + " is expected");
          continue;
        }
        const Type* jk = k ? join(k, kt) : kt;
        // Values of different types make a Dict[K, Any] (option dicts such as optimizer groups).
        // Once Any, the values stay Any (join(Any, T) is T, which would type the dict by its
        // last value).
        const Type* jv = v ? (v->kind == TypeKind::Any ? v : join(v, vt)) : vt;
        if (!jv) jv = types.any();
        if (!jk) {
          error(e.elts[i]->span, "dict keys must have one type");
          return types.error();
        }
        k = jk;
        v = jv;
      }
      return wk ? expected : types.dict(k, v);
    }
    case ExprKind::ListComp:
    case ExprKind::DictComp: {
      if (e.kind == ExprKind::ListComp && e.ival == kGeneratorExpression)  // Note [Generator arguments]
        error(e.span, "generator expressions are not supported in Ts except as a call's arguments (taken as list comprehensions); use a list comprehension `[...]`");
      // Comprehension variables do not leak: save and restore what they shadow.
      std::vector<std::pair<std::string, std::optional<Symbol>>> saved;
      auto saved_narrow = narrowed_;
      for (const auto& c : e.comps) {
        const Type* it = expr(*c.iter);
        if (it->kind == TypeKind::Optional) it = use_maybe_none(*c.iter, "TypeError", "'NoneType' object is not iterable");
        const Type* el = element_type(it, c.iter->span);
        std::vector<const Expr*> names = {c.target.get()};
        while (!names.empty()) {
          const Expr* n = names.back();
          names.pop_back();
          if (n->kind == ExprKind::Name) {
            auto f = frame_->vars->find(n->name);
            saved.push_back({n->name, f == frame_->vars->end() ? std::nullopt : std::optional<Symbol>(f->second)});
            frame_->vars->erase(n->name);
            narrowed_.erase(n->name);
          }
          for (const auto& x : n->elts) names.push_back(x.get());
        }
        assign(*c.target, el, c.iter->span, nullptr);
        for (const auto& f : c.ifs) {
          expr(*f);
          Facts t;
          conditions(*f, &t, nullptr);
          apply(t);
        }
      }
      const Type* r;
      if (e.kind == ExprKind::ListComp) {
        const Type* want = expected && expected->kind == TypeKind::List ? expected->args[0] : nullptr;
        const Type* el = expr(*e.a, want);
        // [Linear(...) for ...] where List[Module] is expected takes the expected type.
        r = want && assignable(el, want) ? expected : types.list(el);
      } else {
        const Type* k = expr(*e.a);
        r = types.dict(k, expr(*e.b));
      }
      for (auto it = saved.rbegin(); it != saved.rend(); ++it) {
        if (it->second) (*frame_->vars)[it->first] = *it->second;
        else frame_->vars->erase(it->first);
      }
      narrowed_ = saved_narrow;
      return r;
    }
    case ExprKind::Attribute: {
      const Type* base = expr(*e.a);
      return attribute(base, e);
    }
    case ExprKind::Subscript: {
      const Type* base = expr(*e.a);
      if (base->kind == TypeKind::Optional) base = use_maybe_none(*e.a, "TypeError", "'NoneType' object is not subscriptable");
      if (dynamic(base)) {
        for (const auto& x : e.elts) {
          if (x->kind != ExprKind::Slice) {
            expr(*x);
            continue;
          }
          for (const Expr* p : {x->a.get(), x->b.get(), x->c.get()})
            if (p) expr(*p);
        }
        return base;
      }
      if (base->kind == TypeKind::TypeObj) return types.get(TypeKind::TypeObj, {annotation(e)});
      if (base->kind == TypeKind::Tensor) {
        for (const auto& x : e.elts) {
          if (x->kind == ExprKind::Slice) {
            for (const Expr* p : {x->a.get(), x->b.get(), x->c.get()}) {
              if (!p) continue;
              const Type* pt = expr(*p);
              if (!dynamic(pt) && pt->kind != TypeKind::Int && pt->kind != TypeKind::None && pt->kind != TypeKind::Tensor) {
                error(p->span, "slice bounds must be int or None, got " + pt->str());
              }
            }
            continue;
          }
          const Type* it = expr(*x);
          bool ok = dynamic(it) || it->kind == TypeKind::Int || it->kind == TypeKind::Bool ||
                    it->kind == TypeKind::None || it->kind == TypeKind::Tensor ||
                    x->kind == ExprKind::Ellipsis ||
                    (it->kind == TypeKind::List && (it->args[0]->kind == TypeKind::Int || dynamic(it->args[0]))) ||
                    (it->kind == TypeKind::List && it->args[0]->kind == TypeKind::Tensor && e.elts.size() == 1);
          if (!ok) error(x->span, "a Tensor index must be int, slice, None, ..., a Tensor or List[int]; got " + it->str());
        }
        return types.tensor();
      }
      if (e.elts.size() != 1) {
        error(e.span, "multi-dimensional indexing works only on Tensors; this is " + base->str());
        return types.error();
      }
      const Expr& ix = *e.elts[0];
      if (ix.kind == ExprKind::Slice && base->kind == TypeKind::List && base->name == "deque") {
        error(ix.span, "a deque cannot be sliced (sequence index must be integer, not 'slice')")
            .hints.push_back("slice a list of it: `list(d)[a:b]`");
        return types.error();
      }
      if (ix.kind == ExprKind::Slice) {
        for (const Expr* p : {ix.a.get(), ix.b.get(), ix.c.get()}) {
          if (!p) continue;
          const Type* pt = expr(*p);
          bool opt_int = pt->kind == TypeKind::Optional && pt->args[0]->kind == TypeKind::Int;
          if (!dynamic(pt) && pt->kind != TypeKind::Int && pt->kind != TypeKind::None && !opt_int)
            error(p->span, "slice bounds must be int or None, got " + pt->str());
        }
        if (base->kind == TypeKind::List || base->kind == TypeKind::Str) return base;
        if (base->kind == TypeKind::Class) {
          // obj[a:b:c] calls `__getitem_slice__(a, b, c)` (each Optional[int]): Ts's spelling of
          // __getitem__(slice), whose result type may differ from an element's (Sequential).
          if (FunctionInfo* f = base->cls->find_method("__getitem_slice__")) {
            check_function(*f);
            return f->ret ? f->ret : types.any();
          }
          error(ix.span, "`" + base->cls->name + "` cannot be sliced: it has no `__getitem_slice__(start, stop, step)`");
          return types.error();
        }
        if (base->kind == TypeKind::Tuple) {
          // The element types must be known: literal bounds and step (None or omitted for
          // the defaults), taken as Python's slice.indices() takes them.
          bool known = true;
          auto lit = [&known](const Expr* p) -> std::optional<int64_t> {
            if (!p || p->kind == ExprKind::None) return std::nullopt;
            if (p->kind == ExprKind::Int) return p->ival;
            if (p->kind == ExprKind::Unary && p->uop == UnaryOp::Neg && p->a->kind == ExprKind::Int) return -p->a->ival;
            known = false;
            return std::nullopt;
          };
          const int64_t n = static_cast<int64_t>(base->args.size());
          auto lo = lit(ix.a.get()), hi = lit(ix.b.get()), st = lit(ix.c.get());
          if (!known) {
            error(ix.span, "tuple slices need literal bounds and step (the element types must be known)");
            return types.error();
          }
          const int64_t step = st.value_or(1);
          if (step == 0) {
            error(ix.c->span, "slice step cannot be zero");
            return types.error();
          }
          // Python's bounds: negative ones count from the end, then clamp to the range.
          auto bound = [&](std::optional<int64_t> v, int64_t dflt) {
            if (!v) return dflt;
            int64_t x = *v < 0 ? *v + n : *v;
            return step > 0 ? std::clamp<int64_t>(x, 0, n) : std::clamp<int64_t>(x, -1, n - 1);
          };
          const int64_t a = bound(lo, step > 0 ? 0 : n - 1), b = bound(hi, step > 0 ? n : -1);
          std::vector<const Type*> el;
          for (int64_t i = a; step > 0 ? i < b : i > b; i += step) el.push_back(base->args[static_cast<size_t>(i)]);
          return types.tuple(el);
        }
        error(ix.span, base->str() + " cannot be sliced");
        return types.error();
      }
      const Type* it = expr(ix);
      if (is_environ(base)) {
        if (!dynamic(it) && it->kind != TypeKind::Str) error(ix.span, "os.environ keys must be str, not " + it->str());
        return types.str();
      }
      switch (base->kind) {
        case TypeKind::List:
        case TypeKind::Str:
          if (!dynamic(it) && it->kind != TypeKind::Int && it->kind != TypeKind::Bool) {
            error(ix.span, base->str() + " indices must be int, not " + it->str());
          }
          return base->kind == TypeKind::Str ? base : base->args[0];
        case TypeKind::Dict:
          // `counts = Counter()` / `defaultdict(list)` then `counts[w] += 1`: the first key read
          // gives the key type (Note [Refining locals]); reading a missing key is not an error.
          if ((base->name == "Counter" || base->name == "defaultdict") && dynamic(base->args[0]) && !dynamic(it) &&
              refine_local(*e.a, types.like(base, {it, base->args[1]})))
            return base->args[1];
          if (!assignable(it, base->args[0])) error(ix.span, "key of type " + it->str() + " for " + base->str());
          return base->args[1];
        case TypeKind::Tuple: {
          int64_t n = static_cast<int64_t>(base->args.size());
          if (ix.kind == ExprKind::Int) {
            int64_t i = ix.ival < 0 ? ix.ival + n : ix.ival;
            if (i < 0 || i >= n) {
              error(ix.span, "tuple index " + std::to_string(ix.ival) + " out of range for " + base->str());
              return types.error();
            }
            return base->args[static_cast<size_t>(i)];
          }
          const Type* r = nullptr;
          for (const Type* x : base->args) r = r ? join(r, x) : x;
          if (!r || r->kind == TypeKind::Error) {
            error(ix.span, "cannot index " + base->str() + " with a non-literal: the element types differ")
                .hints.push_back("use an integer literal, or unpack the tuple");
            return types.error();
          }
          return r;
        }
        case TypeKind::Class:
          if (FunctionInfo* f = base->cls->find_method("__getitem__")) {
            dunder_argument(f, 1, ix, it);
            check_function(*f);
            if (f->params.size() >= 2 && !assignable(it, f->params[1].type)) {
              error(ix.span, "`" + base->cls->name + ".__getitem__` takes " + f->params[1].type->str() + ", got " + it->str());
            }
            return f->ret ? f->ret : types.any();
          }
          [[fallthrough]];
        default:
          error(e.span, base->str() + " is not subscriptable");
          return types.error();
      }
    }
    case ExprKind::Slice:
      error(e.span, "a slice is only allowed inside `[...]`");
      return types.error();
    case ExprKind::Call: return call(e);
    case ExprKind::Starred:
      error(e.span, "`*` unpacking is only allowed in assignment targets and where it fills a `*args` parameter");
      return types.error();
    case ExprKind::Unary: {
      const Type* t = expr(*e.a);
      if (e.uop == UnaryOp::Not) return t->kind == TypeKind::Tensor ? types.boolean() : types.boolean();
      if (dynamic(t) || t->kind == TypeKind::Tensor) return t;
      if (t->kind == TypeKind::Int || t->kind == TypeKind::Bool) return types.integer();
      if (t->kind == TypeKind::Float && e.uop != UnaryOp::Invert) return t;
      if (t->kind == TypeKind::Class) {  // -x, +x, ~x call __neg__, __pos__, __invert__
        static const char* dunders[] = {"__neg__", "__pos__", "__invert__"};
        if (FunctionInfo* f = t->cls->find_method(dunders[int(e.uop)])) {
          check_function(*f);
          return f->ret ? f->ret : types.any();
        }
      }
      error(e.span, std::string("bad operand type for unary ") + unaryop_str(e.uop) + ": " + t->str());
      return types.error();
    }
    case ExprKind::Binary: {
      const Type* a = expr(*e.a);
      const Type* b = expr(*e.b);
      const Type* r = binary_result_of(e.bop, *e.a, a, *e.b, b);
      if (r) return r;
      auto& d = error(e.span, std::string("unsupported operand types for ") + binop_str(e.bop) + ": " + a->str() + " and " + b->str());
      if (a->kind == TypeKind::Optional || b->kind == TypeKind::Optional) {
        const Expr& o = a->kind == TypeKind::Optional ? *e.a : *e.b;
        if (o.kind == ExprKind::Name) d.hints.push_back("`" + o.name + "` may be None here; check `if " + o.name + " is not None:` first");
      } else if (a->kind == TypeKind::Str || b->kind == TypeKind::Str) {
        d.hints.push_back("convert with `str(...)`, or use an f-string");
      }
      return types.error();
    }
    case ExprKind::BoolOp: {
      const Type* r = nullptr;
      auto saved = narrowed_;
      for (const auto& x : e.elts) {
        const Type* t = expr(*x);
        Facts f;
        if (e.is_and) conditions(*x, &f, nullptr);
        else conditions(*x, nullptr, &f);
        apply(f);
        if (!r) {
          r = t;
        } else if (!e.is_and && r->kind == TypeKind::Optional && assignable(t, r->args[0])) {
          r = r->args[0];  // `x or default`
        } else {
          const Type* j = join(r, t);
          r = j ? j : types.any();
        }
      }
      narrowed_ = saved;
      return r;
    }
    case ExprKind::Compare: {
      const Type* left = expr(*e.a);
      const Type* first = left;
      bool tensor = false;
      for (size_t i = 0; i < e.elts.size(); ++i) {
        const Type* right = expr(*e.elts[i]);
        CmpOp op = e.cmp_ops[i];
        if (left->kind == TypeKind::Class && op != CmpOp::In && op != CmpOp::NotIn && op != CmpOp::Is && op != CmpOp::IsNot) {
          static const char* const kCompareDunders[] = {"__lt__", "__gt__", "__eq__", "__ge__", "__le__", "__ne__"};
          dunder_argument(left->cls->find_method(kCompareDunders[int(op)]), 1, *e.elts[i], right);
        }
        if (left->kind == TypeKind::Tensor || right->kind == TypeKind::Tensor || dynamic(left) || dynamic(right)) {
          if (op != CmpOp::Is && op != CmpOp::IsNot && op != CmpOp::In && op != CmpOp::NotIn) tensor = true;
        }
        if (op == CmpOp::In || op == CmpOp::NotIn) {
          if (!dynamic(right) && right->kind != TypeKind::Tensor) {
            const Type* el = nullptr;
            if (right->kind == TypeKind::List || right->kind == TypeKind::Dict) el = right->args[0];
            else if (right->kind == TypeKind::Str) el = types.str();
            else if (right->kind == TypeKind::Tuple || right->kind == TypeKind::Range) el = types.any();
            else if (right->kind == TypeKind::Class && right->cls->find_method("__contains__")) {
              dunder_argument(right->cls->find_method("__contains__"), 1, i == 0 ? *e.a : *e.elts[i - 1], left);
              el = types.any();
            }
            else if (is_environ(right)) el = types.str();
            if (!el) error(e.elts[i]->span, std::string("`") + cmpop_str(op) + "` needs a container on the right; this is " + right->str());
            else if (!assignable(left, el) && !assignable(el, left)) error(e.a->span, "cannot look for " + left->str() + " in " + right->str());
          }
        } else if (op == CmpOp::Lt || op == CmpOp::Gt || op == CmpOp::Le || op == CmpOp::Ge) {
          bool num = [](const Type* t) { return t->kind == TypeKind::Int || t->kind == TypeKind::Float || t->kind == TypeKind::Bool || t->kind == TypeKind::Tensor; }(left) &&
                     [](const Type* t) { return t->kind == TypeKind::Int || t->kind == TypeKind::Float || t->kind == TypeKind::Bool || t->kind == TypeKind::Tensor; }(right);
          // Tuples compare element by element, whatever their lengths (`sys.version_info >= (3, 8)`).
          bool same = (left == right && (left->kind == TypeKind::Str || left->kind == TypeKind::List)) ||
                      (left->kind == TypeKind::Tuple && right->kind == TypeKind::Tuple);
          bool cls = left->kind == TypeKind::Class;
          if (!num && !same && !cls && !dynamic(left) && !dynamic(right)) {
            auto& d = error(e.span, std::string("`") + cmpop_str(op) + "` is not supported between " + left->str() + " and " + right->str());
            if (left->kind == TypeKind::Optional && e.a->kind == ExprKind::Name) d.hints.push_back("`" + e.a->name + "` may be None here; check `if " + e.a->name + " is not None:` first");
          }
        }
        left = right;
      }
      if (tensor && e.elts.size() == 1) return dynamic(left) || dynamic(first) ? types.any() : types.tensor();
      return types.boolean();
    }
    case ExprKind::IfExp: {
      expr(*e.b);
      Facts t, f;
      conditions(*e.b, &t, &f);
      auto saved = narrowed_;
      apply(t);
      const Type* a = expr(*e.a, expected);
      narrowed_ = saved;
      apply(f);
      const Type* c = expr(*e.c, expected);
      narrowed_ = saved;
      const Type* j = join(a, c);
      if (!j) {
        error(e.span, "the branches of this conditional expression have different types: " + a->str() + " and " + c->str());
        return types.error();
      }
      return j;
    }
    case ExprKind::Lambda: {
      functions_.emplace_back();
      FunctionInfo& f = functions_.back();
      f.name = "<lambda>";
      f.lambda = &e;
      // Parameters: the types the callee gives them (lambda_params_), else Any, as a def's
      // parameters that no call typed (Note [Parameter types from calls]): a lambda is checked
      // where it is written, before its calls. The body's type is the result.
      const Type* pt = types.any();
      scopes_.emplace_back(*frame_->vars);
      auto* saved_vars = frame_->vars;
      frame_->vars = &scopes_.back();
      std::vector<const Type*> given = std::move(lambda_params_);
      lambda_params_.clear();
      if (given.size() != e.params.size()) given.clear();
      for (size_t i = 0; i < e.params.size(); ++i) {
        const auto& p = e.params[i];
        const Type* t = given.empty() ? pt : given[i];
        ParamInfo pi;
        pi.name = p.name;
        pi.type = t;
        pi.has_default = p.default_value != nullptr;
        pi.span = p.span;
        f.params.push_back(pi);
        (*frame_->vars)[p.name] = Symbol{t, p.span};
        narrowed_.erase(p.name);
      }
      f.ret = expr(*e.a);
      f.state = 2;
      frame_->vars = saved_vars;
      return types.get(TypeKind::Function, {}, nullptr, &f);
    }
  }
  return types.error();
}

}  // namespace ts::frontend
