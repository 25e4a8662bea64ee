// Python's builtin functions and the torch/sys/Tensor helpers the emitter calls by name.
// Methods of str, list and dict are in builtins_methods.cpp.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <map>
#include <mutex>
#include <optional>
#include <utility>

#include "ir/exceptions.h"
#include "ir/scalar_eval.h"
#include "ops/api_shape.h"
#include "ops/registry.h"
#include "runtime/builtins.h"
#include "runtime/scalar_ops.h"
#include "tensor/grad_mode.h"
#include "util/depth.h"
#include "util/utf8_code_points.h"

namespace ts::runtime {

namespace {

IValue none() { return IValue(); }

// Whether `v` is a script object whose class defines `method` (an operator's dunder, a file's
// write).
bool has_dunder(const IValue& v, const char* method) {
  if (!v.is_object()) return false;
  auto* o = dynamic_cast<ScriptObject*>(v.object_ptr().get());
  return o && o->cls->method(method);
}
// Whether `self`'s `method` takes `other`: a dunder whose parameter is typed (Path.__eq__(other:
// Path)) cannot take another type, where CPython's would return NotImplemented; the comparison
// then goes on as if the class had none.
bool dunder_takes(const IValue& self, const char* method, const IValue& other) {
  if (!has_dunder(self, method)) return false;
  const ir::Function* f = dynamic_cast<ScriptObject*>(self.object_ptr().get())->cls->method(method);
  return f->params.size() < 2 || value_has_type(other, f->params[1].type->str());
}
bool call_dunder(Interp& I, const IValue& self, const char* method, const IValue& other) {
  std::vector<IValue> args{other};
  return truthy(I, I.call_method(self, method, args));
}

IValue b_print(Interp& I, Args& a, const Kw& kw) {
  size_t n = a.size() - kw.size();
  std::string sep = " ", end = "\n";
  bool flush = false, err = false;
  const IValue* writer = nullptr;  // an object with a write method (a file from open())
  for (size_t k = 0; k < kw.size(); ++k) {
    const IValue& v = a[n + k];
    if (kw[k] == "sep" && v.is_string()) sep = v.to_string();
    if (kw[k] == "end" && v.is_string()) end = v.to_string();
    if (kw[k] == "flush") flush = truthy(I, v);
    if (kw[k] == "file" && !v.is_none()) {
      if (has_dunder(v, "write")) {
        writer = &v;
        continue;
      }
      auto* s = v.is_object() ? dynamic_cast<StreamValue*>(v.object_ptr().get()) : nullptr;
      if (!s) raise("AttributeError", "'" + v.type_name() + "' object has no attribute 'write'");
      err = s->err;
    }
  }
  std::string out;
  for (size_t i = 0; i < n; ++i) out += (i ? sep : "") + py_str(I, a[i]);
  out += end;
  if (writer) {
    std::vector<IValue> text{IValue(out)};
    I.call_method(*writer, "write", text);
    if (flush && has_dunder(*writer, "flush")) {
      std::vector<IValue> none_args;
      I.call_method(*writer, "flush", none_args);
    }
    return none();
  }
  if (err) return write_stream(true, out), none();
  std::fwrite(out.data(), 1, out.size(), stdout);
  if (flush) std::fflush(stdout);  // what was printed survives the process being killed
  return none();
}

IValue b_str(Interp& I, Args& a, const Kw&) { return a.empty() ? IValue("") : IValue(py_str(I, a[0])); }
IValue b_repr(Interp& I, Args& a, const Kw&) { return IValue(py_repr(I, a[0])); }
IValue b_format(Interp& I, Args& a, const Kw&) {
  return IValue(format_spec(I, a[0], a.size() > 1 ? a[1].to_string() : ""));
}

IValue b_bool(Interp& I, Args& a, const Kw&) { return IValue(!a.empty() && truthy(I, a[0])); }

IValue b_abs(Interp&, Args& a, const Kw&) {
  const IValue& v = a[0];
  if (v.is_int()) {
    if (v.to_int() == INT64_MIN) int_overflow_unary("abs", v.to_int());
    return IValue(v.to_int() < 0 ? -v.to_int() : v.to_int());
  }
  if (v.is_bool()) return IValue(int64_t(v.to_bool()));
  if (v.is_double()) return IValue(std::fabs(v.to_double()));
  if (v.is_tensor()) return ops::call("abs", {v})[0];
  raise("TypeError", "bad operand type for abs(): '" + v.type_name() + "'");
}

bool less(Interp& I, const IValue& a, const IValue& b) { return py_less(I, a, b); }

// What `key=` maps each element to (the elements themselves when it is absent or None).
std::vector<IValue> sort_keys(Interp& I, const std::vector<IValue>& xs, const IValue* key) {
  if (!key || key->is_none()) return xs;
  std::vector<IValue> keys;
  keys.reserve(xs.size());
  for (const IValue& x : xs) {
    std::vector<IValue> arg = {x};
    keys.push_back(I.call_value(*key, arg));
  }
  return keys;
}

// min/max(iterable, *, key=None, default=...) and min/max(a, b, *more, key=None), as CPython:
// the first of equal extremes wins.
IValue minmax(Interp& I, Args& a, const Kw& kw, bool is_max, const char* name) {
  const size_t npos = a.size() - kw.size();
  const IValue* dflt = kwarg(a, kw, "default");
  if (dflt && npos != 1)
    raise("TypeError", std::string("Cannot specify a default for ") + name + "() with multiple positional arguments");
  std::vector<IValue> xs = npos == 1 ? iterate_value(I, a[0]) : std::vector<IValue>(a.begin(), a.begin() + int64_t(npos));
  if (xs.empty()) {
    if (dflt) return *dflt;
    raise("ValueError", std::string(name) + "() arg is an empty sequence");
  }
  std::vector<IValue> keys = sort_keys(I, xs, kwarg(a, kw, "key"));
  size_t best = 0;
  for (size_t i = 1; i < xs.size(); ++i) {
    bool better = is_max ? less(I, keys[best], keys[i]) : less(I, keys[i], keys[best]);
    if (better) best = i;
  }
  return xs[best];
}
IValue b_min(Interp& I, Args& a, const Kw& kw) { return minmax(I, a, kw, false, "min"); }
IValue b_max(Interp& I, Args& a, const Kw& kw) { return minmax(I, a, kw, true, "max"); }

IValue add_values(const IValue& x, const IValue& y) {
  if (x.is_tensor() || y.is_tensor()) return ops::call("add", {x.is_tensor() ? x : y, x.is_tensor() ? y : x})[0];
  auto r = ir::eval_scalar("aten::add", {x, y});
  if (!r) scalar_error("aten::add", {x, y});
  return *r;
}

IValue b_sum(Interp& I, Args& a, const Kw&) {
  IValue acc = a.size() > 1 ? a[1] : IValue(int64_t(0));
  for (const auto& x : iterate_value(I, a[0])) acc = add_values(acc, x);
  return acc;
}

IValue b_round(Interp&, Args& a, const Kw&) {
  const IValue& v = a[0];
  if (!v.is_int() && !v.is_double() && !v.is_bool() && !v.is_tensor())
    raise("TypeError", std::string("type ") +
                           (v.is_list() ? "list" : v.is_tuple() ? "tuple" : v.is_dict() ? "dict" : v.is_string() ? "str"
                            : v.is_none() ? "NoneType" : v.type_name().c_str()) + " doesn't define __round__ method");
  if (a.size() > 1 && !a[1].is_none()) {
    int64_t nd = a[1].to_int();
    if (v.is_int()) return v;
    double x = v.to_double();
    if (nd >= 0 && nd < 300 && std::isfinite(x)) {
      // Python rounds the exact binary value to nd decimals: printf does the same.
      char buf[512];
      std::snprintf(buf, sizeof(buf), "%.*f", int(nd), x);
      return IValue(std::strtod(buf, nullptr));
    }
    double p = std::pow(10.0, double(nd));
    return IValue(std::nearbyint(x * p) / p);
  }
  if (v.is_int()) return v;
  if (v.is_tensor()) return ops::call("round", {v})[0];
  return IValue(float_to_int(std::nearbyint(v.to_double())));
}

// sorted(iterable, *, key=None, reverse=False): stable, each key computed once (as CPython's);
// reverse keeps equal elements in their order.
IValue b_sorted(Interp& I, Args& a, const Kw& kw) {
  std::vector<IValue> xs = iterate_value(I, a[0]);
  const IValue* rev = kwarg(a, kw, "reverse");
  const bool reverse = rev && truthy(I, *rev);
  std::vector<IValue> keys = sort_keys(I, xs, kwarg(a, kw, "key"));
  std::vector<size_t> order(xs.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t x, size_t y) { return reverse ? less(I, keys[y], keys[x]) : less(I, keys[x], keys[y]); });
  std::vector<IValue> r;
  r.reserve(xs.size());
  for (size_t i : order) r.push_back(xs[i]);
  return IValue::list(r);
}

// map(f, *iterables): f of the i-th elements, up to the shortest; filter(f or None, iterable):
// the elements f (or truth) keeps. Lists (Python's are lazy iterators).
IValue b_map(Interp& I, Args& a, const Kw&) {
  std::vector<std::vector<IValue>> its;
  size_t n = SIZE_MAX;
  for (size_t i = 1; i < a.size(); ++i) {
    its.push_back(iterate_value(I, a[i]));
    n = std::min(n, its.back().size());
  }
  std::vector<IValue> r;
  for (size_t k = 0; k < n && !its.empty(); ++k) {
    std::vector<IValue> args;
    for (auto& it : its) args.push_back(it[k]);
    r.push_back(I.call_value(a[0], args));
  }
  return IValue::list(r);
}

IValue b_filter(Interp& I, Args& a, const Kw&) {
  std::vector<IValue> r;
  for (const IValue& x : iterate_value(I, a[1])) {
    bool keep;
    if (a[0].is_none()) {
      keep = truthy(I, x);
    } else {
      std::vector<IValue> arg = {x};
      keep = truthy(I, I.call_value(a[0], arg));
    }
    if (keep) r.push_back(x);
  }
  return IValue::list(r);
}

IValue b_len(Interp& I, Args& a, const Kw&) { return IValue(I.py_len(a[0])); }

IValue b_reversed(Interp& I, Args& a, const Kw&) {
  std::vector<IValue> xs = iterate_value(I, a[0]);
  std::reverse(xs.begin(), xs.end());
  return IValue::list(xs);
}

IValue b_list(Interp& I, Args& a, const Kw&) { return IValue::list(a.empty() ? std::vector<IValue>{} : iterate_value(I, a[0])); }
IValue b_tuple(Interp& I, Args& a, const Kw&) { return IValue::tuple(a.empty() ? std::vector<IValue>{} : iterate_value(I, a[0])); }
// dict(), dict(mapping), dict(iterable of pairs), and keyword entries after them.
IValue b_dict(Interp& I, Args& a, const Kw& kw) {
  IValue d = IValue::dict();
  size_t npos = a.size() - kw.size();
  if (npos > 0 && a[0].is_dict()) {
    for (const auto& [k, v] : a[0].dict_ptr()->items) d.dict_ptr()->set(k, v);
  } else if (npos > 0) {
    size_t i = 0;
    for (const IValue& p : iterate_value(I, a[0])) {
      if (!(p.is_tuple() || p.is_list()) || p.items().size() != 2)
        raise("ValueError", "dictionary update sequence element #" + std::to_string(i) + " has length " +
                                std::to_string(p.is_tuple() || p.is_list() ? p.items().size() : 1) + "; 2 is required");
      d.dict_ptr()->set(p.items()[0], p.items()[1]);
      ++i;
    }
  }
  for (size_t k = 0; k < kw.size(); ++k) d.dict_ptr()->set(IValue(kw[k]), a[npos + k]);
  return d;
}

IValue b_enumerate(Interp& I, Args& a, const Kw&) {
  std::vector<IValue> xs = iterate_value(I, a[0]), r;
  int64_t start = a.size() > 1 ? a[1].to_int() : 0;
  for (size_t i = 0; i < xs.size(); ++i) r.push_back(IValue::tuple({IValue(start + int64_t(i)), xs[i]}));
  return IValue::list(r);
}

// `a, *mid, z = xs`: (xs[0..before), the middle as a list, the last `after`), or Python's error.
IValue b_unpack_starred(Interp& I, Args& a, const Kw&) {
  std::vector<IValue> xs = iterate_value(I, a[0]);
  const size_t before = size_t(a[1].to_int()), after = size_t(a[2].to_int());
  if (xs.size() < before + after)
    raise("ValueError", "not enough values to unpack (expected at least " + std::to_string(before + after) +
                            ", got " + std::to_string(xs.size()) + ")");
  std::vector<IValue> out(xs.begin(), xs.begin() + long(before));
  out.push_back(IValue::list(std::vector<IValue>(xs.begin() + long(before), xs.end() - long(after))));
  out.insert(out.end(), xs.end() - long(after), xs.end());
  return IValue::tuple(std::move(out));
}

// zip(...): iterator objects (itertools.count) are pulled no further than the shortest of the
// other arguments.
IValue b_zip(Interp& I, Args& a, const Kw&) {
  std::vector<std::vector<IValue>> cols(a.size());
  size_t n = SIZE_MAX;
  for (size_t i = 0; i < a.size(); ++i)
    if (!is_iterator_object(a[i])) {
      cols[i] = iterate_value(I, a[i]);
      n = std::min(n, cols[i].size());
    }
  for (size_t i = 0; i < a.size(); ++i)
    if (is_iterator_object(a[i])) {
      cols[i] = iterate_prefix(I, a[i], n);
      n = std::min(n, cols[i].size());
    }
  std::vector<IValue> r;
  for (size_t i = 0; i < n && !cols.empty(); ++i) {
    std::vector<IValue> t;
    for (const auto& c : cols) t.push_back(c[i]);
    r.push_back(IValue::tuple(t));
  }
  return IValue::list(r);
}

// zip(*rows), itertools.product(*pools): the builtin named a[0] called with the rows of a[1],
// every tuple of its result a sequence marked "tuple" (the checker types it as a list: how many
// rows there are is not known before run time).
IValue b_spread_rows(Interp& I, Args& a, const Kw&) {
  std::vector<IValue> rows = iterate_value(I, a[1]);
  std::vector<IValue> out = find_builtin(a[0].to_string())(I, rows, {}).items();
  for (IValue& t : out) {
    IValue l = IValue::list(t.items());
    l.list_ptr()->type_name = "tuple";
    t = std::move(l);
  }
  return IValue::list(std::move(out));
}

int64_t range_length(int64_t lo, int64_t hi, int64_t step) {
  if (step == 0) raise("ValueError", "range() arg 3 must not be zero");
  if (step > 0 ? lo >= hi : lo <= hi) return 0;
  // In unsigned arithmetic: hi - lo may not fit int64 (range(-2**63, 2**63 - 1)).
  uint64_t span = step > 0 ? uint64_t(hi) - uint64_t(lo) : uint64_t(lo) - uint64_t(hi);
  uint64_t by = step > 0 ? uint64_t(step) : uint64_t(0) - uint64_t(step);
  uint64_t n = (span - 1) / by + 1;
  if (n > uint64_t(INT64_MAX)) raise("OverflowError", "range() has more elements than a 64-bit int counts");
  return int64_t(n);
}

IValue b_range_length(Interp&, Args& a, const Kw&) { return IValue(range_length(a[0].to_int(), a[1].to_int(), a[2].to_int())); }

IValue b_range(Interp&, Args& a, const Kw&) {
  int64_t lo = 0, hi, step = 1;
  if (a.size() == 1) hi = a[0].to_int();
  else lo = a[0].to_int(), hi = a[1].to_int(), step = a.size() > 2 ? a[2].to_int() : 1;
  int64_t n = range_length(lo, hi, step);
  std::vector<IValue> r;
  r.reserve(size_t(n));
  for (int64_t i = 0; i < n; ++i) r.emplace_back(lo + i * step);
  return IValue::list(r);
}

IValue b_any(Interp& I, Args& a, const Kw&) {
  for (const auto& x : iterate_value(I, a[0]))
    if (truthy(I, x)) return IValue(true);
  return IValue(false);
}
IValue b_all(Interp& I, Args& a, const Kw&) {
  for (const auto& x : iterate_value(I, a[0]))
    if (!truthy(I, x)) return IValue(false);
  return IValue(true);
}
IValue b_ord(Interp&, Args& a, const Kw&) {
  const std::string& s = a[0].to_string();  // UTF-8: one code point, as chr() writes it
  size_t chars = util::code_point_count(s);
  if (chars != 1) raise("TypeError", "ord() expected a character, but string of length " + std::to_string(chars) + " found");
  auto u = [&](size_t i) { return int64_t(static_cast<unsigned char>(s[i])); };
  if (s.size() == 1) return IValue(u(0));
  int64_t c = u(0) & (0xFF >> (s.size() + 1));
  for (size_t i = 1; i < s.size(); ++i) c = (c << 6) | (u(i) & 0x3F);
  return IValue(c);
}
IValue b_chr(Interp&, Args& a, const Kw&) {
  int64_t c = a[0].to_int();
  if (c < 0 || c >= 0x110000) raise("ValueError", "chr() arg not in range(0x110000)");
  std::string s;  // UTF-8
  util::append_utf8(s, uint32_t(c));
  return IValue(s);
}
IValue b_divmod(Interp&, Args& a, const Kw&) {
  auto q = ir::eval_scalar("aten::floordiv", {a[0], a[1]});
  auto r = ir::eval_scalar("aten::remainder", {a[0], a[1]});
  if (!q) scalar_error("aten::floordiv", {a[0], a[1]});
  if (!r) scalar_error("aten::remainder", {a[0], a[1]});
  return IValue::tuple({*q, *r});
}

// pow(base, exp, mod) of ints, as CPython's long_pow: the result has the modulus's sign; a
// negative exponent takes the inverse of base modulo mod (Python 3.8). Ints are 64-bit here.
IValue b_pow(Interp&, Args& a, const Kw&) {
  if (a.size() != 3) raise("TypeError", "pow() takes 3 arguments here, " + std::to_string(a.size()) + " given");
  int64_t b = a[0].to_int(), e = a[1].to_int(), m = a[2].to_int();
  if (m == 0) raise("ValueError", "pow() 3rd argument cannot be 0");
  using I128 = __int128;
  const I128 am = m < 0 ? -I128(m) : I128(m);
  auto mod = [am](I128 x) { x %= am; return x < 0 ? x + am : x; };
  I128 base = mod(b);
  if (e < 0) {  // the inverse by the extended Euclidean algorithm
    I128 r0 = am, r1 = base, t0 = 0, t1 = 1;
    while (r1 != 0) {
      I128 q = r0 / r1;
      I128 r2 = r0 - q * r1, t2 = t0 - q * t1;
      r0 = r1, r1 = r2, t0 = t1, t1 = t2;
    }
    if (r0 != 1) raise("ValueError", "base is not invertible for the given modulus");
    base = mod(t0);
  }
  uint64_t n = e < 0 ? uint64_t(0) - uint64_t(e) : uint64_t(e);
  I128 r = am == 1 ? 0 : 1;
  while (n) {
    if (n & 1) r = r * base % am;
    base = base * base % am;
    n >>= 1;
  }
  if (m < 0 && r != 0) r -= am;  // the sign of the modulus
  return IValue(int64_t(r));
}

// The constructor of ir::kExceptionClasses[I] (an alias makes its target: IOError() is an
// OSError, as in Python).
template <size_t I>
IValue b_exception(Interp& I_, Args& a, const Kw&) {
  const ir::ExceptionClass& c = ir::kExceptionClasses[I];
  std::string name(c.alias_of.empty() ? c.name : c.alias_of);
  // One argument: KeyError shows its repr, the others its str; more: the tuple's repr.
  IValue args = IValue::tuple(std::vector<IValue>(a.begin(), a.end()));
  std::string msg = a.empty() ? "" : a.size() > 1 ? py_repr(I_, args) : name == "KeyError" ? py_repr(I_, a[0]) : py_str(I_, a[0]);
  auto e = std::make_shared<ExceptionValue>(name, msg);
  e->args = std::move(args);
  return IValue(IValue::ObjectPtr(e));
}
template <size_t... I>
void add_exception_constructors(std::map<std::string, BuiltinFn>& m, std::index_sequence<I...>) {
  ((ir::kExceptionClasses[I].name.starts_with("_") ? void() : void(m.emplace(std::string(ir::kExceptionClasses[I].name), &b_exception<I>))), ...);
}

IValue b_no_grad(Interp&, Args&, const Kw&) { return IValue(IValue::ObjectPtr(std::make_shared<GradContext>(false))); }
IValue b_enable_grad(Interp&, Args&, const Kw&) { return IValue(IValue::ObjectPtr(std::make_shared<GradContext>(true))); }
// torch.set_grad_enabled(mode): sets the mode now; used with `with`, restores the earlier one.
IValue b_set_grad_enabled(Interp& I, Args& a, const Kw&) {
  auto g = std::make_shared<GradContext>(truthy(I, a[0]));
  g->prev = GradMode::is_enabled();
  g->applied = true;
  GradMode::set_enabled(g->enable);
  return IValue(IValue::ObjectPtr(g));
}
// torch.inference_mode(mode=True): entered, grad mode is `not mode` and inference mode `mode`.
IValue b_inference_mode(Interp& I, Args& a, const Kw&) {
  bool mode = a.empty() || truthy(I, a[0]);
  auto g = std::make_shared<GradContext>(!mode);
  g->inference_mode = true;
  return IValue(IValue::ObjectPtr(g));
}
// __none_check__(v, cls, msg): v, or the exception `cls`(msg) when v is None (an Optional used
// directly, src/frontend Note [Optional used directly]).
IValue b_none_check(Interp&, Args& a, const Kw&) {
  if (a[0].is_none()) raise(a[1].to_string(), a[2].to_string());
  return a[0];
}
IValue b_device(Interp&, Args& a, const Kw&) { return IValue(parse_device(a[0].to_string())); }
IValue b_argv(Interp& I, Args&, const Kw&) {
  std::vector<IValue> r;
  for (const auto& s : I.opts.argv) r.emplace_back(s);
  return IValue::list(r);
}

}  // namespace

bool py_equal(Interp& I, const IValue& a, const IValue& b) {
  if (a.is_object() && b.is_object() && a.object_ptr() == b.object_ptr()) return true;
  if (dunder_takes(a, "__eq__", b)) return call_dunder(I, a, "__eq__", b);
  if (dunder_takes(b, "__eq__", a)) return call_dunder(I, b, "__eq__", a);
  if ((a.is_tuple() && b.is_tuple()) || (a.is_list() && b.is_list())) {
    util::DepthGuard guard("in comparison");
    const auto &x = a.items(), &y = b.items();
    if (x.size() != y.size()) return false;
    for (size_t i = 0; i < x.size(); ++i)
      if (!py_equal(I, x[i], y[i])) return false;
    return true;
  }
  if (a.is_dict() && b.is_dict()) {
    util::DepthGuard guard("in comparison");
    const auto& x = a.dict_ptr()->items;
    if (x.size() != b.dict_ptr()->items.size()) return false;
    for (const auto& [k, v] : x) {
      const IValue* o = b.dict_ptr()->find(k);
      if (!o || !py_equal(I, v, *o)) return false;
    }
    return true;
  }
  return ivalue_equal(a, b);
}

bool py_less(Interp& I, const IValue& a, const IValue& b) {
  // A class's __lt__, or the other operand's reflected __gt__, as Python tries them.
  if (dunder_takes(a, "__lt__", b)) return call_dunder(I, a, "__lt__", b);
  if (dunder_takes(b, "__gt__", a)) return call_dunder(I, b, "__gt__", a);
  if (a.is_tensor() || b.is_tensor()) {
    // A number on the left: Python asks the tensor's reflected operator, b > a.
    IValue r = a.is_tensor() ? ops::call("lt", {a, b})[0] : ops::call("gt", {b, a})[0];
    return truthy(I, r);
  }
  if ((a.is_list() && b.is_list()) || (a.is_tuple() && b.is_tuple())) {
    util::DepthGuard guard("in comparison");
    const auto &x = a.items(), &y = b.items();
    for (size_t i = 0; i < x.size() && i < y.size(); ++i) {
      if (py_equal(I, x[i], y[i])) continue;
      return py_less(I, x[i], y[i]);
    }
    return x.size() < y.size();
  }
  auto r = ir::eval_scalar("aten::lt", {a, b});
  if (!r) raise("TypeError", "'<' not supported between instances of '" + a.type_name() + "' and '" + b.type_name() + "'");
  return r->to_bool();
}

const std::map<std::string, BuiltinFn>& core_builtins() {
  static const std::map<std::string, BuiltinFn> m = [] {
    std::map<std::string, BuiltinFn> m = {
      {"print", b_print}, {"str", b_str}, {"repr", b_repr}, {"format", b_format},
      {"bool", b_bool}, {"abs", b_abs}, {"min", b_min}, {"max", b_max}, {"sum", b_sum},
      {"round", b_round}, {"sorted", b_sorted}, {"reversed", b_reversed}, {"map", b_map}, {"filter", b_filter}, {"len", b_len}, {"list", b_list}, {"tuple", b_tuple},
      {"dict", b_dict}, {"enumerate", b_enumerate}, {"unpack_starred", b_unpack_starred}, {"zip", b_zip}, {"spread_rows", b_spread_rows}, {"range", b_range},
      {"range_length", b_range_length}, {"any", b_any}, {"all", b_all}, {"ord", b_ord},
      {"chr", b_chr}, {"divmod", b_divmod}, {"pow", b_pow}, {"__none_check__", b_none_check},
      {"no_grad", b_no_grad}, {"enable_grad", b_enable_grad}, {"torch.set_grad_enabled", b_set_grad_enabled},
      {"torch.inference_mode", b_inference_mode}, {"torch.device", b_device}, {"sys.argv", b_argv},
    };
    add_exception_constructors(m, std::make_index_sequence<std::size(ir::kExceptionClasses)>());
    return m;
  }();
  return m;
}

namespace {
std::vector<const std::map<std::string, BuiltinFn>*>& extra_builtins() {
  static std::vector<const std::map<std::string, BuiltinFn>*> tables;
  return tables;
}

// Every builtin table, in lookup order.
std::vector<const std::map<std::string, BuiltinFn>*> builtin_tables() {
  std::vector<const std::map<std::string, BuiltinFn>*> all = {
      &core_builtins(), &iteration_builtins(), &subscript_builtins(), &method_builtins(), &module_builtins(), &random_builtins(), &math_builtins(), &type_builtins(), &dynamic_builtins(),
      &collections_builtins(), &set_builtins(), &pylib_builtins(), &json_builtins(), &number_builtins(), &autograd_builtins(), &module_hook_builtins(), &data_builtins(), &distributed_builtins()};
  all.insert(all.end(), extra_builtins().begin(), extra_builtins().end());
  return all;
}
}  // namespace

void add_builtins(const std::map<std::string, BuiltinFn>* table) { extra_builtins().push_back(table); }

BuiltinFn find_builtin(const std::string& name) {
  const auto& core = core_builtins();
  if (auto it = core.find(name); it != core.end()) return it->second;
  for (const auto* table : builtin_tables()) {
    auto jt = table->find(name);
    if (jt != table->end()) return jt->second;
  }
  return nullptr;
}

std::vector<std::string> builtin_names() {
  std::vector<std::string> names;
  for (const auto* table : builtin_tables())
    for (const auto& entry : *table) names.push_back(entry.first);
  return names;
}

}  // namespace ts::runtime
