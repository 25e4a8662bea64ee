// CPU loops for heaviside, nextafter, i0, i1, polygamma (n >= 1) and the bit shifts.
//
// i0 and polygamma follow PyTorch 1.13's formulas, which derive from the Cephes Math Library
// (Copyright (c) 2018, Steven Moshier, 3-clause BSD): i0 = exp(|x|) * a Chebyshev series of
// i0e; trigamma by recurrence and an asymptotic series; polygamma(n >= 2) =
// (-1)^(n+1) n! zeta(n + 1, x) with the Hurwitz zeta accumulated in double.
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "kernels/cpu/vec_math.h"
#include "stubs/special.h"

namespace ts::kernels {
namespace {

constexpr double kPiD = 3.14159265358979323846;

void heaviside_kernel(TensorIter& it) {
  dispatch<kAllTypes>(it.common_dtype(), "heaviside_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) {
      cpu_kernel(it, [](T a, T b) -> T { return float(a) == 0.0f ? b : T(float(float(a) > 0.0f)); });
    } else {
      cpu_kernel(it, [](T a, T b) -> T { return a == T(0) ? b : T(a > T(0)); });
    }
  });
}

// The next bfloat16 after `from` towards `to`, stepping the bit pattern.
BFloat16 nextafter_bf16(BFloat16 from, BFloat16 to) {
  const float f = float(from), t = float(to);
  if (std::isnan(f) || std::isnan(t)) return BFloat16(f + t);
  if (from.bits == to.bits) return from;
  constexpr uint16_t sign = 0x8000;
  const uint16_t af = from.bits & ~sign, at = to.bits & ~sign;
  BFloat16 r;
  if (af == 0) {
    if (at == 0) return to;
    r.bits = uint16_t((to.bits & sign) | 1);
    return r;
  }
  r.bits = (af > at || ((from.bits ^ to.bits) & sign)) ? uint16_t(from.bits - 1) : uint16_t(from.bits + 1);
  return r;
}

void nextafter_kernel(TensorIter& it) {
  dispatch<kFloatingBF16>(it.common_dtype(), "nextafter_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_same_v<T, BFloat16>) cpu_kernel(it, [](T a, T b) -> T { return nextafter_bf16(a, b); });
    else cpu_kernel(it, [](T a, T b) -> T { return std::nextafter(a, b); });
  });
}

// ---- i0 ----

template <typename T>
T chbevl(T x, const T* a, int len) {
  T b0 = a[0], b1 = 0, b2 = 0;
  for (int i = 1; i < len; ++i) {
    b2 = b1;
    b1 = b0;
    b0 = x * b1 - b2 + a[i];
  }
  return T(0.5) * (b0 - b2);
}

template <typename T>
T calc_i0(T v) {
  static const T kA[] = {
      T(-4.41534164647933937950E-18), T(3.33079451882223809783E-17), T(-2.43127984654795469359E-16),
      T(1.71539128555513303061E-15),  T(-1.16853328779934516808E-14), T(7.67618549860493561688E-14),
      T(-4.85644678311192946090E-13), T(2.95505266312963983461E-12), T(-1.72682629144155570723E-11),
      T(9.67580903537323691224E-11),  T(-5.18979560163526290666E-10), T(2.65982372468238665035E-9),
      T(-1.30002500998624804212E-8),  T(6.04699502254191894932E-8),  T(-2.67079385394061173391E-7),
      T(1.11738753912010371815E-6),   T(-4.41673835845875056359E-6), T(1.64484480707288970893E-5),
      T(-5.75419501008210370398E-5),  T(1.88502885095841655729E-4),  T(-5.76375574538582365885E-4),
      T(1.63947561694133579842E-3),   T(-4.32430999505057594430E-3), T(1.05464603945949983183E-2),
      T(-2.37374148058994688156E-2),  T(4.93052842396707084878E-2),  T(-9.49010970480476444210E-2),
      T(1.71620901522208775349E-1),   T(-3.04682672343198398683E-1), T(6.76795274409476084995E-1)};
  static const T kB[] = {
      T(-7.23318048787475395456E-18), T(-4.83050448594418207126E-18), T(4.46562142029675999901E-17),
      T(3.46122286769746109310E-17),  T(-2.82762398051658348494E-16), T(-3.42548561967721913462E-16),
      T(1.77256013305652638360E-15),  T(3.81168066935262242075E-15),  T(-9.55484669882830764870E-15),
      T(-4.15056934728722208663E-14), T(1.54008621752140982691E-14),  T(3.85277838274214270114E-13),
      T(7.18012445138366623367E-13),  T(-1.79417853150680611778E-12), T(-1.32158118404477131188E-11),
      T(-3.14991652796324136454E-11), T(1.18891471078464383424E-11),  T(4.94060238822496958910E-10),
      T(3.39623202570838634515E-9),   T(2.26666899049817806459E-8),   T(2.04891858946906374183E-7),
      T(2.89137052083475648297E-6),   T(6.88975834691682398426E-5),   T(3.36911647825569408990E-3),
      T(8.04490411014108831608E-1)};
  const T x = std::abs(v);
  if (x <= T(8)) return std::exp(x) * chbevl(x / T(2) - T(2), kA, 30);
  return std::exp(x) * chbevl(T(32) / x - T(2), kB, 25) / std::sqrt(x);
}

// Integer inputs were promoted to float by the op; float16 is not supported (as in PyTorch).
template <typename F>
void float_unary(TensorIter& it, const char* kname, const F& f) {
  dispatch<kFloatingBF16>(it.common_dtype(), kname, [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = std::conditional_t<std::is_same_v<T, double>, double, float>;
    cpu_kernel(it, [&](T a) -> T { return T(f(C(a))); });
  });
}

void i0_kernel(TensorIter& it) {
  float_unary(it, "i0_vml_cpu", [](auto x) { return calc_i0(x); });
}

// i1(x) = sum_k (x/2)^(2k+1) / (k! (k+1)!), summed in double. Every term is positive, so the
// sum has no cancellation: its relative error is a few ulps of double at any x (about x/2 + 20
// terms). Float inputs round the double result.
double calc_i1(double v) {
  if (std::isnan(v)) return v;
  const double h = std::fabs(v) / 2, h2 = h * h;
  double term = h, sum = h;
  for (int k = 0; k < 4000; ++k) {
    term *= h2 / ((k + 1.0) * (k + 2.0));
    sum += term;
    if (!(term > sum * 1e-17)) break;
  }
  return std::copysign(sum, v);
}

// As PyTorch's Cephes form exp(|x|) * chbevl(...) / sqrt(|x|): infinite once exp(|x|) overflows in
// the input's type, and NaN for infinite x.
template <typename T>
T i1_of(T x) {
  if (std::isinf(x)) return std::numeric_limits<T>::quiet_NaN();
  if (std::isinf(std::exp(std::fabs(x)))) return std::copysign(std::numeric_limits<T>::infinity(), x);
  return T(calc_i1(double(x)));
}

void i1_kernel(TensorIter& it) {
  float_unary(it, "i1_cpu", [](auto x) { return i1_of(x); });
}

// ---- polygamma ----

template <typename T>
T trigamma(T x) {
  T sign = 1, result = 0;
  if (x < T(0.5)) {
    sign = -1;
    const T s = std::sin(T(kPiD) * x);
    result -= (T(kPiD) * T(kPiD)) / (s * s);
    x = 1 - x;
  }
  for (int i = 0; i < 6; ++i) {
    result += 1 / (x * x);
    x += 1;
  }
  const T ixx = 1 / (x * x);
  result += (1 + 1 / (2 * x) + ixx * (T(1) / 6 - ixx * (T(1) / 30 - ixx * (T(1) / 42)))) / x;
  return sign * result;
}

// Hurwitz zeta(x, q), accumulated in double for float and double inputs (the first term is a
// pow in the input type, as in PyTorch).
template <typename T>
double zeta(T xt, T qt) {
  const double x = double(xt), q = double(qt);
  static const double kA[] = {12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1.8924375803183791606e9,
                              7.47242496e10, -2.950130727918164224e12, 1.1646782814350067249e14,
                              -4.5979787224074726105e15, 1.8152105401943546773e17, -7.1661652561756670113e18};
  const double machep = 1.11022302462515654042E-16;
  if (x == 1) return std::numeric_limits<double>::infinity();
  if (x < 1) return std::numeric_limits<double>::quiet_NaN();
  if (q <= 0) {
    if (q == std::floor(q)) return std::numeric_limits<double>::infinity();
    if (x != std::floor(x)) return std::numeric_limits<double>::quiet_NaN();
  }
  double s = double(std::pow(qt, -xt)), a = q, b = 0;
  int i = 0;
  while (i < 9 || a <= 9.0) {
    i += 1;
    a += 1;
    b = std::pow(a, -x);
    s += b;
    if (-machep * s < b && b < machep * s) return s;
  }
  const double w = a;
  s += b * w / (x - 1);
  s -= 0.5 * b;
  double k = 0, t;
  a = 1;
  for (i = 0; i < 12; i++) {
    a *= x + k;
    b /= w;
    t = a * b / kA[i];
    s = s + t;
    t = std::fabs(t / s);
    if (t < machep) return s;
    k += 1;
    a *= x + k;
    b /= w;
    k += 1;
  }
  return s;
}

template <typename T>
T calc_polygamma(T x, int64_t n) {
  const T one = T(1);
  return ((n % 2) ? one : -one) * std::exp(std::lgamma(T(n) + one)) * T(zeta(T(n + 1), x));
}

void polygamma_kernel(TensorIter& it, int64_t n) {
  if (n == 1) return float_unary(it, "trigamma", [](auto x) { return trigamma(x); });
  float_unary(it, "polygamma", [n](auto x) { return calc_polygamma(x, n); });
}

// ---- shifts: the count is taken modulo the width the value is shifted in (32 bits for the
// narrow types, which C++ promotes to int), as x86 does for PyTorch's C++ shifts ----

void lshift_kernel(TensorIter& it) {
  dispatch<kIntSet>(it.common_dtype(), "lshift_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (sizeof(T) == 8) {
      cpu_kernel(it, [](T a, T b) -> T { return T(uint64_t(a) << (uint64_t(b) & 63)); });
    } else {
      cpu_kernel(it, [](T a, T b) -> T {
        return T(uint32_t(std::make_unsigned_t<T>(a)) << (uint32_t(b) & 31));
      });
    }
  });
}

void rshift_kernel(TensorIter& it) {
  dispatch<kIntSet>(it.common_dtype(), "rshift_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (sizeof(T) == 8) {
      cpu_kernel(it, [](T a, T b) -> T { return T(a >> (uint64_t(b) & 63)); });
    } else {
      cpu_kernel(it, [](T a, T b) -> T { return T(int32_t(a) >> (uint32_t(b) & 31)); });
    }
  });
}

}  // namespace

TS_REGISTER_KERNEL(heaviside_stub, CPU, &heaviside_kernel);
TS_REGISTER_KERNEL(nextafter_stub, CPU, &nextafter_kernel);
TS_REGISTER_KERNEL(i0_stub, CPU, &i0_kernel);
TS_REGISTER_KERNEL(i1_stub, CPU, &i1_kernel);
TS_REGISTER_KERNEL(polygamma_stub, CPU, &polygamma_kernel);
TS_REGISTER_KERNEL(lshift_stub, CPU, &lshift_kernel);
TS_REGISTER_KERNEL(rshift_stub, CPU, &rshift_kernel);

}  // namespace ts::kernels
