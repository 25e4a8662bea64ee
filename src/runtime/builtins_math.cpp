// The math module: every function of CPython's, with its results and errors ("math domain
// error", "math range error", ...). Ts ints are 64-bit, so an integer result that does not fit
// (factorial(21), comb(100, 50)) raises OverflowError where CPython would grow the int.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "runtime/builtins.h"
#include "runtime/scalar_ops.h"

namespace ts::runtime {

namespace {

[[noreturn]] void domain_error() { raise("ValueError", "math domain error"); }
[[noreturn]] void range_error() { raise("OverflowError", "math range error"); }

// A number, or a one-element tensor (Python converts it with __float__).
double num(const IValue& v) {
  if (v.is_tensor()) {
    const Tensor& t = v.to_tensor();
    if (t.numel() != 1) raise("ValueError", "only one element tensors can be converted to Python scalars");
    return t.item().to_double();
  }
  if (!v.is_number()) raise("TypeError", "must be real number, not " + v.type_name());
  return v.is_bool() ? double(v.to_bool()) : v.to_double();
}
int64_t integer(const IValue& v) {
  if (v.is_bool()) return v.to_bool();
  if (!v.is_int()) raise("TypeError", "'" + v.type_name() + "' object cannot be interpreted as an integer");
  return v.to_int();
}
// The positional arguments (keywords are named in `kw`, after them).
size_t positional(Args& a, const Kw& kw) { return a.size() - kw.size(); }
void arity(Args& a, const Kw& kw, size_t lo, size_t hi, const char* fn) {
  size_t n = positional(a, kw);
  if (n >= lo && n <= hi) return;
  if (lo == hi && lo == 1)
    raise("TypeError", (*fn ? std::string("math.") + fn + "()" : std::string("this math function")) + " takes exactly one argument (" +
                           std::to_string(n) + " given)");
  if (n < lo)
    raise("TypeError", std::string(fn) + " expected " + (lo == hi ? "" : "at least ") + std::to_string(lo) + " argument" +
                           (lo == 1 ? "" : "s") + ", got " + std::to_string(n));
  raise("TypeError", std::string(fn) + " expected " + (lo == hi ? "" : "at most ") + std::to_string(hi) + " argument" +
                         (hi == 1 ? "" : "s") + ", got " + std::to_string(n));
}

// CPython's math_1: a NaN from a non-NaN argument is a domain error; an infinity from a finite
// one is a range error for functions that can overflow and a domain error (a pole) otherwise.
template <double (*F)(double), bool kCanOverflow>
IValue m1(Interp&, Args& a, const Kw& kw) {
  static_assert(F != nullptr);
  arity(a, kw, 1, 1, "");
  double x = num(a[0]);
  double r = F(x);
  if (std::isnan(r) && !std::isnan(x)) domain_error();
  if (std::isinf(r) && std::isfinite(x)) {
    if (kCanOverflow) range_error();
    domain_error();
  }
  return IValue(r);
}
// math_2: the same for two arguments.
template <double (*F)(double, double)>
IValue m2(Interp&, Args& a, const Kw& kw) {
  arity(a, kw, 2, 2, "");
  double x = num(a[0]), y = num(a[1]);
  double r = F(x, y);
  if (std::isnan(r) && !std::isnan(x) && !std::isnan(y)) domain_error();
  if (std::isinf(r) && std::isfinite(x) && std::isfinite(y)) domain_error();
  return IValue(r);
}

double d_sqrt(double x) { return std::sqrt(x); }
double d_exp(double x) { return std::exp(x); }
double d_exp2(double x) { return std::exp2(x); }
double d_expm1(double x) { return std::expm1(x); }
double d_log1p(double x) { return std::log1p(x); }
double d_log2(double x) { return std::log2(x); }
double d_log10(double x) { return std::log10(x); }
double d_sin(double x) { return std::sin(x); }
double d_cos(double x) { return std::cos(x); }
double d_tan(double x) { return std::tan(x); }
double d_asin(double x) { return std::asin(x); }
double d_acos(double x) { return std::acos(x); }
double d_atan(double x) { return std::atan(x); }
double d_sinh(double x) { return std::sinh(x); }
double d_cosh(double x) { return std::cosh(x); }
double d_tanh(double x) { return std::tanh(x); }
double d_asinh(double x) { return std::asinh(x); }
double d_acosh(double x) { return std::acosh(x); }
double d_atanh(double x) { return std::atanh(x); }
double d_fabs(double x) { return std::fabs(x); }
double d_erf(double x) { return std::erf(x); }
double d_erfc(double x) { return std::erfc(x); }
double d_cbrt(double x) { return std::cbrt(x); }
double d_atan2(double y, double x) { return std::atan2(y, x); }
double d_copysign(double x, double y) { return std::copysign(x, y); }
double d_fmod(double x, double y) {
  if (std::isinf(y) && std::isfinite(x)) return x;  // C's fmod agrees; spelled out as CPython does
  return std::fmod(x, y);
}
double d_remainder(double x, double y) { return std::remainder(x, y); }
// degrees, radians and nextafter never raise (an infinite result is returned).
template <double (*F)(double)>
IValue plain1(Interp&, Args& a, const Kw& kw) {
  arity(a, kw, 1, 1, "");
  return IValue(F(num(a[0])));
}
double d_degrees(double x) { return x * (180.0 / M_PI); }
double d_radians(double x) { return x * (M_PI / 180.0); }
IValue m_nextafter(Interp&, Args& a, const Kw& kw) {
  arity(a, kw, 2, 2, "nextafter");
  return IValue(std::nextafter(num(a[0]), num(a[1])));
}

// log(x) and log(x, base); log of 0 or a negative number is a domain error.
double checked_log(double x) {
  if (std::isnan(x)) return x;
  if (x <= 0) domain_error();
  return std::log(x);
}
IValue m_log(Interp&, Args& a, const Kw& kw) {
  arity(a, kw, 1, 2, "log");
  double r = checked_log(num(a[0]));
  if (positional(a, kw) == 1) return IValue(r);
  double b = checked_log(num(a[1]));
  if (b == 0) raise("ZeroDivisionError", "float division by zero");
  return IValue(r / b);
}

IValue m_pow(Interp&, Args& a, const Kw& kw) {
  arity(a, kw, 2, 2, "pow");
  double x = num(a[0]), y = num(a[1]);
  double r = std::pow(x, y);
  if (std::isfinite(x) && std::isfinite(y)) {
    if (std::isnan(r)) domain_error();
    if (std::isinf(r)) {
      if (x == 0) domain_error();  // 0 ** negative
      range_error();
    }
  }
  return IValue(r);
}

// gamma and lgamma: poles at 0 and the negative integers are domain errors.
IValue m_gamma(Interp&, Args& a, const Kw& kw) {
  arity(a, kw, 1, 1, "gamma");
  double x = num(a[0]);
  if (std::isnan(x)) return IValue(x);
  if (std::isinf(x)) {
    if (x < 0) domain_error();
    return IValue(x);
  }
  if (x <= 0 && x == std::floor(x)) domain_error();
  double r = std::tgamma(x);
  if (std::isinf(r)) range_error();
  return IValue(r);
}
IValue m_lgamma(Interp&, Args& a, const Kw& kw) {
  arity(a, kw, 1, 1, "lgamma");
  double x = num(a[0]);
  if (!std::isfinite(x)) return IValue(std::fabs(x));  // lgamma(+-inf) = inf, lgamma(nan) = nan
  if (x <= 0 && x == std::floor(x)) domain_error();
  double r = std::lgamma(x);
  if (std::isinf(r)) range_error();
  return IValue(r);
}

// floor, ceil and trunc give ints (an int argument is returned as it is).
template <double (*F)(double)>
IValue to_int(Interp&, Args& a, const Kw& kw) {
  arity(a, kw, 1, 1, "");
  if (a[0].is_int()) return a[0];
  if (a[0].is_bool()) return IValue(int64_t(a[0].to_bool()));
  return IValue(float_to_int(F(num(a[0]))));
}
double d_floor(double x) { return std::floor(x); }
double d_ceil(double x) { return std::ceil(x); }
double d_trunc(double x) { return std::trunc(x); }
IValue m_trunc(Interp& I, Args& a, const Kw& kw) {
  arity(a, kw, 1, 1, "trunc");
  if (!a[0].is_number()) raise("TypeError", "type " + a[0].type_name() + " doesn't define __trunc__ method");
  return to_int<d_trunc>(I, a, kw);
}

IValue m_isnan(Interp&, Args& a, const Kw& kw) {
  arity(a, kw, 1, 1, "isnan");
  return IValue(bool(std::isnan(num(a[0]))));
}
IValue m_isinf(Interp&, Args& a, const Kw& kw) {
  arity(a, kw, 1, 1, "isinf");
  return IValue(bool(std::isinf(num(a[0]))));
}
IValue m_isfinite(Interp&, Args& a, const Kw& kw) {
  arity(a, kw, 1, 1, "isfinite");
  return IValue(bool(std::isfinite(num(a[0]))));
}

// isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0), CPython's algorithm.
IValue m_isclose(Interp&, Args& a, const Kw& kw) {
  arity(a, kw, 2, 2, "isclose");
  double x = num(a[0]), y = num(a[1]);
  const IValue* rt = kwarg(a, kw, "rel_tol");
  const IValue* at = kwarg(a, kw, "abs_tol");
  for (const auto& k : kw)
    if (k != "rel_tol" && k != "abs_tol") raise("TypeError", "isclose() got an unexpected keyword argument '" + k + "'");
  double rel = rt ? num(*rt) : 1e-9, abs_tol = at ? num(*at) : 0.0;
  if (rel < 0 || abs_tol < 0) raise("ValueError", "tolerances must be non-negative");
  if (x == y) return IValue(true);
  if (std::isinf(x) || std::isinf(y)) return IValue(false);
  double diff = std::fabs(y - x);
  return IValue((diff <= std::fabs(rel * y)) || (diff <= std::fabs(rel * x)) || (diff <= abs_tol));
}

int64_t abs_int(int64_t v) {
  if (v == INT64_MIN) int_overflow_unary("abs", v);
  return v < 0 ? -v : v;
}
IValue m_gcd(Interp&, Args& a, const Kw& kw) {
  arity(a, kw, 0, SIZE_MAX, "gcd");
  int64_t g = 0;
  for (size_t i = 0; i < positional(a, kw); ++i) g = std::gcd(g, abs_int(integer(a[i])));
  return IValue(g);
}
IValue m_lcm(Interp&, Args& a, const Kw& kw) {
  arity(a, kw, 0, SIZE_MAX, "lcm");
  int64_t l = 1;
  for (size_t i = 0; i < positional(a, kw); ++i) {
    int64_t v = abs_int(integer(a[i]));
    if (l == 0 || v == 0) {
      l = 0;
      continue;
    }
    int64_t r;
    if (__builtin_mul_overflow(l / std::gcd(l, v), v, &r)) int_overflow("*", l / std::gcd(l, v), v);
    l = r;
  }
  return IValue(l);
}

// isqrt(n): the largest r with r * r <= n.
IValue m_isqrt(Interp&, Args& a, const Kw& kw) {
  arity(a, kw, 1, 1, "isqrt");
  int64_t n = integer(a[0]);
  if (n < 0) raise("ValueError", "isqrt() argument must be nonnegative");
  auto r = int64_t(std::sqrt(double(n)));
  while (r > 0 && (r > INT64_MAX / r || r * r > n)) --r;
  while ((r + 1) <= INT64_MAX / (r + 1) && (r + 1) * (r + 1) <= n) ++r;
  return IValue(r);
}

int64_t checked_mul(int64_t x, int64_t y) {
  int64_t r;
  if (__builtin_mul_overflow(x, y, &r)) int_overflow("*", x, y);
  return r;
}
IValue m_factorial(Interp&, Args& a, const Kw& kw) {
  arity(a, kw, 1, 1, "factorial");
  int64_t n = integer(a[0]);
  if (n < 0) raise("ValueError", "factorial() not defined for negative values");
  int64_t r = 1;
  for (int64_t k = 2; k <= n; ++k) r = checked_mul(r, k);
  return IValue(r);
}
// comb(n, k) and perm(n, k=None): exact, multiplying and dividing step by step.
IValue m_comb(Interp&, Args& a, const Kw& kw) {
  arity(a, kw, 2, 2, "comb");
  int64_t n = integer(a[0]), k = integer(a[1]);
  if (n < 0) raise("ValueError", "n must be a non-negative integer");
  if (k < 0) raise("ValueError", "k must be a non-negative integer");
  if (k > n) return IValue(int64_t(0));
  k = std::min(k, n - k);
  int64_t r = 1;
  for (int64_t i = 1; i <= k; ++i) {
    // r * (n - k + i) / i is exact; divide by the common factor first to stay in range.
    int64_t m = n - k + i, g = std::gcd(r, i);
    r = checked_mul(r / g, m / (i / g));
  }
  return IValue(r);
}
IValue m_perm(Interp&, Args& a, const Kw& kw) {
  arity(a, kw, 1, 2, "perm");
  int64_t n = integer(a[0]);
  bool whole = positional(a, kw) < 2 || a[1].is_none();  // perm(n) is factorial(n)
  if (n < 0) raise("ValueError", whole ? "factorial() not defined for negative values" : "n must be a non-negative integer");
  int64_t k = whole ? n : integer(a[1]);
  if (k < 0) raise("ValueError", "k must be a non-negative integer");
  if (k > n) return IValue(int64_t(0));
  int64_t r = 1;
  for (int64_t i = 0; i < k; ++i) r = checked_mul(r, n - i);
  return IValue(r);
}

IValue m_frexp(Interp&, Args& a, const Kw& kw) {
  arity(a, kw, 1, 1, "frexp");
  double x = num(a[0]);
  if (!std::isfinite(x) || x == 0) return IValue::tuple({IValue(x), IValue(int64_t(0))});
  int e = 0;
  double m = std::frexp(x, &e);
  return IValue::tuple({IValue(m), IValue(int64_t(e))});
}
IValue m_ldexp(Interp&, Args& a, const Kw& kw) {
  arity(a, kw, 2, 2, "ldexp");
  double x = num(a[0]);
  if (!a[1].is_int() && !a[1].is_bool()) raise("TypeError", "Expected an int as second argument to ldexp.");
  int64_t e = integer(a[1]);
  if (x == 0 || !std::isfinite(x)) return IValue(x);
  int ei = int(std::clamp<int64_t>(e, INT32_MIN / 2, INT32_MAX / 2));
  double r = std::ldexp(x, ei);
  if (std::isinf(r)) range_error();
  return IValue(r);
}
IValue m_modf(Interp&, Args& a, const Kw& kw) {
  arity(a, kw, 1, 1, "modf");
  double x = num(a[0]);
  if (std::isinf(x)) return IValue::tuple({IValue(std::copysign(0.0, x)), IValue(x)});
  double ip = 0;
  double fp = std::modf(x, &ip);
  return IValue::tuple({IValue(fp), IValue(ip)});
}

IValue m_ulp(Interp&, Args& a, const Kw& kw) {
  arity(a, kw, 1, 1, "ulp");
  double x = std::fabs(num(a[0]));
  if (std::isnan(x) || std::isinf(x)) return IValue(x);
  double up = std::nextafter(x, INFINITY);
  if (std::isinf(up)) return IValue(x - std::nextafter(x, -INFINITY));
  return IValue(up - x);
}

// hypot(*coordinates) and dist(p, q): the Euclidean norm, scaled by the largest magnitude so
// that no square overflows or underflows; an infinity wins over a NaN, as in CPython.
double vector_norm(const std::vector<double>& v) {
  double mx = 0;
  bool nan = false;
  for (double x : v) {
    double ax = std::fabs(x);
    if (std::isnan(ax)) nan = true;
    else if (ax > mx) mx = ax;
  }
  if (std::isinf(mx)) return mx;
  if (nan) return NAN;
  if (mx == 0 || v.size() <= 1) return mx;
  double s = 0;
  for (double x : v) {
    double t = x / mx;
    s += t * t;
  }
  return mx * std::sqrt(s);
}
IValue m_hypot(Interp&, Args& a, const Kw& kw) {
  arity(a, kw, 0, SIZE_MAX, "hypot");
  std::vector<double> v;
  for (size_t i = 0; i < positional(a, kw); ++i) v.push_back(num(a[i]));
  if (v.size() == 2) return IValue(std::hypot(v[0], v[1]));
  return IValue(vector_norm(v));
}
IValue m_dist(Interp& I, Args& a, const Kw& kw) {
  arity(a, kw, 2, 2, "dist");
  for (size_t i = 0; i < 2; ++i)
    if (!a[i].is_list() && !a[i].is_tuple())
      raise("TypeError", std::string("dist(): argument ") + char('1' + i) + " must be tuple, not " + a[i].type_name());
  std::vector<IValue> p = iterate_value(I, a[0]), q = iterate_value(I, a[1]);
  if (p.size() != q.size()) raise("ValueError", "both points must have the same number of dimensions");
  std::vector<double> d;
  for (size_t i = 0; i < p.size(); ++i) d.push_back(num(p[i]) - num(q[i]));
  if (d.size() == 2) return IValue(std::hypot(d[0], d[1]));
  return IValue(vector_norm(d));
}

// fsum: Shewchuk's exact summation of partials, rounded once at the end (CPython's msum).
IValue m_fsum(Interp& I, Args& a, const Kw& kw) {
  arity(a, kw, 1, 1, "fsum");
  std::vector<double> partials;
  double special = 0, inf_sum = 0;
  bool have_special = false;
  for (const IValue& item : iterate_value(I, a[0])) {
    double x = num(item);
    if (!std::isfinite(x)) {
      if (std::isinf(x)) inf_sum += x;
      special += x;
      have_special = true;
      continue;
    }
    size_t i = 0;
    for (double y : partials) {
      if (std::fabs(x) < std::fabs(y)) std::swap(x, y);
      double hi = x + y;
      double lo = y - (hi - x);
      if (lo != 0.0) partials[i++] = lo;
      x = hi;
    }
    if (!std::isfinite(x)) raise("OverflowError", "intermediate overflow in fsum");
    partials.resize(i);
    if (x != 0.0) partials.push_back(x);
  }
  if (have_special) {
    if (std::isnan(inf_sum)) raise("ValueError", "-inf + inf in fsum");
    return IValue(special);
  }
  double hi = 0;
  size_t n = partials.size();
  if (n > 0) {
    hi = partials[--n];
    double lo = 0;
    while (n > 0) {
      double x = hi, y = partials[--n];
      hi = x + y;
      double yr = hi - x;
      lo = y - yr;
      if (lo != 0.0) break;
    }
    // Half-way cases: round as if the partials below were exact.
    if (n > 0 && ((lo < 0 && partials[n - 1] < 0) || (lo > 0 && partials[n - 1] > 0))) {
      double y = lo * 2;
      double x = hi + y;
      double yr = x - hi;
      if (y == yr) hi = x;
    }
  }
  return IValue(hi);
}

// prod(iterable, *, start=1): ints stay ints (OverflowError past 64 bits).
IValue m_prod(Interp& I, Args& a, const Kw& kw) {
  arity(a, kw, 1, 1, "prod");
  const IValue* start = kwarg(a, kw, "start");
  IValue acc = start ? *start : IValue(int64_t(1));
  for (const auto& x : iterate_value(I, a[0])) {
    if ((acc.is_int() || acc.is_bool()) && (x.is_int() || x.is_bool())) {
      acc = IValue(checked_mul(integer(acc), integer(x)));
    } else {
      acc = IValue(num(acc) * num(x));
    }
  }
  return acc;
}

}  // namespace

const std::map<std::string, BuiltinFn>& math_builtins() {
  static const std::map<std::string, BuiltinFn> m = {
      {"math.sqrt", m1<d_sqrt, false>}, {"math.exp", m1<d_exp, true>}, {"math.exp2", m1<d_exp2, true>},
      {"math.expm1", m1<d_expm1, true>}, {"math.log", m_log}, {"math.log2", m1<d_log2, false>},
      {"math.log10", m1<d_log10, false>}, {"math.log1p", m1<d_log1p, false>},
      {"math.sin", m1<d_sin, false>}, {"math.cos", m1<d_cos, false>}, {"math.tan", m1<d_tan, false>},
      {"math.asin", m1<d_asin, false>}, {"math.acos", m1<d_acos, false>}, {"math.atan", m1<d_atan, false>},
      {"math.sinh", m1<d_sinh, true>}, {"math.cosh", m1<d_cosh, true>}, {"math.tanh", m1<d_tanh, false>},
      {"math.asinh", m1<d_asinh, false>}, {"math.acosh", m1<d_acosh, false>}, {"math.atanh", m1<d_atanh, false>},
      {"math.fabs", m1<d_fabs, false>}, {"math.erf", m1<d_erf, false>}, {"math.erfc", m1<d_erfc, false>},
      {"math.cbrt", m1<d_cbrt, false>}, {"math.degrees", plain1<d_degrees>}, {"math.radians", plain1<d_radians>},
      {"math.atan2", m2<d_atan2>}, {"math.copysign", m2<d_copysign>}, {"math.fmod", m2<d_fmod>},
      {"math.remainder", m2<d_remainder>}, {"math.nextafter", m_nextafter}, {"math.pow", m_pow},
      {"math.gamma", m_gamma}, {"math.lgamma", m_lgamma},
      {"math.floor", to_int<d_floor>}, {"math.ceil", to_int<d_ceil>}, {"math.trunc", m_trunc},
      {"math.isnan", m_isnan}, {"math.isinf", m_isinf}, {"math.isfinite", m_isfinite}, {"math.isclose", m_isclose},
      {"math.gcd", m_gcd}, {"math.lcm", m_lcm}, {"math.isqrt", m_isqrt}, {"math.factorial", m_factorial},
      {"math.comb", m_comb}, {"math.perm", m_perm}, {"math.frexp", m_frexp}, {"math.ldexp", m_ldexp},
      {"math.modf", m_modf}, {"math.ulp", m_ulp}, {"math.hypot", m_hypot}, {"math.dist", m_dist},
      {"math.fsum", m_fsum}, {"math.prod", m_prod},
  };
  return m;
}

}  // namespace ts::runtime
