// CPU inner loops for the unary pointwise ops: float math (vectorized through libmvec),
// same-dtype ops (neg, abs, rounding, ...), predicates with a bool result, clamp.
// Dtype sets and kernel names in errors follow PyTorch 1.13's CPU kernels.
#include <bit>
#include <cmath>
#include <limits>
#include <optional>

#include "kernels/cpu/vec_math.h"
#include "stubs/unary.h"

namespace ts::kernels::inline TS_CPU_NS {
namespace {

constexpr double kPi = 3.14159265358979323846;

#ifdef TS_VEC_AVX2
#define TS_MVEC(fn) [](vec::VF x) { return fn(x); }
#else
#define TS_MVEC(fn) 0
#endif

// float unary ops through libmvec: name, scalar function, vector function, dtype set, kernel.
#define TS_MVEC_KERNEL(name, sfn, vfn, set, kname)                                  \
  void name##_kernel(TensorIter& it) {                                              \
    float_vec_kernel<1, set>(it, kname, [](auto x) { return sfn(x); }, TS_MVEC(vfn)); \
  }
TS_MVEC_KERNEL(exp, std::exp, vec::exp, kFloatingBF16, "exp_vml_cpu")
TS_MVEC_KERNEL(log, std::log, vec::log, kFloatingBF16, "log_vml_cpu")
TS_MVEC_KERNEL(sin, std::sin, _ZGVdN8v_sinf, kFloatingBF16, "sin_vml_cpu")
TS_MVEC_KERNEL(cos, std::cos, _ZGVdN8v_cosf, kFloatingBF16, "cos_vml_cpu")
TS_MVEC_KERNEL(tan, std::tan, _ZGVdN8v_tanf, kFloatingBF16, "tan_vml_cpu")
TS_MVEC_KERNEL(tanh, std::tanh, _ZGVdN8v_tanhf, kFloatingBF16, "tanh_vml_cpu")
TS_MVEC_KERNEL(exp2, std::exp2, _ZGVdN8v_exp2f, kFloatingAll, "exp2")
TS_MVEC_KERNEL(expm1, std::expm1, _ZGVdN8v_expm1f, kFloatingBF16, "expm1_vml_cpu")
TS_MVEC_KERNEL(log2, std::log2, vec::log2, kFloatingBF16, "log2_vml_cpu")
TS_MVEC_KERNEL(log10, std::log10, vec::log10, kFloatingBF16, "log10_vml_cpu")
TS_MVEC_KERNEL(log1p, std::log1p, vec::log1p, kFloatingBF16, "log1p_vml_cpu")
TS_MVEC_KERNEL(asin, std::asin, _ZGVdN8v_asinf, kFloatingBF16, "asin_vml_cpu")
TS_MVEC_KERNEL(acos, std::acos, _ZGVdN8v_acosf, kFloatingBF16, "acos_vml_cpu")
TS_MVEC_KERNEL(atan, std::atan, _ZGVdN8v_atanf, kFloatingBF16, "atan_vml_cpu")
TS_MVEC_KERNEL(sinh, std::sinh, _ZGVdN8v_sinhf, kFloatingBF16, "sinh_cpu")
TS_MVEC_KERNEL(cosh, std::cosh, _ZGVdN8v_coshf, kFloatingBF16, "cosh_cpu")
TS_MVEC_KERNEL(asinh, std::asinh, _ZGVdN8v_asinhf, kFloatingBF16, "asinh_cpu")
TS_MVEC_KERNEL(acosh, std::acosh, _ZGVdN8v_acoshf, kFloatingBF16, "acosh_cpu")
TS_MVEC_KERNEL(atanh, std::atanh, _ZGVdN8v_atanhf, kFloatingBF16, "atanh_cpu")
TS_MVEC_KERNEL(erf, std::erf, _ZGVdN8v_erff, kFloatingBF16, "erf_vml_cpu")
TS_MVEC_KERNEL(erfc, std::erfc, _ZGVdN8v_erfcf, kFloatingBF16, "erfc_vml_cpu")
#undef TS_MVEC_KERNEL

#ifdef TS_VEC_AVX2
#define TS_VLAMBDA(body) [](vec::VF x) { return body; }
#else
#define TS_VLAMBDA(body) 0
#endif

void sqrt_kernel(TensorIter& it) {
  float_vec_kernel<1, kFloatingBF16>(it, "sqrt_vml_cpu", [](auto x) { return std::sqrt(x); },
                                     TS_VLAMBDA(_mm256_sqrt_ps(x)));
}
// Reduced-precision formulas rounded step by step, as PyTorch 1.13 computes them.
template <typename Op>
bool reduced_stepwise(TensorIter& it, const Op& op) {
  DType t = it.common_dtype();
  if (t == DType::BFloat16) {
    cpu_kernel(it, [&](BFloat16 a) -> BFloat16 { return BFloat16(op(float(a), [](float x) { return rt<BFloat16>(x); })); });
    return true;
  }
  if (t == DType::Float16) {
    cpu_kernel(it, [&](Half a) -> Half { return Half(op(float(a), [](float x) { return rt<Half>(x); })); });
    return true;
  }
  return false;
}

void rsqrt_kernel(TensorIter& it) {
  if (it.common_dtype() == DType::BFloat16 &&
      reduced_stepwise(it, [](float x, auto r) { return r(1.0f / r(std::sqrt(x))); }))
    return;
  float_vec_kernel<1, kFloatingBF16>(
      it, "rsqrt_cpu", [](auto x) { return decltype(x)(1) / std::sqrt(x); },
      TS_VLAMBDA(_mm256_div_ps(vec::splat(1.0f), _mm256_sqrt_ps(x))));
}
void reciprocal_kernel(TensorIter& it) {
  float_vec_kernel<1, kFloatingAll>(it, "reciprocal_cpu", [](auto x) { return decltype(x)(1) / x; },
                                    TS_VLAMBDA(_mm256_div_ps(vec::splat(1.0f), x)));
}
// 1 / (1 + exp(-x)), as PyTorch computes it.
void sigmoid_kernel(TensorIter& it) {
  float_vec_kernel<1, kFloatingBF16>(
      it, "sigmoid_cpu", [](auto x) { return decltype(x)(1) / (decltype(x)(1) + std::exp(-x)); },
      TS_VLAMBDA(_mm256_div_ps(vec::splat(1.0f),
                               _mm256_add_ps(vec::splat(1.0f),
                                             vec::exp(_mm256_sub_ps(_mm256_setzero_ps(), x))))));
}
// x * (pi / 180) with the constant in the compute type (PyTorch multiplies by a wrapped number).
void deg2rad_kernel(TensorIter& it) {
  if (reduced_stepwise(it, [](float x, auto r) { return r(x * r(float(kPi / 180.0))); })) return;
  float_vec_kernel<1, kFloatingAll>(
      it, "deg2rad", [](auto x) { return x * decltype(x)(kPi / 180.0); },
      TS_VLAMBDA(_mm256_mul_ps(x, vec::splat(float(kPi / 180.0)))));
}
void rad2deg_kernel(TensorIter& it) {
  if (reduced_stepwise(it, [](float x, auto r) { return r(x * r(float(180.0 / kPi))); })) return;
  float_vec_kernel<1, kFloatingAll>(
      it, "rad2deg", [](auto x) { return x * decltype(x)(180.0 / kPi); },
      TS_VLAMBDA(_mm256_mul_ps(x, vec::splat(float(180.0 / kPi)))));
}

// A float op with only a scalar form (computed in float for float16/bfloat16).
template <unsigned Set, typename SOp>
void float_scalar_kernel(TensorIter& it, const char* kname, const SOp& sop) {
  dispatch<Set & kFloatingAll>(it.common_dtype(), kname, [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = std::conditional_t<std::is_same_v<T, double>, double, float>;
    cpu_kernel(it, [&](T a) -> T { return T(sop(C(a))); });
  });
}

// PyTorch's calc_erfinv: a rational first guess, then two Newton steps.
template <typename T>
T calc_erfinv(T y) {
  constexpr T kCentral = T(0.7);
  const T a[4] = {T(0.886226899), T(-1.645349621), T(0.914624893), T(-0.140543331)};
  const T b[4] = {T(-2.118377725), T(1.442710462), T(-0.329097515), T(0.012229801)};
  const T c[4] = {T(-1.970840454), T(-1.624906493), T(3.429567803), T(1.641345311)};
  const T d[2] = {T(3.543889200), T(1.637067800)};
  T ya = std::abs(y);
  if (ya > T(1)) return std::numeric_limits<T>::quiet_NaN();
  if (ya == T(1)) return std::copysign(std::numeric_limits<T>::infinity(), y);
  T x, z, num, dem;
  if (ya <= kCentral) {
    z = y * y;
    num = (((a[3] * z + a[2]) * z + a[1]) * z + a[0]);
    dem = ((((b[3] * z + b[2]) * z + b[1]) * z + b[0]) * z + T(1));
    x = y * num / dem;
  } else {
    z = std::sqrt(-std::log((T(1) - ya) / T(2)));
    num = ((c[3] * z + c[2]) * z + c[1]) * z + c[0];
    dem = (d[1] * z + d[0]) * z + T(1);
    x = std::copysign(num, y) / dem;
  }
  const T k = T(2) / T(std::sqrt(kPi));
  x = x - (std::erf(x) - y) / (k * std::exp(-x * x));
  x = x - (std::erf(x) - y) / (k * std::exp(-x * x));
  return x;
}

// PyTorch's calc_digamma: reflection for x < 0, recurrence up to 10, asymptotic series.
template <typename T>
T calc_digamma(T x) {
  constexpr T kPsi10 = T(2.25175258906672110764);
  if (x == 0) return std::copysign(std::numeric_limits<T>::infinity(), -x);
  bool x_is_integer = x == std::trunc(x);
  if (x < 0) {
    if (x_is_integer) return std::numeric_limits<T>::quiet_NaN();
    double q;
    double r = std::modf(double(x), &q);
    T pi_over_tan = T(kPi / std::tan(kPi * r));
    return calc_digamma(T(1) - x) - pi_over_tan;
  }
  T result = 0;
  while (x < 10) {
    result -= T(1) / x;
    x += 1;
  }
  if (x == 10) return result + kPsi10;
  const T A[] = {T(8.33333333333333333333E-2), T(-2.10927960927960927961E-2),
                 T(7.57575757575757575758E-3), T(-4.16666666666666666667E-3),
                 T(3.96825396825396825397E-3), T(-8.33333333333333333333E-3),
                 T(8.33333333333333333333E-2)};
  T y = 0;
  if (x < T(1.0e17)) {
    T z = T(1) / (x * x);
    T p = 0;
    for (T a : A) p = p * z + a;
    y = z * p;
  }
  return result + std::log(x) - (T(0.5) / x) - y;
}

void erfinv_kernel(TensorIter& it) {
  float_scalar_kernel<kFloatingBF16>(it, "erfinv_vml_cpu", [](auto x) { return calc_erfinv(x); });
}
void lgamma_kernel(TensorIter& it) {
  float_scalar_kernel<kFloatingBF16>(it, "lgamma_vml_cpu", [](auto x) { return std::lgamma(x); });
}
void digamma_kernel(TensorIter& it) {
  float_scalar_kernel<kFloatingBF16>(it, "digamma", [](auto x) { return calc_digamma(x); });
}
void sinc_kernel(TensorIter& it) {
  if (it.common_dtype() == DType::BFloat16 &&
      reduced_stepwise(it, [](float x, auto r) {
        if (x == 0) return 1.0f;
        float p = r(r(float(kPi)) * x);
        return r(r(std::sin(p)) / p);
      }))
    return;
  float_scalar_kernel<kFloatingBF16>(it, "sinc_cpu", [](auto x) {
    using C = decltype(x);
    if (x == C(0)) return C(1);
    C p = C(kPi) * x;
    return std::sin(p) / p;
  });
}

// torch.special.entr: -x log(x) for x > 0, 0 at 0, -inf below, NaN kept.
void special_entr_kernel(TensorIter& it) {
  auto entr = [](auto x, auto r) {
    using C = decltype(x);
    if (std::isnan(x)) return x;
    if (x > C(0)) return r(-x * r(std::log(x)));
    return x == C(0) ? C(0) : -std::numeric_limits<C>::infinity();
  };
  if (it.common_dtype() == DType::BFloat16 && reduced_stepwise(it, [&](float x, auto r) { return entr(x, r); }))
    return;
  float_scalar_kernel<kFloatingBF16>(it, "entr_cpu", [&](auto x) { return entr(x, [](auto v) { return v; }); });
}

// log(x / (1 - x)), with x clamped to [eps, 1 - eps] when eps >= 0. As in PyTorch, eps is
// first rounded to the dtype and 1 - eps computed (and rounded) in it.
void logit_kernel(TensorIter& it, double eps) {
  if (it.common_dtype() == DType::BFloat16) {
    const float lo = rt<BFloat16>(float(eps)), hi = rt<BFloat16>(1.0f - lo);
    reduced_stepwise(it, [=](float x, auto r) {
      if (eps >= 0) x = x < lo ? lo : (x > hi ? hi : x);
      return x == 1.0f ? std::numeric_limits<float>::infinity() : r(std::log(r(x / r(1.0f - x))));
    });
    return;
  }
  if (eps < 0) {
    float_vec_kernel<1, kFloatingBF16>(
        it, "logit_cpu", [](auto x) {
          using C = decltype(x);
          return x == C(1) ? std::numeric_limits<C>::infinity() : std::log(x / (C(1) - x));
        },
        TS_VLAMBDA(vec::log(_mm256_div_ps(x, _mm256_sub_ps(vec::splat(1.0f), x)))));
    return;
  }
  const float lo = float(eps), hi = 1.0f - lo;
  const double lod = eps, hid = 1.0 - eps;
  float_vec_kernel<1, kFloatingBF16>(
      it, "logit_cpu", [=](auto x) {
        using C = decltype(x);
        C l = std::is_same_v<C, double> ? C(lod) : C(lo), h = std::is_same_v<C, double> ? C(hid) : C(hi);
        x = x < l ? l : (x > h ? h : x);
        return x == C(1) ? std::numeric_limits<C>::infinity() : std::log(x / (C(1) - x));
      },
#ifdef TS_VEC_AVX2
      [=](vec::VF x) {
        // Blends keep NaN inputs (both comparisons false); both masks test the input, and lo
        // wins when eps > 0.5 makes lo > hi, as in the scalar form.
        const __m256 below = _mm256_cmp_ps(x, vec::splat(lo), _CMP_LT_OQ);
        x = _mm256_blendv_ps(x, vec::splat(hi), _mm256_cmp_ps(x, vec::splat(hi), _CMP_GT_OQ));
        x = _mm256_blendv_ps(x, vec::splat(lo), below);
        return vec::log(_mm256_div_ps(x, _mm256_sub_ps(vec::splat(1.0f), x)));
      }
#else
      0
#endif
  );
}

// ---- Same-dtype ops ----

void neg_kernel(TensorIter& it) {
  dispatch<kNumericAll>(it.common_dtype(), "neg_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    cpu_kernel(it, [](T a) -> T { return T(-a); });
  });
}

void abs_kernel(TensorIter& it) {
  dispatch<kNumericAll>(it.common_dtype(), "abs_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_unsigned_v<T>) {
      cpu_kernel(it, [](T a) -> T { return a; });
    } else if constexpr (std::is_integral_v<T>) {
      cpu_kernel(it, [](T a) -> T { return T(a < 0 ? -a : a); });
    } else {
      using C = typename AccType<T>::type;
      cpu_kernel(it, [](T a) -> T { return T(std::abs(C(a))); });
    }
  });
}

// (0 < a) - (a < 0): NaN and -0.0 give +0.
void sign_kernel(TensorIter& it) {
  dispatch<kAllTypes>(it.common_dtype(), "sign_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_same_v<T, bool>) {
      cpu_kernel(it, [](bool a) -> bool { return a; });
    } else if constexpr (std::is_unsigned_v<T>) {
      cpu_kernel(it, [](T a) -> T { return T(a > 0); });
    } else if constexpr (std::is_integral_v<T>) {
      cpu_kernel(it, [](T a) -> T { return T((T(0) < a) - (a < T(0))); });
    } else {
      using C = typename AccType<T>::type;
      cpu_kernel(it, [](T a) -> T { return T(C(C(0) < C(a)) - C(C(a) < C(0))); });
    }
  });
}

// floor/ceil/trunc/round: identity on integers, rounding on floats (round: half to even).
template <int Mode>
void rounding_kernel(TensorIter& it, const char* kname) {
  DType t = it.common_dtype();
  if (is_integral(t, false)) {
    dispatch<kIntSet>(t, kname, [&](auto tag) {
      using T = typename decltype(tag)::type;
      cpu_kernel(it, [](T a) -> T { return a; });
    });
    return;
  }
  float_vec_kernel<1, kFloatingBF16>(
      it, kname,
      [](auto x) {
        if constexpr (Mode == 0) return std::floor(x);
        else if constexpr (Mode == 1) return std::ceil(x);
        else if constexpr (Mode == 2) return std::trunc(x);
        else return std::nearbyint(x);
      },
#ifdef TS_VEC_AVX2
      [](vec::VF x) {
        constexpr int kRound = Mode == 0   ? _MM_FROUND_TO_NEG_INF
                               : Mode == 1 ? _MM_FROUND_TO_POS_INF
                               : Mode == 2 ? _MM_FROUND_TO_ZERO
                                           : _MM_FROUND_TO_NEAREST_INT;
        return _mm256_round_ps(x, kRound | _MM_FROUND_NO_EXC);
      }
#else
      0
#endif
  );
}
void floor_kernel(TensorIter& it) { rounding_kernel<0>(it, "floor_vml_cpu"); }
void ceil_kernel(TensorIter& it) { rounding_kernel<1>(it, "ceil_vml_cpu"); }
void trunc_kernel(TensorIter& it) { rounding_kernel<2>(it, "trunc_vml_cpu"); }
void round_kernel(TensorIter& it) { rounding_kernel<3>(it, "round_vml_cpu"); }

// PyTorch scales by 10^|decimals| in the tensor's dtype, rounds half to even, scales back.
void round_decimals_kernel(TensorIter& it, int64_t decimals) {
  dispatch<kFloatingBF16>(it.common_dtype(), "round_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = typename AccType<T>::type;
    bool neg = decimals < 0;
    const C p = C(T(std::pow(10.0, double(neg ? -decimals : decimals))));
    if (neg) {
      cpu_kernel(it, [p](T a) -> T { return T(C(T(std::nearbyint(C(T(C(a) / p))))) * p); });
    } else {
      cpu_kernel(it, [p](T a) -> T { return T(C(T(std::nearbyint(C(T(C(a) * p))))) / p); });
    }
  });
}

void frac_kernel(TensorIter& it) {
  dispatch<kFloatingAll>(it.common_dtype(), "frac_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = typename AccType<T>::type;
    cpu_kernel(it, [](T a) -> T { return T(C(a) - std::trunc(C(a))); });
  });
}

void bitwise_not_kernel(TensorIter& it) {
  dispatch<kBoolSet | kIntSet>(it.common_dtype(), "bitwise_not_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_same_v<T, bool>) {
      cpu_kernel(it, [](bool a) -> bool { return !a; });
    } else {
      cpu_kernel(it, [](T a) -> T { return T(~a); });
    }
  });
}

// NaN -> nan, +inf -> posinf (default: the dtype's max), -inf -> neginf (default: lowest).
void nan_to_num_kernel(TensorIter& it, std::optional<double> nan, std::optional<double> posinf,
                       std::optional<double> neginf) {
  dispatch<kFloatingAll>(it.common_dtype(), "nan_to_num", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = typename AccType<T>::type;
    T max_v, low_v;
    if constexpr (std::is_same_v<T, Half>) {
      max_v = T(65504.0f);
      low_v = T(-65504.0f);
    } else if constexpr (std::is_same_v<T, BFloat16>) {
      max_v.bits = 0x7f7f;
      low_v.bits = 0xff7f;
    } else {
      max_v = std::numeric_limits<T>::max();
      low_v = std::numeric_limits<T>::lowest();
    }
    const T n = T(C(nan.value_or(0.0)));
    const T pi = posinf ? T(C(*posinf)) : max_v;
    const T ni = neginf ? T(C(*neginf)) : low_v;
    cpu_kernel(it, [=](T a) -> T {
      C x = C(a);
      return x != x ? n : (x == std::numeric_limits<C>::infinity() ? pi : (x == -std::numeric_limits<C>::infinity() ? ni : a));
    });
  });
}

// ---- Predicates: any input dtype, bool output ----

template <typename P>
void predicate_kernel(TensorIter& it, const char* kname, const P& pred) {
  dispatch<kAllTypes>(it.input_dtype(0), kname, [&](auto tag) {
    using T = typename decltype(tag)::type;
    cpu_kernel(it, [&](T a) -> bool { return pred(a); });
  });
}

template <typename T>
inline auto as_compute(T a) {
  if constexpr (vec::is_reduced<T>) return float(a);
  else return a;
}

void logical_not_kernel(TensorIter& it) {
  predicate_kernel(it, "logical_not_cpu", [](auto a) { return !(as_compute(a) != 0); });
}
void isnan_kernel(TensorIter& it) {
  predicate_kernel(it, "isnan", [](auto a) {
    auto x = as_compute(a);
    return x != x;
  });
}
void isinf_kernel(TensorIter& it) {
  predicate_kernel(it, "isinf", [](auto a) {
    auto x = as_compute(a);
    if constexpr (std::is_floating_point_v<decltype(x)>) return std::isinf(x);
    else return false;
  });
}
void isfinite_kernel(TensorIter& it) {
  predicate_kernel(it, "isfinite", [](auto a) {
    auto x = as_compute(a);
    if constexpr (std::is_floating_point_v<decltype(x)>) return std::isfinite(x);
    else return true;
  });
}
void isposinf_kernel(TensorIter& it) {
  predicate_kernel(it, "isposinf", [](auto a) {
    auto x = as_compute(a);
    if constexpr (std::is_floating_point_v<decltype(x)>) return x == std::numeric_limits<decltype(x)>::infinity();
    else return false;
  });
}
void isneginf_kernel(TensorIter& it) {
  predicate_kernel(it, "isneginf", [](auto a) {
    auto x = as_compute(a);
    if constexpr (std::is_floating_point_v<decltype(x)>) return x == -std::numeric_limits<decltype(x)>::infinity();
    else return false;
  });
}
void signbit_kernel(TensorIter& it) {
  predicate_kernel(it, "signbit_cpu", [](auto a) {
    auto x = as_compute(a);
    // Bit test rather than std::signbit: GCC 12 crashes vectorizing the latter.
    if constexpr (std::is_same_v<decltype(x), float>) return (std::bit_cast<uint32_t>(x) >> 31) != 0;
    else if constexpr (std::is_same_v<decltype(x), double>) return (std::bit_cast<uint64_t>(x) >> 63) != 0;
    else if constexpr (std::is_signed_v<decltype(x)> && !std::is_same_v<decltype(x), bool>) return x < 0;
    else return false;
  });
}

// ---- clamp ----
// Scalar bounds: std::min(std::max(a, lo), hi), so a NaN input stays NaN and a NaN bound alone
// is ignored (the op layer handles clamp's "any NaN bound gives NaN").

void clamp_scalar_kernel(TensorIter& it, const Scalar& lo, const Scalar& hi) {
  dispatch<kNumericBF16>(it.common_dtype(), "clamp_scalar_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = typename AccType<T>::type;
    const C l = C(lo.to<T>()), h = C(hi.to<T>());
    cpu_kernel(it, [=](T a) -> T { return T(std::min(std::max(C(a), l), h)); });
  });
}
void clamp_min_scalar_kernel(TensorIter& it, const Scalar& lo) {
  dispatch<kNumericBF16>(it.common_dtype(), "clamp_min_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = typename AccType<T>::type;
    const C l = C(lo.to<T>());
    cpu_kernel(it, [=](T a) -> T { return T(std::max(C(a), l)); });
  });
}
void clamp_max_scalar_kernel(TensorIter& it, const Scalar& hi) {
  dispatch<kNumericBF16>(it.common_dtype(), "clamp_max_scalar_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = typename AccType<T>::type;
    const C h = C(hi.to<T>());
    cpu_kernel(it, [=](T a) -> T { return T(std::min(C(a), h)); });
  });
}
// Tensor bounds (both given): a NaN bound gives NaN.
void clamp_tensor_kernel(TensorIter& it) {
  dispatch<kNumericBF16>(it.common_dtype(), "clamp_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = typename AccType<T>::type;
    cpu_kernel(it, [](T a, T lo, T hi) -> T {
      C l = C(lo), h = C(hi);
      if constexpr (std::is_floating_point_v<C>) {
        if (l != l || h != h) return T(std::numeric_limits<C>::quiet_NaN());
      }
      return T(std::min(std::max(C(a), l), h));
    });
  });
}

}  // namespace

// Every row of stubs/unary_ops.def and every predicate has its `<name>_kernel` above.
#define TS_REG(n) TS_REGISTER_KERNEL(n##_stub, CPU, &n##_kernel);
#define TS_UNARY_OP(n, ...) TS_REG(n)
#define TS_UNARY_OP_NO_GRAD(n, ...) TS_REG(n)
#include "stubs/unary_ops.def"
TS_PREDICATE_OPS(TS_REG)
#undef TS_REG
TS_REGISTER_KERNEL(logit_stub, CPU, &logit_kernel);
TS_REGISTER_KERNEL(round_decimals_stub, CPU, &round_decimals_kernel);
TS_REGISTER_KERNEL(nan_to_num_stub, CPU, &nan_to_num_kernel);
TS_REGISTER_KERNEL(clamp_scalar_stub, CPU, &clamp_scalar_kernel);
TS_REGISTER_KERNEL(clamp_min_scalar_stub, CPU, &clamp_min_scalar_kernel);
TS_REGISTER_KERNEL(clamp_max_scalar_stub, CPU, &clamp_max_scalar_kernel);
TS_REGISTER_KERNEL(clamp_tensor_stub, CPU, &clamp_tensor_kernel);

}  // namespace ts::kernels
