// Python standard-library modules beyond math/time/random/os/sys and collections
// (check_collections.cpp): itertools, functools and copy.
#include <algorithm>
#include <cctype>
#include <optional>
#include <set>

#include "frontend/check/checker.h"

namespace ts::frontend {

// itertools (over finite iterables, giving lists), functools.reduce and partial, copy.
const Type* Checker::pylib_call(const std::string& n, const Expr& e) {
  const std::string short_name = n.substr(n.rfind('.') + 1);
  const std::string what = "`" + n + "()`";
  auto kw_expr = [&](const char* name) -> const Expr* {
    for (const auto& k : e.keywords)
      if (k.name == name) return k.value.get();
    return nullptr;
  };
  auto only_kw = [&](std::initializer_list<const char*> allowed) {
    for (const auto& k : e.keywords) {
      bool ok = false;
      for (const char* x : allowed) ok |= k.name == x;
      if (!ok) error(k.name_span, what + " got an unexpected keyword argument `" + k.name + "`");
    }
  };
  auto count_ok = [&](size_t lo, size_t hi) {
    size_t got = e.elts.size();
    if (got >= lo && got <= hi) return true;
    std::string want = lo == hi ? std::to_string(lo) : hi == SIZE_MAX ? "at least " + std::to_string(lo)
                                                                      : std::to_string(lo) + " to " + std::to_string(hi);
    error(e.span, what + " takes " + want + " positional argument" + (want == "1" ? "" : "s") + ", got " + std::to_string(got));
    return false;
  };
  // Checks a function argument, giving a lambda these parameter types; its result type.
  auto function_arg = [&](const Expr& f, std::vector<const Type*> params) -> const Type* {
    if (f.kind == ExprKind::Lambda) lambda_params_ = params;
    const Type* t = expr(f, types.get(TypeKind::Function, {types.any()}));
    lambda_params_.clear();
    if (dynamic(t)) return t;
    if (t->kind == TypeKind::Function) {
      if (!t->fn) return t->args.empty() ? types.any() : t->args[0];
      auto& fn = const_cast<FunctionInfo&>(*t->fn);
      if (fn.decl && !fn.resolved) resolve_signature(fn);
      size_t need = 0, most = 0;
      for (const auto& p : fn.params) {
        need += !p.has_default && !p.vararg && !p.kwonly && !p.kwvar;
        most += !p.kwonly && !p.kwvar;
        if (p.vararg) most = SIZE_MAX;
      }
      if (params.size() < need || params.size() > most) {
        error(f.span, "the function given to " + what + " is called with " + std::to_string(params.size()) + " argument" +
                          (params.size() == 1 ? "" : "s") + ", but `" + fn.name + "` takes " + std::to_string(need));
        return types.error();
      }
      for (size_t i = 0; i < params.size() && i < fn.params.size() && !fn.params[i].vararg; ++i)
        if (!assignable(params[i], fn.params[i].type))
          error(f.span, "the function given to " + what + " gets " + params[i]->str() + " for `" + fn.params[i].name +
                            "`, which is declared " + fn.params[i].type->str());
      if (!fn.ret && fn.decl) check_function(fn);
      return fn.ret ? fn.ret : types.any();
    }
    if (t->kind == TypeKind::Builtin || t->kind == TypeKind::Method || t->kind == TypeKind::TorchOp ||
        t->kind == TypeKind::ClassObj)
      return types.any();
    error(f.span, what + " needs a function here, not " + t->str());
    return types.error();
  };
  // The result type of a function folded over elements of type `el` from a running value of type
  // `acc` (reduce, accumulate): when it is wider (int / int is a float), the running value takes
  // it and a lambda is checked again with it.
  auto fold = [&](const Expr& f, const Type* acc, const Type* el) -> const Type* {
    const Type* r = function_arg(f, {acc, el});
    if (dynamic(r) || dynamic(acc)) return dynamic(r) ? r : acc;
    const Type* j = join(acc, r);
    if (j && j != acc) {
      acc = j;
      r = function_arg(f, {acc, el});
      if (dynamic(r)) return r;
      j = join(acc, r);
    }
    if (!j || !assignable(r, j)) {
      error(f.span, "the function given to " + what + " returns " + r->str() + " but the running value is " + acc->str());
      return types.error();
    }
    return j;
  };
  auto elements = [&](const Expr& x) { return element_type(expr(x), x.span); };
  // A literal int (`r=2`, `repeat=3`), else nullopt with an error naming why it must be one.
  auto literal_int = [&](const Expr* x, const char* name) -> std::optional<int64_t> {
    if (!x) return std::nullopt;
    const Type* t = expr(*x);
    if (x->kind == ExprKind::Int && x->ival >= 0) return x->ival;
    if (!dynamic(t))
      error(x->span, std::string("`") + name + "` of " + what + " must be a non-negative int literal: the length of the tuples is their type");
    return std::nullopt;
  };
  // The length of a literal iterable (a list or tuple display, a tuple type, range(k)).
  auto known_length = [&](const Expr& x) -> std::optional<int64_t> {
    if (x.kind == ExprKind::List || x.kind == ExprKind::Tuple) return int64_t(x.elts.size());
    if (x.type && x.type->kind == TypeKind::Tuple) return int64_t(x.type->args.size());
    if (x.kind == ExprKind::Call && x.a->kind == ExprKind::Name && x.a->name == "range" && x.elts.size() == 1 &&
        x.elts[0]->kind == ExprKind::Int)
      return std::max<int64_t>(x.elts[0]->ival, 0);
    return std::nullopt;
  };
  auto join_all = [&](const std::vector<const Type*>& ts, const Span& at) -> const Type* {
    const Type* r = nullptr;
    for (const Type* t : ts) {
      const Type* j = r ? join(r, t) : t;
      if (!j) {
        error(at, what + " joins iterables whose elements differ: " + r->str() + " and " + t->str());
        return types.error();
      }
      r = j;
    }
    return r ? r : types.any();
  };

  if (n == "copy.copy" || n == "copy.deepcopy") {
    only_kw({});
    if (!count_ok(1, 1)) {
      for (const auto& x : e.elts) expr(*x);
      return types.error();
    }
    return expr(*e.elts[0]);
  }
  if (n == "functools.reduce") {
    only_kw({});
    if (!count_ok(2, 3)) return types.error();
    const Type* el = elements(*e.elts[1]);
    const Type* acc = e.elts.size() == 3 ? expr(*e.elts[2]) : el;
    return fold(*e.elts[0], acc, el);
  }
  if (n == "functools.wraps") {
    // wraps(fn) is used as a decorator: `functools.wraps(fn)(wrapper)` is Checker::call's.
    only_kw({});
    count_ok(1, 1);
    return types.any();
  }
  if (n == "functools.partial") {
    // partial(f, *args, **kw): a function of the remaining arguments, with f's result.
    if (e.elts.empty()) {
      error(e.span, "`functools.partial()` needs the function to bind");
      return types.error();
    }
    const Type* f = expr(*e.elts[0], types.get(TypeKind::Function, {types.any()}));
    std::vector<const Type*> bound;
    for (size_t i = 1; i < e.elts.size(); ++i) bound.push_back(expr(*e.elts[i]));
    for (const auto& k : e.keywords) expr(*k.value);
    if (dynamic(f)) return types.get(TypeKind::Function, {types.any()});
    if (f->kind != TypeKind::Function) {
      error(e.elts[0]->span, "the first argument of `functools.partial()` must be a function, not " + f->str());
      return types.error();
    }
    if (!f->fn) return f;
    auto& fn = const_cast<FunctionInfo&>(*f->fn);
    if (fn.decl && !fn.resolved) resolve_signature(fn);
    size_t pi = 0;
    for (size_t i = 0; i < bound.size(); ++i, ++pi) {
      if (pi >= fn.params.size()) {
        error(e.elts[i + 1]->span, "`" + fn.name + "` takes " + std::to_string(fn.params.size()) + " arguments; `functools.partial()` binds more");
        break;
      }
      if (fn.params[pi].vararg) break;
      if (!assignable(bound[i], fn.params[pi].type))
        error(e.elts[i + 1]->span, "argument `" + fn.params[pi].name + "` of `" + fn.name + "` must be " +
                                       fn.params[pi].type->str() + ", not " + bound[i]->str());
    }
    for (const auto& k : e.keywords) {
      const ParamInfo* p = nullptr;
      bool kwvar = false;
      for (const auto& q : fn.params) {
        if (q.name == k.name && !q.vararg && !q.kwvar) p = &q;
        kwvar = kwvar || q.kwvar;
      }
      if (!p && !kwvar) error(k.name_span, "`" + fn.name + "` has no parameter `" + k.name + "`");
      else if (p && !assignable(k.value->type, p->type))
        error(k.value->span, "argument `" + k.name + "` of `" + fn.name + "` must be " + p->type->str() + ", not " + k.value->type->str());
    }
    if (!fn.ret && fn.decl) check_function(fn);
    return types.get(TypeKind::Function, {fn.ret ? fn.ret : types.any()});
  }
  if (n == "functools.lru_cache" || n == "functools.cache") {
    for (const auto& x : e.elts) expr(*x);
    error(e.span, "`" + short_name + "` is supported as a decorator of a function (`@" + short_name + (short_name == "cache" ? "" : "(maxsize=...)") + "`)");
    return types.error();
  }

  // ---- itertools ----
  if (n == "itertools.chain") {
    only_kw({});
    std::vector<const Type*> els;
    for (const auto& x : e.elts) els.push_back(elements(*x));
    return types.list(join_all(els, e.span));
  }
  if (n == "itertools.chain.from_iterable") {
    only_kw({});
    if (!count_ok(1, 1)) return types.error();
    const Type* outer = elements(*e.elts[0]);
    return types.list(element_type(outer, e.elts[0]->span));
  }
  if (n == "itertools.product") {
    only_kw({"repeat"});
    std::vector<const Type*> els;
    for (const auto& x : e.elts) els.push_back(elements(*x));
    int64_t rep = 1;
    if (const Expr* r = kw_expr("repeat")) {
      auto k = literal_int(r, "repeat");
      if (!k) return types.list(types.any());
      rep = *k;
    }
    std::vector<const Type*> t;
    for (int64_t i = 0; i < rep; ++i) t.insert(t.end(), els.begin(), els.end());
    return types.list(types.tuple(t));
  }
  if (n == "itertools.permutations" || n == "itertools.combinations" || n == "itertools.combinations_with_replacement") {
    only_kw({"r"});
    bool perm = short_name == "permutations";
    if (!count_ok(1, 2)) return types.error();
    const Type* el = elements(*e.elts[0]);
    const Expr* r = e.elts.size() > 1 ? e.elts[1].get() : kw_expr("r");
    std::optional<int64_t> k;
    if (r) {
      k = literal_int(r, "r");
    } else if (!perm) {
      error(e.span, what + " missing required argument `r`");
    } else {
      k = known_length(*e.elts[0]);
      if (!k) error(e.elts[0]->span, "`itertools.permutations()` without `r` needs an iterable of known length (a list display or range(k)); pass `r` as an int literal");
    }
    if (!k) return types.list(types.any());
    return types.list(types.tuple(std::vector<const Type*>(size_t(*k), el)));
  }
  if (n == "itertools.islice") {
    only_kw({});
    if (!count_ok(2, 4)) return types.error();
    const Type* el = elements(*e.elts[0]);
    for (size_t i = 1; i < e.elts.size(); ++i) {
      const Type* t = expr(*e.elts[i]);
      if (!dynamic(t) && t->kind != TypeKind::Int && t->kind != TypeKind::None && t->kind != TypeKind::Bool)
        error(e.elts[i]->span, "indices of `itertools.islice()` must be int or None, not " + t->str());
    }
    return types.list(el);
  }
  if (n == "itertools.accumulate") {
    only_kw({"func", "initial"});
    if (!count_ok(1, 2)) return types.error();
    const Type* el = elements(*e.elts[0]);
    const Type* acc = el;
    if (const Expr* init = kw_expr("initial")) {
      const Type* t = expr(*init);
      if (t->kind != TypeKind::None) acc = dynamic(t) ? t : join(el, t) ? join(el, t) : t;
    }
    const Expr* f = e.elts.size() > 1 ? e.elts[1].get() : kw_expr("func");
    if (f && f->kind != ExprKind::None) {
      acc = fold(*f, acc, el);
    } else if (!dynamic(acc) && !is_numeric(acc) && acc->kind != TypeKind::Tensor && acc->kind != TypeKind::Str &&
               acc->kind != TypeKind::List) {
      error(e.elts[0]->span, "`itertools.accumulate()` adds the elements, which are " + acc->str() + "; pass `func`");
    }
    return types.list(acc);
  }
  if (n == "itertools.zip_longest") {
    only_kw({"fillvalue"});
    const Expr* fill = kw_expr("fillvalue");
    const Type* ft = fill ? expr(*fill) : types.none();
    std::vector<const Type*> t;
    for (const auto& x : e.elts) {
      const Type* el = elements(*x);
      const Type* j = dynamic(el) ? el : join(el, ft);
      if (!j) {
        error(fill ? fill->span : x->span, "`fillvalue` of type " + ft->str() + " does not fit elements of type " + el->str());
        j = types.error();
      }
      t.push_back(j);
    }
    return types.list(types.tuple(t));
  }
  if (n == "itertools.groupby") {
    // Lists of the groups' elements (CPython gives iterators over them).
    only_kw({"key"});
    if (!count_ok(1, 2)) return types.error();
    const Type* el = elements(*e.elts[0]);
    const Expr* key = e.elts.size() > 1 ? e.elts[1].get() : kw_expr("key");
    const Type* k = key && key->kind != ExprKind::None ? function_arg(*key, {el}) : el;
    return types.list(types.tuple({k, types.list(el)}));
  }
  if (n == "itertools.starmap") {
    only_kw({});
    if (!count_ok(2, 2)) return types.error();
    const Type* el = elements(*e.elts[1]);
    std::vector<const Type*> params;
    if (el->kind == TypeKind::Tuple) params = el->args;
    else if (!dynamic(el)) error(e.elts[1]->span, "`itertools.starmap()` unpacks tuples; these elements are " + el->str());
    if (params.empty() && e.elts[0]->kind == ExprKind::Lambda) params.assign(e.elts[0]->params.size(), types.any());
    return types.list(function_arg(*e.elts[0], params));
  }
  if (n == "itertools.takewhile" || n == "itertools.dropwhile") {
    only_kw({});
    if (!count_ok(2, 2)) return types.error();
    const Type* el = elements(*e.elts[1]);
    function_arg(*e.elts[0], {el});
    return types.list(el);
  }
  if (n == "itertools.compress") {
    only_kw({});
    if (!count_ok(2, 2)) return types.error();
    const Type* el = elements(*e.elts[0]);
    elements(*e.elts[1]);
    return types.list(el);
  }
  if (n == "itertools.pairwise") {
    only_kw({});
    if (!count_ok(1, 1)) return types.error();
    const Type* el = elements(*e.elts[0]);
    return types.list(types.tuple({el, el}));
  }
  for (const auto& x : e.elts) expr(*x);
  return types.any();
}

}  // namespace ts::frontend
