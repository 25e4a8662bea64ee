// itertools over finite iterables (each gives a list of what CPython's iterator yields, in its
// order; count, cycle and repeat are classes of stdlib/ts/_itertools.ts, pulled lazily by islice
// and zip), functools.reduce and partial, and the cache behind @functools.lru_cache / @cache.
#include <algorithm>
#include <list>
#include <mutex>
#include <unordered_map>

#include "runtime/builtins.h"
#include "runtime/scalar_ops.h"

namespace ts::runtime {

namespace {

size_t npos(Args& a, const Kw& kw) { return a.size() - kw.size(); }
IValue call(Interp& I, const IValue& f, std::vector<IValue> args) { return I.call_value(f, args); }
int64_t int_arg(const IValue& v, const char* what) {
  if (v.is_bool()) return v.to_bool();
  if (!v.is_int()) raise("TypeError", std::string(what) + " must be an int, not " + v.type_name());
  return v.to_int();
}

// ---- itertools ----
IValue it_chain(Interp& I, Args& a, const Kw&) {
  std::vector<IValue> r;
  for (const IValue& x : a) {
    std::vector<IValue> xs = iterate_value(I, x);
    r.insert(r.end(), xs.begin(), xs.end());
  }
  return IValue::list(r);
}
IValue it_chain_from(Interp& I, Args& a, const Kw& kw) {
  Args parts = iterate_value(I, a[0]);
  return it_chain(I, parts, kw);
}
IValue it_product(Interp& I, Args& a, const Kw& kw) {
  int64_t rep = 1;
  if (const IValue* r = kwarg(a, kw, "repeat")) rep = int_arg(*r, "repeat");
  if (rep < 0) raise("ValueError", "repeat argument cannot be negative");
  std::vector<std::vector<IValue>> pools;
  for (size_t i = 0; i < npos(a, kw); ++i) pools.push_back(iterate_value(I, a[i]));
  std::vector<std::vector<IValue>> all;
  for (int64_t k = 0; k < rep; ++k) all.insert(all.end(), pools.begin(), pools.end());
  std::vector<std::vector<IValue>> acc = {{}};
  for (const auto& pool : all) {
    std::vector<std::vector<IValue>> next;
    for (const auto& p : acc)
      for (const IValue& x : pool) {
        next.push_back(p);
        next.back().push_back(x);
      }
    acc = std::move(next);
  }
  std::vector<IValue> r;
  for (auto& t : acc) r.push_back(IValue::tuple(std::move(t)));
  return IValue::list(r);
}
// r of permutations / combinations: positional 1 or keyword.
std::optional<int64_t> r_arg(Args& a, const Kw& kw) {
  const IValue* r = npos(a, kw) > 1 ? &a[1] : kwarg(a, kw, "r");
  if (!r || r->is_none()) return std::nullopt;
  int64_t v = int_arg(*r, "r");
  if (v < 0) raise("ValueError", "r must be non-negative");
  return v;
}
// CPython's index walks (Modules/itertoolsmodule.c, the recipes in its documentation).
IValue it_permutations(Interp& I, Args& a, const Kw& kw) {
  std::vector<IValue> pool = iterate_value(I, a[0]);
  int64_t n = int64_t(pool.size()), r = r_arg(a, kw).value_or(n);
  std::vector<IValue> out;
  if (r > n) return IValue::list(out);
  std::vector<int64_t> idx(static_cast<size_t>(n)), cycles(static_cast<size_t>(r));
  for (int64_t i = 0; i < n; ++i) idx[size_t(i)] = i;
  for (int64_t i = 0; i < r; ++i) cycles[size_t(i)] = n - i;
  auto emit = [&] {
    std::vector<IValue> t;
    for (int64_t i = 0; i < r; ++i) t.push_back(pool[size_t(idx[size_t(i)])]);
    out.push_back(IValue::tuple(t));
  };
  emit();
  while (n > 0) {
    bool done = true;
    for (int64_t i = r - 1; i >= 0; --i) {
      if (--cycles[size_t(i)] == 0) {
        std::rotate(idx.begin() + i, idx.begin() + i + 1, idx.end());
        cycles[size_t(i)] = n - i;
      } else {
        std::swap(idx[size_t(i)], idx[size_t(n - cycles[size_t(i)])]);
        emit();
        done = false;
        break;
      }
    }
    if (done) break;
  }
  return IValue::list(out);
}
IValue combinations(Interp& I, Args& a, const Kw& kw, bool with_replacement) {
  std::vector<IValue> pool = iterate_value(I, a[0]);
  std::optional<int64_t> rr = r_arg(a, kw);
  if (!rr) raise("TypeError", std::string(with_replacement ? "combinations_with_replacement" : "combinations") + "() missing required argument 'r' (pos 2)");
  int64_t n = int64_t(pool.size()), r = *rr;
  std::vector<IValue> out;
  if ((!with_replacement && r > n) || (with_replacement && n == 0 && r > 0)) return IValue::list(out);
  std::vector<int64_t> idx(static_cast<size_t>(r));
  for (int64_t i = 0; i < r; ++i) idx[size_t(i)] = with_replacement ? 0 : i;
  auto emit = [&] {
    std::vector<IValue> t;
    for (int64_t i : idx) t.push_back(pool[size_t(i)]);
    out.push_back(IValue::tuple(t));
  };
  emit();
  for (;;) {
    int64_t i = r - 1;
    while (i >= 0 && idx[size_t(i)] == (with_replacement ? n - 1 : i + n - r)) --i;
    if (i < 0) break;
    if (with_replacement) {
      int64_t v = idx[size_t(i)] + 1;
      for (int64_t j = i; j < r; ++j) idx[size_t(j)] = v;
    } else {
      ++idx[size_t(i)];
      for (int64_t j = i + 1; j < r; ++j) idx[size_t(j)] = idx[size_t(j - 1)] + 1;
    }
    emit();
  }
  return IValue::list(out);
}
IValue it_combinations(Interp& I, Args& a, const Kw& kw) { return combinations(I, a, kw, false); }
IValue it_combinations_wr(Interp& I, Args& a, const Kw& kw) { return combinations(I, a, kw, true); }

IValue it_islice(Interp& I, Args& a, const Kw&) {
  // islice(it, stop) or islice(it, start, stop[, step]).
  auto index = [](const IValue& v, const char* msg, int64_t dflt) {
    if (v.is_none()) return dflt;
    if (!(v.is_int() || v.is_bool()) || int_arg(v, "index") < 0) raise("ValueError", msg);
    return int_arg(v, "index");
  };
  const char* kStop = "Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.";
  const char* kIdx = "Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.";
  int64_t start = 0, stop, step = 1;
  if (a.size() == 2) {
    stop = index(a[1], kStop, INT64_MAX);
  } else {
    start = index(a[1], kIdx, 0);
    stop = index(a[2], kIdx, INT64_MAX);
    if (a.size() > 3) {
      if (!a[3].is_none() && (!(a[3].is_int() || a[3].is_bool()) || int_arg(a[3], "step") <= 0))
        raise("ValueError", "Step for islice() must be a positive integer or None.");
      step = a[3].is_none() ? 1 : int_arg(a[3], "step");
    }
  }
  std::vector<IValue> xs = stop == INT64_MAX && !is_iterator_object(a[0]) ? iterate_value(I, a[0])
                                                                            : iterate_prefix(I, a[0], size_t(stop));
  std::vector<IValue> r;
  for (int64_t i = start; i < int64_t(xs.size()) && i < stop; i += step) r.push_back(xs[size_t(i)]);
  return IValue::list(r);
}
IValue it_accumulate(Interp& I, Args& a, const Kw& kw) {
  std::vector<IValue> xs = iterate_value(I, a[0]);
  const IValue* f = npos(a, kw) > 1 ? &a[1] : kwarg(a, kw, "func");
  const IValue* init = kwarg(a, kw, "initial");
  std::vector<IValue> r;
  IValue acc;
  bool have = false;
  if (init && !init->is_none()) {
    acc = *init;
    have = true;
    r.push_back(acc);
  }
  for (const IValue& x : xs) {
    if (!have) {
      acc = x;
      have = true;
    } else if (f && !f->is_none()) {
      acc = call(I, *f, {acc, x});
    } else {
      acc = scalar_op(I, "aten::add", {acc, x});  // Python's +
    }
    r.push_back(acc);
  }
  return IValue::list(r);
}
IValue it_zip_longest(Interp& I, Args& a, const Kw& kw) {
  const IValue* fill = kwarg(a, kw, "fillvalue");
  std::vector<std::vector<IValue>> cols;
  size_t n = 0;
  for (size_t i = 0; i < npos(a, kw); ++i) {
    cols.push_back(iterate_value(I, a[i]));
    n = std::max(n, cols.back().size());
  }
  std::vector<IValue> r;
  for (size_t i = 0; i < n; ++i) {
    std::vector<IValue> t;
    for (const auto& c : cols) t.push_back(i < c.size() ? c[i] : fill ? *fill : IValue());
    r.push_back(IValue::tuple(t));
  }
  return IValue::list(r);
}
IValue it_groupby(Interp& I, Args& a, const Kw& kw) {
  std::vector<IValue> xs = iterate_value(I, a[0]);
  const IValue* key = npos(a, kw) > 1 ? &a[1] : kwarg(a, kw, "key");
  std::vector<IValue> r;
  IValue cur;
  std::vector<IValue> group;
  for (const IValue& x : xs) {
    IValue k = key && !key->is_none() ? call(I, *key, {x}) : x;
    if (!group.empty() && !ivalue_equal(k, cur)) {
      r.push_back(IValue::tuple({cur, IValue::list(group)}));
      group.clear();
    }
    if (group.empty()) cur = k;
    group.push_back(x);
  }
  if (!group.empty()) r.push_back(IValue::tuple({cur, IValue::list(group)}));
  return IValue::list(r);
}
IValue it_starmap(Interp& I, Args& a, const Kw&) {
  std::vector<IValue> r;
  for (const IValue& x : iterate_value(I, a[1])) r.push_back(call(I, a[0], iterate_value(I, x)));
  return IValue::list(r);
}
IValue it_takewhile(Interp& I, Args& a, const Kw&) {
  std::vector<IValue> r;
  for (const IValue& x : iterate_value(I, a[1])) {
    if (!truthy(I, call(I, a[0], {x}))) break;
    r.push_back(x);
  }
  return IValue::list(r);
}
IValue it_dropwhile(Interp& I, Args& a, const Kw&) {
  std::vector<IValue> r;
  bool dropping = true;
  for (const IValue& x : iterate_value(I, a[1])) {
    if (dropping && truthy(I, call(I, a[0], {x}))) continue;
    dropping = false;
    r.push_back(x);
  }
  return IValue::list(r);
}
IValue it_compress(Interp& I, Args& a, const Kw&) {
  std::vector<IValue> xs = iterate_value(I, a[0]), s = iterate_value(I, a[1]), r;
  for (size_t i = 0; i < xs.size() && i < s.size(); ++i)
    if (truthy(I, s[i])) r.push_back(xs[i]);
  return IValue::list(r);
}
IValue it_pairwise(Interp& I, Args& a, const Kw&) {
  std::vector<IValue> xs = iterate_value(I, a[0]), r;
  for (size_t i = 0; i + 1 < xs.size(); ++i) r.push_back(IValue::tuple({xs[i], xs[i + 1]}));
  return IValue::list(r);
}

// ---- functools ----
IValue ft_reduce(Interp& I, Args& a, const Kw&) {
  std::vector<IValue> xs;
  try {
    xs = iterate_value(I, a[1]);
  } catch (const ScriptError& e) {
    if (e.cls == "TypeError" && e.msg.ends_with("is not iterable")) raise("TypeError", "reduce() arg 2 must support iteration");
    throw;
  }
  size_t i = 0;
  IValue acc;
  if (a.size() > 2) {
    acc = a[2];
  } else {
    if (xs.empty()) raise("TypeError", "reduce() of empty iterable with no initial value");
    acc = xs[i++];
  }
  for (; i < xs.size(); ++i) acc = call(I, a[0], {acc, xs[i]});
  return acc;
}
IValue ft_partial(Interp&, Args& a, const Kw& kw) {
  auto p = std::make_shared<Partial>();
  size_t n = npos(a, kw);
  p->fn = a[0];
  p->args.assign(a.begin() + 1, a.begin() + int64_t(n));
  p->kw = kw;
  p->kw_values.assign(a.begin() + int64_t(n), a.end());
  return IValue(IValue::ObjectPtr(p));
}

// @lru_cache(maxsize=N) / @cache: each decorated function's results by arguments, the least
// recently used dropped past maxsize (-1: no bound). Calls of the function by name come here
// (the emitter's `functools.cached_call`); the arguments must be hashable, as CPython's.
struct Memo {
  using Entry = std::pair<std::vector<IValue>, IValue>;
  std::list<Entry> order;  // most recent first
  std::unordered_multimap<size_t, std::list<Entry>::iterator> index;
  int64_t hits = 0, misses = 0;  // cache_info()
};
std::mutex memo_mu;
std::unordered_map<const void*, Memo>& memos() {
  static std::unordered_map<const void*, Memo> m;
  return m;
}
IValue ft_cached_call(Interp& I, Args& a, const Kw&) {
  int64_t maxsize = a[0].to_int();
  auto* cl = dynamic_cast<Closure*>(a[1].object_ptr().get());
  std::vector<IValue> args(a.begin() + 2, a.end());
  if (maxsize == 0) {
    {
      std::lock_guard<std::mutex> lock(memo_mu);
      ++memos()[cl->fn].misses;
    }
    return I.call_value(a[1], args);
  }
  size_t h = args.size();
  for (const IValue& x : args) h = h * 1000003u ^ ivalue_hash(x);
  auto same = [&](const std::vector<IValue>& k) {
    if (k.size() != args.size()) return false;
    for (size_t i = 0; i < k.size(); ++i)
      if (!ivalue_equal(k[i], args[i]) || k[i].payload().index() != args[i].payload().index()) return false;
    return true;
  };
  {
    std::lock_guard<std::mutex> lock(memo_mu);
    Memo& m = memos()[cl->fn];
    auto [lo, hi] = m.index.equal_range(h);
    for (auto it = lo; it != hi; ++it)
      if (same(it->second->first)) {
        m.order.splice(m.order.begin(), m.order, it->second);
        ++m.hits;
        return it->second->second;
      }
    ++m.misses;
  }
  std::vector<IValue> call_args = args;
  IValue r = I.call_value(a[1], call_args);
  std::lock_guard<std::mutex> lock(memo_mu);
  Memo& m = memos()[cl->fn];
  m.order.emplace_front(std::move(args), r);
  m.index.emplace(h, m.order.begin());
  if (maxsize > 0 && int64_t(m.order.size()) > maxsize) {
    auto last = std::prev(m.order.end());
    size_t lh = last->first.size();
    for (const IValue& x : last->first) lh = lh * 1000003u ^ ivalue_hash(x);
    auto [lo, hi] = m.index.equal_range(lh);
    for (auto it = lo; it != hi; ++it)
      if (it->second == last) {
        m.index.erase(it);
        break;
      }
    m.order.erase(last);
  }
  return r;
}

// f.cache_info(): CacheInfo(hits, misses, maxsize, currsize); f.cache_clear() empties the cache
// and its counts. a[0] is the decorator's maxsize (-1: None), a[1] the function.
IValue ft_cache_info(Interp&, Args& a, const Kw&) {
  auto* cl = dynamic_cast<Closure*>(a[1].object_ptr().get());
  std::lock_guard<std::mutex> lock(memo_mu);
  Memo& m = memos()[cl->fn];
  IValue t = IValue::tuple({IValue(m.hits), IValue(m.misses), a[0].to_int() < 0 ? IValue() : a[0],
                            IValue(int64_t(m.order.size()))});
  t.tuple_ptr()->type_name = "CacheInfo";
  t.tuple_ptr()->field_names = {"hits", "misses", "maxsize", "currsize"};
  return t;
}
IValue ft_cache_clear(Interp&, Args& a, const Kw&) {
  auto* cl = dynamic_cast<Closure*>(a[1].object_ptr().get());
  std::lock_guard<std::mutex> lock(memo_mu);
  memos()[cl->fn] = Memo{};
  return IValue();
}

}  // namespace

const std::map<std::string, BuiltinFn>& pylib_builtins() {
  static const std::map<std::string, BuiltinFn> m = {
      {"itertools.chain", it_chain}, {"itertools.chain.from_iterable", it_chain_from},
      {"itertools.product", it_product}, {"itertools.permutations", it_permutations},
      {"itertools.combinations", it_combinations}, {"itertools.combinations_with_replacement", it_combinations_wr},
      {"itertools.islice", it_islice}, {"itertools.accumulate", it_accumulate},
      {"itertools.zip_longest", it_zip_longest}, {"itertools.groupby", it_groupby},
      {"itertools.starmap", it_starmap}, {"itertools.takewhile", it_takewhile},
      {"itertools.dropwhile", it_dropwhile}, {"itertools.compress", it_compress},
      {"itertools.pairwise", it_pairwise},
      {"functools.reduce", ft_reduce}, {"functools.partial", ft_partial}, {"functools.cached_call", ft_cached_call},
      {"functools.cache_info", ft_cache_info}, {"functools.cache_clear", ft_cache_clear},
  };
  return m;
}

}  // namespace ts::runtime
