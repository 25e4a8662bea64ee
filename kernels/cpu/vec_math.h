// Vectorized float32 loops for the pointwise families (unary.cpp, pointwise.cpp).
// Transcendentals come from glibc's libmvec (AVX2 variants, 8 floats per call); every element,
// tail included, goes through the same vector routine so results do not depend on where an
// element falls in the loop or on the thread split. Float16/BFloat16 compute through float.
// Also: PyTorch's "not implemented for 'Half'" dispatch errors.
#pragma once

#include <cmath>
#include <cstring>
#include <limits>

#include "kernels/cpu/loops.h"

#if defined(__AVX2__) && defined(__FMA__)
#include <immintrin.h>
#define TS_VEC_AVX2 1
extern "C" {
__m256 _ZGVdN8v_expf(__m256);
__m256 _ZGVdN8v_logf(__m256);
__m256 _ZGVdN8v_sinf(__m256);
__m256 _ZGVdN8v_cosf(__m256);
__m256 _ZGVdN8v_tanf(__m256);
__m256 _ZGVdN8v_tanhf(__m256);
__m256 _ZGVdN8v_exp2f(__m256);
__m256 _ZGVdN8v_expm1f(__m256);
__m256 _ZGVdN8v_log2f(__m256);
__m256 _ZGVdN8v_log10f(__m256);
__m256 _ZGVdN8v_log1pf(__m256);
__m256 _ZGVdN8v_asinf(__m256);
__m256 _ZGVdN8v_acosf(__m256);
__m256 _ZGVdN8v_atanf(__m256);
__m256 _ZGVdN8v_sinhf(__m256);
__m256 _ZGVdN8v_coshf(__m256);
__m256 _ZGVdN8v_asinhf(__m256);
__m256 _ZGVdN8v_acoshf(__m256);
__m256 _ZGVdN8v_atanhf(__m256);
__m256 _ZGVdN8v_erff(__m256);
__m256 _ZGVdN8v_erfcf(__m256);
__m256 _ZGVdN8vv_powf(__m256, __m256);
__m256 _ZGVdN8vv_atan2f(__m256, __m256);
__m256 _ZGVdN8vv_hypotf(__m256, __m256);
}
#endif

namespace ts::kernels::inline TS_CPU_NS {

[[noreturn]] inline void not_implemented(const char* kernel, DType t) {
  TS_ERROR("\"", kernel, "\" not implemented for '", scalar_type_name(t), "'");
}

// Dtype sets a kernel supports (PyTorch's AT_DISPATCH_* groups on CPU).
enum DTypeSet : unsigned {
  kBoolSet = 1u << 0,
  kIntSet = 1u << 1,      // uint8 .. int64
  kHalfSet = 1u << 2,
  kBF16Set = 1u << 3,
  kFloatSet = 1u << 4,    // float32, float64
  kFloatingBF16 = kFloatSet | kBF16Set,
  kFloatingAll = kFloatSet | kBF16Set | kHalfSet,
  kNumericBF16 = kIntSet | kFloatingBF16,
  kNumericAll = kIntSet | kFloatingAll,
  kAllBF16 = kBoolSet | kNumericBF16,
  kAllTypes = kBoolSet | kNumericAll,
};

inline bool in_set(DType t, unsigned set) {
  switch (t) {
    case DType::Bool: return set & kBoolSet;
    case DType::Float16: return set & kHalfSet;
    case DType::BFloat16: return set & kBF16Set;
    case DType::Float32:
    case DType::Float64: return set & kFloatSet;
    default: return set & kIntSet;
  }
}

template <typename T>
constexpr unsigned set_of() {
  if constexpr (std::is_same_v<T, bool>) return kBoolSet;
  else if constexpr (std::is_same_v<T, Half>) return kHalfSet;
  else if constexpr (std::is_same_v<T, BFloat16>) return kBF16Set;
  else if constexpr (std::is_floating_point_v<T>) return kFloatSet;
  else return kIntSet;
}

// Calls body(TypeTag<T>{}) for dtype `t`, or raises PyTorch's error for `kernel`. Only the
// types in `Set` are instantiated.
template <unsigned Set, typename F>
inline void dispatch(DType t, const char* kernel, F&& body) {
  if (!in_set(t, Set)) not_implemented(kernel, t);
  switch (t) {
#define TS_PW_CASE(ct, name, s, r)                          \
  case DType::name:                                         \
    if constexpr ((set_of<ct>() & Set) != 0) body(TypeTag<ct>{}); \
    return;
    TS_FORALL_DTYPES(TS_PW_CASE)
#undef TS_PW_CASE
  }
}

// PyTorch 1.13 evaluates some float16/bfloat16 formulas step by step in that dtype (each
// operation rounds). rt<T>(x) rounds a float to T's precision so the kernels can mirror them.
template <typename T, typename V>
inline V rt(V x) {
  if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) return V(float(T(float(x))));
  else return x;
}

namespace vec {

constexpr int64_t kW = 8;  // floats per AVX2 register

template <typename T>
inline constexpr bool is_reduced = std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>;

#ifdef TS_VEC_AVX2
using VF = __m256;
inline VF splat(float v) { return _mm256_set1_ps(v); }

// libmvec hands lanes outside its fast range to scalar code, ~10x slower per vector. These
// wrappers keep such lanes (huge exp arguments, log of <= 0, inf) on the vector path.
// exp: |x| > 87.3 is shifted by 32 ln 2 and the result rescaled by 2^+-32 (exact), which also
// gives denormal results and overflow to inf. NaN stays NaN.
inline VF exp(VF x) {
  const VF lim = splat(87.33f), shift = splat(22.18070977791825f);
  VF in_range = _mm256_cmp_ps(_mm256_andnot_ps(splat(-0.0f), x), lim, _CMP_LE_OQ);
  if (_mm256_movemask_ps(in_range) == 0xff) return _ZGVdN8v_expf(x);  // the common case
  VF hi = _mm256_cmp_ps(x, lim, _CMP_GT_OQ), lo = _mm256_cmp_ps(x, splat(-87.33f), _CMP_LT_OQ);
  VF xs = _mm256_add_ps(x, _mm256_sub_ps(_mm256_and_ps(lo, shift), _mm256_and_ps(hi, shift)));
  xs = _mm256_min_ps(lim, _mm256_max_ps(splat(-87.33f), xs));  // NaN stays in xs
  VF scale = _mm256_blendv_ps(_mm256_blendv_ps(splat(1.0f), splat(4294967296.0f), hi),
                              splat(2.3283064365386963e-10f), lo);
  return _mm256_mul_ps(_ZGVdN8v_expf(xs), scale);
}
// log-family special inputs: x == `pole` gives -inf, x < pole NaN, +inf stays +inf.
template <typename F>
inline VF log_like(VF x, float pole, F fn) {
  const VF inf = splat(std::numeric_limits<float>::infinity());
  VF ok = _mm256_and_ps(_mm256_cmp_ps(x, splat(pole), _CMP_GT_OQ), _mm256_cmp_ps(x, inf, _CMP_LT_OQ));
  if (_mm256_movemask_ps(ok) == 0xff) return fn(x);  // the common case
  VF r = fn(_mm256_blendv_ps(splat(1.0f), x, ok));
  VF special = _mm256_blendv_ps(splat(std::numeric_limits<float>::quiet_NaN()), inf,
                                _mm256_cmp_ps(x, inf, _CMP_EQ_OQ));
  special = _mm256_blendv_ps(special, splat(-std::numeric_limits<float>::infinity()),
                             _mm256_cmp_ps(x, splat(pole), _CMP_EQ_OQ));
  return _mm256_blendv_ps(special, r, ok);
}
// e^x for x <= 0 inline (no call, so a loop around it keeps its constants in registers):
// Cody-Waite reduction x = n ln2 + r, |r| <= ln2 / 2, and Cephes' degree-7 polynomial for e^r
// (within 2 ulp of the exact result); x below ln(FLT_MIN) gives 0 instead of a subnormal.
inline VF exp_nonpositive(VF x) {
  VF n = _mm256_round_ps(_mm256_mul_ps(x, splat(1.44269504088896341f)),
                         _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  VF r = _mm256_fnmadd_ps(n, splat(0.693359375f), x);
  r = _mm256_fnmadd_ps(n, splat(-2.12194440e-4f), r);
  VF p = _mm256_fmadd_ps(splat(1.9875691500e-4f), r, splat(1.3981999507e-3f));
  p = _mm256_fmadd_ps(p, r, splat(8.3334519073e-3f));
  p = _mm256_fmadd_ps(p, r, splat(4.1665795894e-2f));
  p = _mm256_fmadd_ps(p, r, splat(1.6666665459e-1f));
  p = _mm256_fmadd_ps(p, r, splat(5.0000001201e-1f));
  p = _mm256_fmadd_ps(p, _mm256_mul_ps(r, r), _mm256_add_ps(r, splat(1.0f)));
  __m256i e = _mm256_slli_epi32(_mm256_add_epi32(_mm256_cvtps_epi32(n), _mm256_set1_epi32(127)), 23);
  VF y = _mm256_mul_ps(p, _mm256_castsi256_ps(e));
  return _mm256_and_ps(y, _mm256_cmp_ps(x, splat(-87.336544f), _CMP_NLT_UQ));  // NaN stays
}
// PyTorch's vectorized erf (Abramowitz-Stegun 7.1.26: |error| < 1.5e-7), which its gelu
// uses; cheaper than libmvec's erff, and gelu's 1 + erf hides the absolute error (and that of
// the inline exp).
inline VF erf_as(VF x) {
  const VF neg_zero = splat(-0.0f), one = splat(1.0f);
  VF sign = _mm256_and_ps(neg_zero, x), ax = _mm256_xor_ps(sign, x);
  // A division, not the reciprocal estimate and a Newton step: that was no faster here, and
  // the estimate's bits differ between CPU makers.
  VF t = _mm256_div_ps(one, _mm256_fmadd_ps(splat(0.3275911f), ax, one));
  VF r = _mm256_fmadd_ps(splat(1.061405429f), t, splat(-1.453152027f));
  r = _mm256_fmadd_ps(r, t, splat(1.421413741f));
  r = _mm256_fmadd_ps(r, t, splat(-0.284496736f));
  r = _mm256_fmadd_ps(r, t, splat(0.254829592f));
  VF e = _mm256_xor_ps(neg_zero, exp_nonpositive(_mm256_xor_ps(neg_zero, _mm256_mul_ps(x, x))));
  return _mm256_xor_ps(sign, _mm256_fmadd_ps(_mm256_mul_ps(e, t), r, one));
}

inline VF log(VF x) { return log_like(x, 0.0f, [](VF v) { return _ZGVdN8v_logf(v); }); }
inline VF log2(VF x) { return log_like(x, 0.0f, [](VF v) { return _ZGVdN8v_log2f(v); }); }
inline VF log10(VF x) { return log_like(x, 0.0f, [](VF v) { return _ZGVdN8v_log10f(v); }); }
inline VF log1p(VF x) { return log_like(x, -1.0f, [](VF v) { return _ZGVdN8v_log1pf(v); }); }

// Loads 8 values of T (strided, in bytes) as floats, and stores them back.
template <typename T>
inline VF load8(const char* p, int64_t stride, int64_t n) {
  alignas(32) float b[kW] = {0, 0, 0, 0, 0, 0, 0, 0};
  if constexpr (std::is_same_v<T, float>) {
    if (stride == int64_t(sizeof(float)) && n == kW) return _mm256_loadu_ps(reinterpret_cast<const float*>(p));
  }
  for (int64_t k = 0; k < n; ++k) b[k] = float(*reinterpret_cast<const T*>(p + k * stride));
  return _mm256_load_ps(b);
}
template <typename T>
inline void store8(char* p, int64_t stride, int64_t n, VF v) {
  if constexpr (std::is_same_v<T, float>) {
    if (stride == int64_t(sizeof(float)) && n == kW) return _mm256_storeu_ps(reinterpret_cast<float*>(p), v);
  }
  alignas(32) float b[kW];
  _mm256_store_ps(b, v);
  for (int64_t k = 0; k < n; ++k) *reinterpret_cast<T*>(p + k * stride) = T(b[k]);
}

// out[i] = vop(in0[i], in1[i], ...) for float-like T, 8 at a time.
template <typename T, int N, typename VOp>
inline void map_block(const VOp& vop, char** data, const int64_t* strides, int64_t n) {
  if constexpr (std::is_same_v<T, float> && N == 1) {
    if (strides[0] == 4 && strides[1] == 4) {  // the hot contiguous case
      float* __restrict out = reinterpret_cast<float*>(data[0]);
      const float* __restrict in = reinterpret_cast<const float*>(data[1]);
      int64_t k = 0;
      for (; k + kW <= n; k += kW) _mm256_storeu_ps(out + k, vop(_mm256_loadu_ps(in + k)));
      if (k < n) store8<float>(data[0] + k * 4, 4, n - k, vop(load8<float>(data[1] + k * 4, 4, n - k)));
      return;
    }
  }
  for (int64_t k = 0; k < n; k += kW) {
    int64_t m = std::min<int64_t>(kW, n - k);
    if constexpr (N == 1) {
      store8<T>(data[0] + k * strides[0], strides[0], m, vop(load8<T>(data[1] + k * strides[1], strides[1], m)));
    } else if constexpr (N == 2) {
      store8<T>(data[0] + k * strides[0], strides[0], m,
                vop(load8<T>(data[1] + k * strides[1], strides[1], m),
                    load8<T>(data[2] + k * strides[2], strides[2], m)));
    }
  }
}
#endif

}  // namespace vec

// A float unary/binary op with a scalar form `sop` (templated on the compute type, used for
// float64) and an AVX2 form `vop` (float32, and float16/bfloat16 through float).
// `set` is the dtypes PyTorch supports, `kernel` the name its error shows.
template <int N, unsigned Set, typename SOp, typename VOp>
void float_vec_kernel(TensorIter& it, const char* kernel, const SOp& sop, const VOp& vop) {
  dispatch<Set & kFloatingAll>(it.common_dtype(), kernel, [&](auto tag) {
    using T = typename decltype(tag)::type;
#ifdef TS_VEC_AVX2
    if constexpr (!std::is_same_v<T, double>) {
      it.for_each([&](char** data, const int64_t* strides, int64_t n) {
        vec::map_block<T, N>(vop, data, strides, n);
      });
      return;
    }
#endif
    using C = std::conditional_t<std::is_same_v<T, double>, double, float>;
    if constexpr (N == 1) {
      cpu_kernel(it, [&](T a) -> T { return T(sop(C(a))); });
    } else {
      cpu_kernel(it, [&](T a, T b) -> T { return T(sop(C(a), C(b))); });
    }
  });
}

}  // namespace ts::kernels
