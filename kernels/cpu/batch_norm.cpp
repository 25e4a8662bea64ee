// CPU loops of native_batch_norm and its backward for float and double (ops/batch_norm.cpp
// checks and allocates): per-channel statistics accumulated in double as PyTorch's CPU kernels
// do, the output as x * alpha + beta per channel, and the backward from the per-channel sums of
// dy and (x - mean) * dy (PyTorch 1.13's formulas). The float row sums use AVX2 in the avx2
// and avx512 copies of this file (tensor/cpu_capability.h); the default copy sums serially.
#include <cmath>

#if defined(__AVX2__)
#include <immintrin.h>
#endif

#include "stubs/batch_norm.h"
#include "tensor/cpu_capability.h"

namespace ts::kernels::inline TS_CPU_NS {
namespace {

// Input viewed as [n, c, s] (s = the product of the spatial sizes).
struct BnShape {
  int64_t n, c, s;
};

BnShape bn_shape(const Tensor& x) {
  int64_t s = 1;
  for (int64_t d = 2; d < x.dim(); ++d) s *= x.size(d);
  return {x.size(0), x.size(1), s};
}

template <typename T>
const T* data_or_null(const Tensor& t) {
  return t.defined() ? static_cast<const T*>(t.data_ptr()) : nullptr;
}

// Row reductions over float rows: sums of x, of float (x - m)^2 and of float (x - m) * dy,
// widened to double lanes (PyTorch sums the statistics in double). Double rows sum serially.
inline double row_sum(const double* x, int64_t n) {
  double s = 0;
  for (int64_t i = 0; i < n; ++i) s += x[i];
  return s;
}
inline double row_sqdev(const double* x, int64_t n, double m) {
  double s = 0;
  for (int64_t i = 0; i < n; ++i) s += (x[i] - m) * (x[i] - m);
  return s;
}

#if defined(__AVX2__)
inline double sum_pd(__m256d v) {
  __m128d s = _mm_add_pd(_mm256_castpd256_pd128(v), _mm256_extractf128_pd(v, 1));
  return _mm_cvtsd_f64(_mm_add_sd(s, _mm_unpackhi_pd(s, s)));
}
#endif

// Sum of the row in double (each float widened exactly).
inline double row_sum(const float* x, int64_t n) {
  int64_t i = 0;
  double s = 0;
#if defined(__AVX2__)
  __m256d a0 = _mm256_setzero_pd(), a1 = _mm256_setzero_pd();
  for (; i + 8 <= n; i += 8) {
    const __m256 v = _mm256_loadu_ps(x + i);
    a0 = _mm256_add_pd(a0, _mm256_cvtps_pd(_mm256_castps256_ps128(v)));
    a1 = _mm256_add_pd(a1, _mm256_cvtps_pd(_mm256_extractf128_ps(v, 1)));
  }
  s = sum_pd(_mm256_add_pd(a0, a1));
#endif
  for (; i < n; ++i) s += double(x[i]);
  return s;
}

// Sum of the float squares (x - m)^2 in double, as PyTorch's collect_stats.
inline double row_sqdev(const float* x, int64_t n, float m) {
  int64_t i = 0;
  double s = 0;
#if defined(__AVX2__)
  const __m256 mv = _mm256_set1_ps(m);
  __m256d a0 = _mm256_setzero_pd(), a1 = _mm256_setzero_pd();
  for (; i + 8 <= n; i += 8) {
    const __m256 d = _mm256_sub_ps(_mm256_loadu_ps(x + i), mv);
    const __m256 q = _mm256_mul_ps(d, d);
    a0 = _mm256_add_pd(a0, _mm256_cvtps_pd(_mm256_castps256_ps128(q)));
    a1 = _mm256_add_pd(a1, _mm256_cvtps_pd(_mm256_extractf128_ps(q, 1)));
  }
  s = sum_pd(_mm256_add_pd(a0, a1));
#endif
  for (; i < n; ++i) {
    const float d = x[i] - m;
    s += double(d * d);
  }
  return s;
}

// sum += sum(dy), dotp += sum((x - m) * dy) over one row.
inline void row_grad_sums(const double* x, const double* dy, int64_t n, double m, double& sum,
                          double& dotp) {
  for (int64_t k = 0; k < n; ++k) {
    sum += dy[k];
    dotp += (x[k] - m) * dy[k];
  }
}
inline void row_grad_sums(const float* x, const float* dy, int64_t n, float m, double& sum,
                          double& dotp) {
  int64_t i = 0;
  double s = 0, d = 0;
#if defined(__AVX2__)
  // Float products (x - m) * dy as PyTorch forms them, summed in double lanes: the float
  // lane sums drifted by 1e-5 relative on long rows of periodic data.
  const __m256 mv = _mm256_set1_ps(m);
  __m256d s0 = _mm256_setzero_pd(), s1 = _mm256_setzero_pd();
  __m256d d0 = _mm256_setzero_pd(), d1 = _mm256_setzero_pd();
  for (; i + 8 <= n; i += 8) {
    const __m256 g = _mm256_loadu_ps(dy + i);
    const __m256 p = _mm256_mul_ps(_mm256_sub_ps(_mm256_loadu_ps(x + i), mv), g);
    s0 = _mm256_add_pd(s0, _mm256_cvtps_pd(_mm256_castps256_ps128(g)));
    s1 = _mm256_add_pd(s1, _mm256_cvtps_pd(_mm256_extractf128_ps(g, 1)));
    d0 = _mm256_add_pd(d0, _mm256_cvtps_pd(_mm256_castps256_ps128(p)));
    d1 = _mm256_add_pd(d1, _mm256_cvtps_pd(_mm256_extractf128_ps(p, 1)));
  }
  s = sum_pd(_mm256_add_pd(s0, s1));
  d = sum_pd(_mm256_add_pd(d0, d1));
#endif
  for (; i < n; ++i) {
    s += double(dy[i]);
    d += double((x[i] - m) * dy[i]);
  }
  sum += s;
  dotp += d;
}

template <typename T>
void bn_forward(const Tensor& x, const Tensor& w, const Tensor& b, const Tensor& rm, const Tensor& rv,
                bool training, double momentum, double eps, const Tensor& out, const Tensor& save_mean,
                const Tensor& save_invstd) {
  const BnShape sh = bn_shape(x);
  const T* px = static_cast<const T*>(x.data_ptr());
  T* po = static_cast<T*>(out.data_ptr());
  const T* pw = data_or_null<T>(w);
  const T* pb = data_or_null<T>(b);
  T* prm = rm.defined() ? static_cast<T*>(rm.data_ptr()) : nullptr;
  T* prv = rv.defined() ? static_cast<T*>(rv.data_ptr()) : nullptr;
  T* psm = static_cast<T*>(save_mean.data_ptr());
  T* psi = static_cast<T*>(save_invstd.data_ptr());
  const int64_t m = sh.n * sh.s;
#pragma omp parallel for if (sh.c > 1 && sh.n * sh.c * sh.s > 32768)
  for (int64_t c = 0; c < sh.c; ++c) {
    T mean;
    double invstd;
    if (training) {
      // PyTorch 1.13: the mean rounded to the input type, the variance sum of (x - mean)^2
      // in that type, kept in it, then invstd = 1 / sqrt(var_sum / m + eps) in double.
      double sum = 0;
      for (int64_t i = 0; i < sh.n; ++i) sum += row_sum(px + (i * sh.c + c) * sh.s, sh.s);
      mean = T(sum / double(m));
      double sq = 0;
      for (int64_t i = 0; i < sh.n; ++i) sq += row_sqdev(px + (i * sh.c + c) * sh.s, sh.s, mean);
      const T var_sum = T(sq);
      invstd = 1.0 / std::sqrt(double(T(var_sum / T(m))) + eps);
      psm[c] = mean;
      psi[c] = T(invstd);
      if (prm) prm[c] = T(momentum * double(mean) + (1 - momentum) * double(prm[c]));
      if (prv) {
        const double unbiased = m > 1 ? double(T(var_sum / T(m - 1))) : double(T(var_sum / T(m)));
        prv[c] = T(momentum * unbiased + (1 - momentum) * double(prv[c]));
      }
    } else {
      mean = prm[c];
      invstd = 1.0 / std::sqrt(double(prv[c]) + eps);
      psm[c] = T(0);
      psi[c] = T(0);
    }
    // PyTorch: alpha = invstd * weight, beta = bias - mean * alpha, in the parameter type.
    const T alpha = T(T(invstd) * (pw ? pw[c] : T(1)));
    const T beta = T((pb ? pb[c] : T(0)) - mean * alpha);
    for (int64_t i = 0; i < sh.n; ++i) {
      const T* row = px + (i * sh.c + c) * sh.s;
      T* orow = po + (i * sh.c + c) * sh.s;
      for (int64_t k = 0; k < sh.s; ++k) orow[k] = row[k] * alpha + beta;
    }
  }
}

template <typename T>
void bn_backward(const Tensor& go, const Tensor& x, const Tensor& w, const Tensor& rm, const Tensor& rv,
                 const Tensor& sm, const Tensor& si, bool training, double eps, const Tensor& gi,
                 const Tensor& gw, const Tensor& gb) {
  const BnShape sh = bn_shape(x);
  const T* px = static_cast<const T*>(x.data_ptr());
  const T* pg = static_cast<const T*>(go.data_ptr());
  const T* pw = data_or_null<T>(w);
  T* pgi = gi.defined() ? static_cast<T*>(gi.data_ptr()) : nullptr;
  T* pgw = gw.defined() ? static_cast<T*>(gw.data_ptr()) : nullptr;
  T* pgb = gb.defined() ? static_cast<T*>(gb.data_ptr()) : nullptr;
  const int64_t m = sh.n * sh.s;
#pragma omp parallel for if (sh.c > 1 && sh.n * sh.c * sh.s > 32768)
  for (int64_t c = 0; c < sh.c; ++c) {
    double mean, invstd;
    if (training) {
      mean = double(static_cast<const T*>(sm.data_ptr())[c]);
      invstd = double(static_cast<const T*>(si.data_ptr())[c]);
    } else {
      mean = double(static_cast<const T*>(rm.data_ptr())[c]);
      invstd = 1.0 / std::sqrt(double(static_cast<const T*>(rv.data_ptr())[c]) + eps);
    }
    double sum = 0, dotp = 0;
    for (int64_t i = 0; i < sh.n; ++i)
      row_grad_sums(px + (i * sh.c + c) * sh.s, pg + (i * sh.c + c) * sh.s, sh.s, T(mean), sum, dotp);
    const double wc = pw ? double(pw[c]) : 1.0;
    if (pgi) {
      if (training) {
        // PyTorch 1.13: dx = (dy - mean(dy) - (x - mean) * k) * invstd * w.
        const T k = T(dotp * invstd * invstd / double(m));
        const T gmean = T(sum / double(m));
        const T tm = T(mean), scale = T(invstd * wc);
        for (int64_t i = 0; i < sh.n; ++i) {
          const T* row = px + (i * sh.c + c) * sh.s;
          const T* grow = pg + (i * sh.c + c) * sh.s;
          T* out = pgi + (i * sh.c + c) * sh.s;
          for (int64_t j = 0; j < sh.s; ++j) out[j] = (grow[j] - gmean - (row[j] - tm) * k) * scale;
        }
      } else {
        const T scale = T(invstd * wc);
        for (int64_t i = 0; i < sh.n; ++i) {
          const T* grow = pg + (i * sh.c + c) * sh.s;
          T* out = pgi + (i * sh.c + c) * sh.s;
          for (int64_t j = 0; j < sh.s; ++j) out[j] = grow[j] * scale;
        }
      }
    }
    if (pgw) pgw[c] = T(dotp * invstd);
    if (pgb) pgb[c] = T(sum);
  }
}

void batch_norm_kernel(const Tensor& x, const Tensor& w, const Tensor& b, const Tensor& rm,
                       const Tensor& rv, bool training, double momentum, double eps,
                       const Tensor& out, const Tensor& save_mean, const Tensor& save_invstd) {
  if (x.dtype() == DType::Float32)
    bn_forward<float>(x, w, b, rm, rv, training, momentum, eps, out, save_mean, save_invstd);
  else
    bn_forward<double>(x, w, b, rm, rv, training, momentum, eps, out, save_mean, save_invstd);
}

void batch_norm_backward_kernel(const Tensor& go, const Tensor& x, const Tensor& w,
                                const Tensor& rm, const Tensor& rv, const Tensor& save_mean,
                                const Tensor& save_invstd, bool training, double eps,
                                const Tensor& gi, const Tensor& gw, const Tensor& gb) {
  if (x.dtype() == DType::Float32)
    bn_backward<float>(go, x, w, rm, rv, save_mean, save_invstd, training, eps, gi, gw, gb);
  else
    bn_backward<double>(go, x, w, rm, rv, save_mean, save_invstd, training, eps, gi, gw, gb);
}

}  // namespace

TS_REGISTER_KERNEL(batch_norm_stub, CPU, &batch_norm_kernel);
TS_REGISTER_KERNEL(batch_norm_backward_stub, CPU, &batch_norm_backward_kernel);

}  // namespace ts::kernels
