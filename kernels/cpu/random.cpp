// CPU sampling kernels that reproduce PyTorch 1.13's CPU streams bit for bit.
//
// Every kernel holds the generator's lock for the whole fill and draws serially in the
// output's memory order (PyTorch's cpu_serial_kernel over a nullary TensorIterator), so results
// never depend on the thread count. The arithmetic copies PyTorch's, including where its
// compiler fused a multiply and an add into one FMA (its distribution kernels are built for
// AVX2 with -mfma and GCC's default -ffp-contract=fast): those spots use std::fma / _mm256_fmadd_ps
// explicitly, and no multiply here feeds an add that PyTorch kept unfused, so our own compiler's
// contraction cannot change a result.
#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <type_traits>

#if defined(__AVX2__) && defined(__FMA__)
#include <immintrin.h>
#endif

#include "stubs/random.h"
#include "tensor/iter.h"
#include "tensor/random.h"

namespace ts::kernels::inline TS_CPU_NS {
namespace {

constexpr double kPi = 3.14159265358979323846;

// ---- Conversions and uniform draws (PyTorch's TransformationHelper.h) ----

template <typename T>
constexpr int kDigits = std::numeric_limits<T>::digits;
template <>
constexpr int kDigits<Half> = 11;
template <>
constexpr int kDigits<BFloat16> = 8;

// dist_acctype: float for float and the 16-bit types, double for double.
template <typename T>
using DistAcc = std::conditional_t<std::is_same_v<T, double>, double, float>;

// 32-bit draws per uniform value: two for double (random64, first draw high), else one.
template <typename T>
constexpr int kUniformWords = std::is_same_v<T, double> ? 2 : 1;

inline uint64_t word64(const uint32_t* w) { return (uint64_t(w[0]) << 32) | w[1]; }

// A uniform [0, 1) value from the low `digits` bits of its draws.
template <typename T>
inline DistAcc<T> uniform_from(const uint32_t* w) {
  if constexpr (std::is_same_v<T, double>) {
    constexpr uint64_t kMask = (uint64_t(1) << 53) - 1;
    return double(word64(w) & kMask) * (1.0 / double(uint64_t(1) << 53));
  } else {
    constexpr uint32_t kMask = (uint32_t(1) << kDigits<T>) - 1;
    return float(w[0] & kMask) * (1.0f / float(uint32_t(1) << kDigits<T>));
  }
}

template <typename T>
inline DistAcc<T> uniform01(Generator::Lock& g) {
  uint32_t w[kUniformWords<T>];
  for (uint32_t& x : w) x = g.random();
  return uniform_from<T>(w);
}

// static_cast<T>(v) as PyTorch writes it: 16-bit types go through float.
template <typename T, typename V>
inline T cast_to(V v) {
  if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) {
    return T(float(v));
  } else {
    return static_cast<T>(v);
  }
}

// Writes f() into every element of `self` in memory order (contiguous: linearly).
template <typename T, typename F>
void serial_fill(const Tensor& self, F&& f) {
  if (self.is_contiguous()) {
    T* p = static_cast<T*>(self.data_ptr());
    const int64_t n = self.numel();
    for (int64_t i = 0; i < n; ++i) p[i] = f();
    self.bump_version();
    return;
  }
  TensorIter it = TensorIterConfig()
                      .add_output(self)
                      .common_dtype(self.dtype())
                      .resize_outputs(false)
                      .name("random")
                      .build();
  it.serial_for_each(
      [&](char** data, const int64_t* strides, int64_t n) {
        for (int64_t k = 0; k < n; ++k) *reinterpret_cast<T*>(data[0] + k * strides[0]) = f();
      },
      0, it.numel());
}

constexpr int64_t kChunk = 256;

// p[i] = f(w) for i < n, where w points at kWords fresh draws per element. Draws a chunk at a
// time so the engine's tempering and f vectorize.
template <typename T, int kWords, typename F>
void fill_span(T* p, int64_t n, Generator::Lock& g, F&& f) {
  uint32_t buf[kChunk * kWords];
  for (int64_t i = 0; i < n; i += kChunk) {
    const int64_t len = std::min(kChunk, n - i);
    g.random_block(buf, len * kWords);
    T* q = p + i;
    for (int64_t k = 0; k < len; ++k) q[k] = f(buf + k * kWords);
  }
}

// serial_fill for samplers that take a fixed number of draws per element.
template <typename T, int kWords, typename F>
void fill_from_words(const Tensor& self, Generator::Lock& g, F&& f) {
  if (self.is_contiguous()) {
    fill_span<T, kWords>(static_cast<T*>(self.data_ptr()), self.numel(), g, f);
    self.bump_version();
    return;
  }
  serial_fill<T>(self, [&] {
    uint32_t w[kWords];
    for (uint32_t& x : w) x = g.random();
    return f(w);
  });
}

// Dispatch over every dtype the random kernels support.
#define TS_RANDOM_DISPATCH(dtype, ...)                                           \
  [&] {                                                                          \
    auto body_ = [&](auto tag_) {                                                \
      using scalar_t = typename decltype(tag_)::type;                            \
      __VA_ARGS__                                                                \
    };                                                                           \
    switch (dtype) { TS_FORALL_DTYPES(TS_DISPATCH_CASE) }                        \
    TS_ERROR("random: unsupported dtype ", ::ts::dtype_name(dtype));             \
  }()

// ---- uniform_ ----

void uniform_kernel(const Tensor& self, double from_d, double to_d, Generator& gen) {
  Generator::Lock g(gen);
  TS_DISPATCH_FLOATING(self.dtype(), "uniform_kernel_cpu", {
    const scalar_t from = cast_to<scalar_t>(from_d), to = cast_to<scalar_t>(to_d);
    using acc_t = DistAcc<scalar_t>;
    // `to - from` is computed in scalar_t (rounded to it for the 16-bit types).
    const acc_t range = acc_t(cast_to<scalar_t>(acc_t(to) - acc_t(from)));
    const acc_t base = acc_t(from);
    fill_from_words<scalar_t, kUniformWords<scalar_t>>(self, g, [&](const uint32_t* w) {
      return cast_to<scalar_t>(std::fma(uniform_from<scalar_t>(w), range, base));
    });
  });
}

// ---- normal_ ----

// The scalar path: normal_distribution<double>, which caches the second Box-Muller sample.
inline double normal_double(Generator::Lock& g, double mean, double std) {
  std::optional<double>& cache = g.next_double_normal();
  if (cache) {
    double r = std::fma(*cache, std, mean);
    cache.reset();
    return r;
  }
  const double u1 = uniform01<double>(g);
  const double u2 = uniform01<double>(g);
  const double r = std::sqrt(-2.0 * std::log(1.0 - u2));
  const double theta = 2.0 * kPi * u1;
  cache = r * std::sin(theta);
  return std::fma(r * std::cos(theta), std, mean);
}

// normal_fill_16 for double and the 16-bit types, in the types PyTorch's template computes in.
template <typename T>
void normal_fill_16(T* d, T mean, T std) {
  for (int j = 0; j < 8; ++j) {
    if constexpr (std::is_same_v<T, double>) {
      const double u1 = 1.0 - d[j];
      const double u2 = d[j + 8];
      const double radius = std::sqrt(-2.0 * std::log(u1));
      const double theta = 2.0 * kPi * u2;
      d[j] = std::fma(radius * std::cos(theta), std, mean);
      d[j + 8] = std::fma(radius * std::sin(theta), std, mean);
    } else if constexpr (std::is_same_v<T, Half>) {
      // Half has no math overloads: log/cos/sin take float; products are float.
      const Half u1 = Half(1.0f - float(d[j]));
      const Half u2 = d[j + 8];
      const Half radius = Half(std::sqrt(-2.0f * std::log(float(u1))));
      const Half theta = Half(float(2.0 * kPi * double(float(u2))));
      d[j] = Half(std::fma(float(radius) * std::cos(float(theta)), float(std), float(mean)));
      d[j + 8] = Half(std::fma(float(radius) * std::sin(float(theta)), float(std), float(mean)));
    } else {
      // BFloat16's math overloads and operators round every step to bfloat16.
      using B = BFloat16;
      const B u1 = B(1.0f - float(d[j]));
      const B u2 = d[j + 8];
      const B lg = B(std::log(float(u1)));
      const B radius = B(std::sqrt(float(B(-2.0f * float(lg)))));
      const B theta = B(float(2.0 * kPi * double(float(u2))));
      const B c = B(std::cos(float(theta))), s = B(std::sin(float(theta)));
      d[j] = B(float(B(float(B(float(radius) * float(c))) * float(std))) + float(mean));
      d[j + 8] = B(float(B(float(B(float(radius) * float(s))) * float(std))) + float(mean));
    }
  }
}

// ---- float32 normal: PyTorch's normal_fill_16_AVX2 (avx_mathfun.h's log256_ps and
// sincos256_ps) with its compiler's FMA fusions written out ----

constexpr float kLogP[9] = {7.0376836292E-2f, -1.1514610310E-1f, 1.1676998740E-1f,
                            -1.2420140846E-1f, 1.4249322787E-1f, -1.6668057665E-1f,
                            2.0000714765E-1f, -2.4999993993E-1f, 3.3333331174E-1f};
constexpr float kLogQ1 = -2.12194440e-4f, kLogQ2 = 0.693359375f;
constexpr float kSqrtHalf = 0.707106781186547524f;
constexpr float kDP1 = -0.78515625f, kDP2 = -2.4187564849853515625e-4f,
                kDP3 = -3.77489497744594108e-8f;
constexpr float kSinP0 = -1.9515295891E-4f, kSinP1 = 8.3321608736E-3f, kSinP2 = -1.6666654611E-1f;
constexpr float kCosP0 = 2.443315711809948E-005f, kCosP1 = -1.388731625493765E-003f,
                kCosP2 = 4.166664568298827E-002f;
constexpr float kFourOverPi = 1.27323954473516f;
const float kTwoPiF = float(2.0 * kPi);

#if defined(__AVX2__) && defined(__FMA__)

inline __m256 log8(__m256 x) {
  const __m256 one = _mm256_set1_ps(1.0f);
  const __m256 invalid = _mm256_cmp_ps(x, _mm256_setzero_ps(), _CMP_LE_OS);
  x = _mm256_max_ps(x, _mm256_castsi256_ps(_mm256_set1_epi32(0x00800000)));
  __m256i imm0 = _mm256_srli_epi32(_mm256_castps_si256(x), 23);
  x = _mm256_and_ps(x, _mm256_castsi256_ps(_mm256_set1_epi32(~0x7f800000)));
  x = _mm256_or_ps(x, _mm256_set1_ps(0.5f));
  imm0 = _mm256_sub_epi32(imm0, _mm256_set1_epi32(0x7f));
  __m256 e = _mm256_add_ps(_mm256_cvtepi32_ps(imm0), one);
  const __m256 mask = _mm256_cmp_ps(x, _mm256_set1_ps(kSqrtHalf), _CMP_LT_OS);
  const __m256 tmp = _mm256_and_ps(x, mask);
  x = _mm256_sub_ps(x, one);
  e = _mm256_sub_ps(e, _mm256_and_ps(one, mask));
  x = _mm256_add_ps(x, tmp);
  const __m256 z = _mm256_mul_ps(x, x);
  __m256 y = _mm256_set1_ps(kLogP[0]);
  for (int i = 1; i < 9; ++i) y = _mm256_fmadd_ps(y, x, _mm256_set1_ps(kLogP[i]));
  y = _mm256_mul_ps(y, x);
  y = _mm256_fmadd_ps(y, z, _mm256_mul_ps(e, _mm256_set1_ps(kLogQ1)));
  y = _mm256_fnmadd_ps(z, _mm256_set1_ps(0.5f), y);
  x = _mm256_add_ps(x, y);
  x = _mm256_fmadd_ps(e, _mm256_set1_ps(kLogQ2), x);
  return _mm256_or_ps(x, invalid);
}

inline void sincos8(__m256 x, __m256* s, __m256* c) {
  const __m256 sign_mask = _mm256_castsi256_ps(_mm256_set1_epi32(int(0x80000000u)));
  __m256 sign_sin = _mm256_and_ps(x, sign_mask);
  x = _mm256_andnot_ps(sign_mask, x);
  __m256 y = _mm256_mul_ps(x, _mm256_set1_ps(kFourOverPi));
  __m256i j = _mm256_cvttps_epi32(y);
  j = _mm256_add_epi32(j, _mm256_set1_epi32(1));
  j = _mm256_and_si256(j, _mm256_set1_epi32(~1));
  y = _mm256_cvtepi32_ps(j);
  const __m256i swap_sin = _mm256_slli_epi32(_mm256_and_si256(j, _mm256_set1_epi32(4)), 29);
  const __m256 poly_mask = _mm256_castsi256_ps(
      _mm256_cmpeq_epi32(_mm256_and_si256(j, _mm256_set1_epi32(2)), _mm256_setzero_si256()));
  x = _mm256_fmadd_ps(y, _mm256_set1_ps(kDP1), x);
  x = _mm256_fmadd_ps(y, _mm256_set1_ps(kDP2), x);
  x = _mm256_fmadd_ps(y, _mm256_set1_ps(kDP3), x);
  const __m256i jc = _mm256_sub_epi32(j, _mm256_set1_epi32(2));
  const __m256 sign_cos = _mm256_castsi256_ps(
      _mm256_slli_epi32(_mm256_andnot_si256(jc, _mm256_set1_epi32(4)), 29));
  sign_sin = _mm256_xor_ps(sign_sin, _mm256_castsi256_ps(swap_sin));
  const __m256 z = _mm256_mul_ps(x, x);
  __m256 yc = _mm256_fmadd_ps(_mm256_set1_ps(kCosP0), z, _mm256_set1_ps(kCosP1));
  yc = _mm256_fmadd_ps(yc, z, _mm256_set1_ps(kCosP2));
  yc = _mm256_mul_ps(yc, z);
  yc = _mm256_fmsub_ps(yc, z, _mm256_mul_ps(z, _mm256_set1_ps(0.5f)));
  yc = _mm256_add_ps(yc, _mm256_set1_ps(1.0f));
  __m256 ys = _mm256_fmadd_ps(_mm256_set1_ps(kSinP0), z, _mm256_set1_ps(kSinP1));
  ys = _mm256_fmadd_ps(ys, z, _mm256_set1_ps(kSinP2));
  ys = _mm256_mul_ps(ys, z);
  ys = _mm256_fmadd_ps(ys, x, x);
  const __m256 ysin2 = _mm256_and_ps(poly_mask, ys);
  const __m256 ysin1 = _mm256_andnot_ps(poly_mask, yc);
  ys = _mm256_sub_ps(ys, ysin2);
  yc = _mm256_sub_ps(yc, ysin1);
  *s = _mm256_xor_ps(_mm256_add_ps(ysin1, ysin2), sign_sin);
  *c = _mm256_xor_ps(_mm256_add_ps(yc, ys), sign_cos);
}

void normal_fill_16_float(float* d, float mean, float std) {
  const __m256 u1 = _mm256_sub_ps(_mm256_set1_ps(1.0f), _mm256_loadu_ps(d));
  const __m256 u2 = _mm256_loadu_ps(d + 8);
  const __m256 radius = _mm256_sqrt_ps(_mm256_mul_ps(_mm256_set1_ps(-2.0f), log8(u1)));
  const __m256 theta = _mm256_mul_ps(_mm256_set1_ps(kTwoPiF), u2);
  __m256 s, c;
  sincos8(theta, &s, &c);
  const __m256 n1 = _mm256_mul_ps(radius, c);
  const __m256 n2 = _mm256_mul_ps(radius, s);
  _mm256_storeu_ps(d, _mm256_fmadd_ps(n1, _mm256_set1_ps(std), _mm256_set1_ps(mean)));
  _mm256_storeu_ps(d + 8, _mm256_fmadd_ps(n2, _mm256_set1_ps(std), _mm256_set1_ps(mean)));
}

#else  // the same operations one lane at a time

inline float bits_to_float(uint32_t b) { return std::bit_cast<float>(b); }
inline uint32_t float_to_bits(float f) { return std::bit_cast<uint32_t>(f); }

inline float log1(float x) {
  if (!(x > 0.0f)) return std::numeric_limits<float>::quiet_NaN();
  x = std::max(x, bits_to_float(0x00800000u));
  const uint32_t b = float_to_bits(x);
  float e = float(int32_t(b >> 23) - 0x7f) + 1.0f;
  float m = bits_to_float((b & ~0x7f800000u) | float_to_bits(0.5f));
  const bool small = m < kSqrtHalf;
  const float tmp = small ? m : 0.0f;
  m = m - 1.0f;
  e = e - (small ? 1.0f : 0.0f);
  m = m + tmp;
  const float z = m * m;
  float y = kLogP[0];
  for (int i = 1; i < 9; ++i) y = std::fma(y, m, kLogP[i]);
  y = y * m;
  y = std::fma(y, z, e * kLogQ1);
  y = std::fma(-z, 0.5f, y);
  m = m + y;
  return std::fma(e, kLogQ2, m);
}

inline void sincos1(float x, float* s, float* c) {
  uint32_t sign_sin = float_to_bits(x) & 0x80000000u;
  x = std::fabs(x);
  int32_t j = int32_t(x * kFourOverPi);
  j = (j + 1) & ~1;
  const float y = float(j);
  const uint32_t swap_sin = uint32_t(j & 4) << 29;
  const bool poly_sin = (j & 2) == 0;
  x = std::fma(y, kDP1, x);
  x = std::fma(y, kDP2, x);
  x = std::fma(y, kDP3, x);
  const uint32_t sign_cos = uint32_t(~(j - 2) & 4) << 29;
  sign_sin ^= swap_sin;
  const float z = x * x;
  float yc = std::fma(kCosP0, z, kCosP1);
  yc = std::fma(yc, z, kCosP2);
  yc = yc * z;
  yc = std::fma(yc, z, -(z * 0.5f));
  yc = yc + 1.0f;
  float ys = std::fma(kSinP0, z, kSinP1);
  ys = std::fma(ys, z, kSinP2);
  ys = ys * z;
  ys = std::fma(ys, x, x);
  const float ysin2 = poly_sin ? ys : 0.0f;
  const float ysin1 = poly_sin ? 0.0f : yc;
  ys = ys - ysin2;
  yc = yc - ysin1;
  *s = bits_to_float(float_to_bits(ysin1 + ysin2) ^ sign_sin);
  *c = bits_to_float(float_to_bits(yc + ys) ^ sign_cos);
}

void normal_fill_16_float(float* d, float mean, float std) {
  for (int j = 0; j < 8; ++j) {
    const float u1 = 1.0f - d[j];
    const float u2 = d[j + 8];
    const float radius = std::sqrt(-2.0f * log1(u1));
    const float theta = kTwoPiF * u2;
    float s, c;
    sincos1(theta, &s, &c);
    const float n1 = radius * c, n2 = radius * s;
    d[j] = std::fma(n1, std, mean);
    d[j + 8] = std::fma(n2, std, mean);
  }
}

#endif

template <typename T>
void normal_fill(const Tensor& self, double mean_d, double std_d, Generator::Lock& g) {
  T* data = static_cast<T*>(self.data_ptr());
  const int64_t size = self.numel();
  const T mean = cast_to<T>(mean_d), std = cast_to<T>(std_d);
  auto block = [&](T* d) {
    if constexpr (std::is_same_v<T, float>) {
      normal_fill_16_float(d, mean, std);
    } else {
      normal_fill_16<T>(d, mean, std);
    }
  };
  auto uniform = [](const uint32_t* w) { return T(uniform_from<T>(w)); };
  fill_span<T, kUniformWords<T>>(data, size, g, uniform);
  for (int64_t i = 0; i + 16 <= size; i += 16) block(data + i);
  if (size % 16 != 0) {
    // PyTorch redraws the last 16 values and transforms them again.
    T* tail = data + size - 16;
    fill_span<T, kUniformWords<T>>(tail, 16, g, uniform);
    block(tail);
  }
  self.bump_version();
}

void normal_kernel(const Tensor& self, double mean, double std, Generator& gen) {
  Generator::Lock g(gen);
  TS_DISPATCH_FLOATING(self.dtype(), "normal_kernel_cpu", {
    if (self.numel() >= 16 && self.is_contiguous()) {
      normal_fill<scalar_t>(self, mean, std, g);
    } else {
      serial_fill<scalar_t>(self, [&] { return cast_to<scalar_t>(normal_double(g, mean, std)); });
    }
  });
}

// ---- random_ ----

// uniform_int_from_to: 64-bit draws only for wide ranges of the 64-bit-capable dtypes.
void random_from_to_kernel(const Tensor& self, uint64_t range, int64_t base, Generator& gen) {
  Generator::Lock g(gen);
  TS_RANDOM_DISPATCH(self.dtype(), {
    constexpr bool kWide = std::is_same_v<scalar_t, int64_t> || std::is_same_v<scalar_t, double> ||
                           std::is_same_v<scalar_t, float> || std::is_same_v<scalar_t, BFloat16>;
    if (kWide && range >= (uint64_t(1) << 32)) {
      fill_from_words<scalar_t, 2>(self, g, [&](const uint32_t* w) {
        return cast_to<scalar_t>(int64_t(word64(w) % range + uint64_t(base)));
      });
    } else if (range <= UINT32_MAX) {
      // The same remainder with a 32-bit division, which is faster.
      const uint32_t r32 = uint32_t(range);
      fill_from_words<scalar_t, 1>(self, g, [&](const uint32_t* w) {
        return cast_to<scalar_t>(int64_t(uint64_t(w[0] % r32) + uint64_t(base)));
      });
    } else {
      fill_from_words<scalar_t, 1>(self, g, [&](const uint32_t* w) {
        return cast_to<scalar_t>(int64_t(uint64_t(w[0]) % range + uint64_t(base)));
      });
    }
  });
}

// [INT64_MIN, INT64_MAX]: one 64-bit draw reinterpreted as int64.
void random_full_range_kernel(const Tensor& self, Generator& gen) {
  Generator::Lock g(gen);
  TS_RANDOM_DISPATCH(self.dtype(), {
    fill_from_words<scalar_t, 2>(
        self, g, [](const uint32_t* w) { return cast_to<scalar_t>(int64_t(word64(w))); });
  });
}

// random_() with no bounds: PyTorch's uniform_int_distribution.
void random_kernel(const Tensor& self, Generator& gen) {
  Generator::Lock g(gen);
  TS_RANDOM_DISPATCH(self.dtype(), {
    if constexpr (std::is_same_v<scalar_t, bool>) {
      fill_from_words<bool, 1>(self, g, [](const uint32_t* w) { return bool(w[0] & 1u); });
    } else if constexpr (std::is_same_v<scalar_t, double> || std::is_same_v<scalar_t, int64_t>) {
      constexpr uint64_t kMod = std::is_same_v<scalar_t, double>
                                    ? (uint64_t(1) << 53) + 1
                                    : uint64_t(std::numeric_limits<int64_t>::max()) + 1;
      fill_from_words<scalar_t, 2>(
          self, g, [](const uint32_t* w) { return cast_to<scalar_t>(word64(w) % kMod); });
    } else {
      constexpr uint64_t kMod = std::is_integral_v<scalar_t>
                                    ? uint64_t(std::numeric_limits<scalar_t>::max()) + 1
                                    : (uint64_t(1) << kDigits<scalar_t>) + 1;
      fill_from_words<scalar_t, 1>(
          self, g, [](const uint32_t* w) { return cast_to<scalar_t>(uint64_t(w[0]) % kMod); });
    }
  });
}

// ---- bernoulli_ ----

void bernoulli_scalar_kernel(const Tensor& self, double p, Generator& gen) {
  Generator::Lock g(gen);
  TS_RANDOM_DISPATCH(self.dtype(), {
    fill_from_words<scalar_t, 2>(self, g, [p](const uint32_t* w) {
      return cast_to<scalar_t>(uniform_from<double>(w) < p ? 1 : 0);
    });
  });
}

[[noreturn]] void bad_probability() {
  TS_ERROR("Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error "
           "message be improved?  If so, please report an enhancement request to PyTorch.)");
}

// `p` has the shape of `self` (broadcast); double p draws double uniforms, float p float ones.
void bernoulli_tensor_kernel(const Tensor& self, const Tensor& p, Generator& gen) {
  Generator::Lock g(gen);
  TensorIter it = TensorIterConfig()
                      .add_output(self)
                      .add_input(p)
                      .output_dtype(self.dtype())
                      .resize_outputs(false)
                      .name("bernoulli_")
                      .build();
  TS_RANDOM_DISPATCH(self.dtype(), {
    using self_t = scalar_t;
    TS_DISPATCH_FLOATING(p.dtype(), "bernoulli_tensor_cpu_p_", {
      using p_t = scalar_t;
      // bernoulli_distribution<double> for double p, <float> (24-bit uniforms) otherwise.
      using dist_t = std::conditional_t<std::is_same_v<p_t, double>, double, float>;
      it.serial_for_each(
          [&](char** data, const int64_t* strides, int64_t n) {
            for (int64_t k = 0; k < n; ++k) {
              const dist_t pv = dist_t(*reinterpret_cast<const p_t*>(data[1] + k * strides[1]));
              if (!(pv >= 0 && pv <= 1)) bad_probability();
              const dist_t u = uniform01<dist_t>(g);
              *reinterpret_cast<self_t*>(data[0] + k * strides[0]) =
                  cast_to<self_t>(u < pv ? 1 : 0);
            }
          },
          0, it.numel());
    });
  });
}

// ---- randperm ----

void randperm_kernel(const Tensor& result, int64_t n, Generator& gen) {
  Generator::Lock g(gen);
  TS_RANDOM_DISPATCH(result.dtype(), {
    scalar_t* r = static_cast<scalar_t*>(result.data_ptr());
    const int64_t st = result.stride(0);
    for (int64_t i = 0; i < n; ++i) r[i * st] = cast_to<scalar_t>(i);
    // Fisher-Yates with a biased modulo, exactly as PyTorch's randperm_cpu.
    for (int64_t i = 0; i < n - 1; ++i) {
      const int64_t z = int64_t(g.random() % uint64_t(n - i));
      std::swap(r[i * st], r[(z + i) * st]);
    }
    result.bump_version();
  });
}

}  // namespace

TS_REGISTER_KERNEL(uniform_stub, CPU, &uniform_kernel);
TS_REGISTER_KERNEL(normal_stub, CPU, &normal_kernel);
TS_REGISTER_KERNEL(random_from_to_stub, CPU, &random_from_to_kernel);
TS_REGISTER_KERNEL(random_full_range_stub, CPU, &random_full_range_kernel);
TS_REGISTER_KERNEL(random_stub, CPU, &random_kernel);
TS_REGISTER_KERNEL(bernoulli_scalar_stub, CPU, &bernoulli_scalar_kernel);
TS_REGISTER_KERNEL(bernoulli_tensor_stub, CPU, &bernoulli_tensor_kernel);
TS_REGISTER_KERNEL(randperm_stub, CPU, &randperm_kernel);

}  // namespace ts::kernels
