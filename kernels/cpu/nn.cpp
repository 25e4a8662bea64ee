// CPU kernels for softmax / log_softmax (forward and backward), the NLL loss and the
// squared-error loss. Softmax follows PyTorch's SoftMaxKernel.cpp: per row max, then
// exp(x - max) and its sum, then a multiply by 1/sum (last dim) or a divide (other dims);
// log_softmax writes (x - max) - log(sum). float32 uses glibc's AVX2 vector expf.
#include <omp.h>

#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

#include "kernels/cpu/loops.h"
#include "stubs/loss.h"
#include "stubs/softmax.h"

#if defined(__AVX2__) && defined(__FMA__)
#include <immintrin.h>
#define TS_NN_AVX2 1
extern "C" __m256 _ZGVdN8v_expf(__m256);
#endif

namespace ts::kernels::inline TS_CPU_NS {
namespace {

constexpr int64_t kNnGrain = 32768;

int64_t pick_threads(int64_t work) {
  if (omp_in_parallel() || work < kNnGrain) return 1;
  return omp_get_max_threads();
}

// ---- exp over a float block: every element, tail included, through the vector routine ----
#ifdef TS_NN_AVX2
inline __m256 load_tail(const float* p, int64_t n, float fill) {
  alignas(32) float b[8];
  for (int64_t i = 0; i < 8; ++i) b[i] = i < n ? p[i] : fill;
  return _mm256_load_ps(b);
}
inline void store_tail(float* p, int64_t n, __m256 v) {
  alignas(32) float b[8];
  _mm256_store_ps(b, v);
  for (int64_t i = 0; i < n; ++i) p[i] = b[i];
}
inline float hsum(__m256 v) {
  __m128 lo = _mm256_castps256_ps128(v), hi = _mm256_extractf128_ps(v, 1);
  lo = _mm_add_ps(lo, hi);
  lo = _mm_add_ps(lo, _mm_movehl_ps(lo, lo));
  lo = _mm_add_ss(lo, _mm_shuffle_ps(lo, lo, 0x55));
  return _mm_cvtss_f32(lo);
}
inline float hmax(__m256 v) {
  __m128 lo = _mm256_castps256_ps128(v), hi = _mm256_extractf128_ps(v, 1);
  lo = _mm_max_ps(lo, hi);
  lo = _mm_max_ps(lo, _mm_movehl_ps(lo, lo));
  lo = _mm_max_ss(lo, _mm_shuffle_ps(lo, lo, 0x55));
  return _mm_cvtss_f32(lo);
}
#endif

// One contiguous row of float: softmax or log_softmax.
template <bool kLog>
void softmax_row(const float* x, float* y, int64_t n) {
#ifdef TS_NN_AVX2
  const int64_t nv = n - n % 8;
  const float ninf = -std::numeric_limits<float>::infinity();
  __m256 vmax = _mm256_set1_ps(ninf);
  for (int64_t i = 0; i < nv; i += 8) vmax = _mm256_max_ps(vmax, _mm256_loadu_ps(x + i));
  if (nv < n) vmax = _mm256_max_ps(vmax, load_tail(x + nv, n - nv, ninf));
  const float mx = hmax(vmax);
  const __m256 vm = _mm256_set1_ps(mx);
  __m256 vsum = _mm256_setzero_ps();
  for (int64_t i = 0; i < nv; i += 8) {
    __m256 e = _ZGVdN8v_expf(_mm256_sub_ps(_mm256_loadu_ps(x + i), vm));
    if constexpr (!kLog) _mm256_storeu_ps(y + i, e);
    vsum = _mm256_add_ps(vsum, e);
  }
  if (nv < n) {
    __m256 e = _ZGVdN8v_expf(_mm256_sub_ps(load_tail(x + nv, n - nv, ninf), vm));
    if constexpr (!kLog) store_tail(y + nv, n - nv, e);
    vsum = _mm256_add_ps(vsum, e);
  }
  const float s = hsum(vsum);
  if constexpr (kLog) {
    const __m256 vl = _mm256_set1_ps(std::log(s));
    for (int64_t i = 0; i < nv; i += 8)
      _mm256_storeu_ps(y + i, _mm256_sub_ps(_mm256_sub_ps(_mm256_loadu_ps(x + i), vm), vl));
    for (int64_t i = nv; i < n; ++i) y[i] = (x[i] - mx) - std::log(s);
  } else {
    const float inv = 1.0f / s;
    const __m256 vi = _mm256_set1_ps(inv);
    for (int64_t i = 0; i < nv; i += 8) _mm256_storeu_ps(y + i, _mm256_mul_ps(_mm256_loadu_ps(y + i), vi));
    for (int64_t i = nv; i < n; ++i) y[i] *= inv;
  }
#else
  float mx = -std::numeric_limits<float>::infinity();
  for (int64_t i = 0; i < n; ++i) mx = std::max(mx, x[i]);
  float s = 0;
  for (int64_t i = 0; i < n; ++i) {
    float e = std::exp(x[i] - mx);
    if constexpr (!kLog) y[i] = e;
    s += e;
  }
  if constexpr (kLog) {
    const float l = std::log(s);
    for (int64_t i = 0; i < n; ++i) y[i] = (x[i] - mx) - l;
  } else {
    const float inv = 1.0f / s;
    for (int64_t i = 0; i < n; ++i) y[i] *= inv;
  }
#endif
}

template <bool kLog>
void softmax_row(const double* x, double* y, int64_t n) {
  double mx = -std::numeric_limits<double>::infinity();
  for (int64_t i = 0; i < n; ++i) mx = std::max(mx, x[i]);
  double s = 0;
  for (int64_t i = 0; i < n; ++i) {
    double e = std::exp(x[i] - mx);
    if constexpr (!kLog) y[i] = e;
    s += e;
  }
  if constexpr (kLog) {
    const double l = std::log(s);
    for (int64_t i = 0; i < n; ++i) y[i] = (x[i] - mx) - l;
  } else {
    const double inv = 1.0 / s;
    for (int64_t i = 0; i < n; ++i) y[i] *= inv;
  }
}

// exp(x - m) elementwise for a float block (vector routine for every element).
inline void exp_shift(const float* x, const float* m, float* y, int64_t n) {
#ifdef TS_NN_AVX2
  const int64_t nv = n - n % 8;
  for (int64_t i = 0; i < nv; i += 8)
    _mm256_storeu_ps(y + i, _ZGVdN8v_expf(_mm256_sub_ps(_mm256_loadu_ps(x + i), _mm256_loadu_ps(m + i))));
  if (nv < n) {
    alignas(32) float d[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    for (int64_t i = nv; i < n; ++i) d[i - nv] = x[i] - m[i];
    store_tail(y + nv, n - nv, _ZGVdN8v_expf(_mm256_load_ps(d)));
  }
#else
  for (int64_t i = 0; i < n; ++i) y[i] = std::exp(x[i] - m[i]);
#endif
}
inline void exp_shift(const double* x, const double* m, double* y, int64_t n) {
  for (int64_t i = 0; i < n; ++i) y[i] = std::exp(x[i] - m[i]);
}

// softmax over a middle dim: [outer, dim, inner] with inner > 1, vectorized along inner.
template <typename T, bool kLog>
void softmax_inner(const T* in, T* out, int64_t outer, int64_t dim, int64_t inner) {
  constexpr int64_t kBlock = 1024;
  const int64_t nblk = (inner + kBlock - 1) / kBlock;
  const int64_t tasks = outer * nblk;
#pragma omp parallel num_threads(pick_threads(outer * dim * inner))
  {
    std::vector<T> mx(kBlock), sum(kBlock), tmp(kBlock);
#pragma omp for schedule(static)
    for (int64_t t = 0; t < tasks; ++t) {
      const int64_t o = t / nblk, i0 = (t % nblk) * kBlock, w = std::min(kBlock, inner - i0);
      const T* x = in + o * dim * inner + i0;
      T* y = out + o * dim * inner + i0;
      for (int64_t i = 0; i < w; ++i) mx[i] = x[i];
      for (int64_t d = 1; d < dim; ++d) {
        const T* xd = x + d * inner;
        for (int64_t i = 0; i < w; ++i) mx[i] = std::max(mx[i], xd[i]);
      }
      for (int64_t i = 0; i < w; ++i) sum[i] = T(0);
      for (int64_t d = 0; d < dim; ++d) {
        T* dst = kLog ? tmp.data() : y + d * inner;
        exp_shift(x + d * inner, mx.data(), dst, w);
        for (int64_t i = 0; i < w; ++i) sum[i] += dst[i];
      }
      if constexpr (kLog) {
        for (int64_t i = 0; i < w; ++i) sum[i] = std::log(sum[i]);
        for (int64_t d = 0; d < dim; ++d)
          for (int64_t i = 0; i < w; ++i) y[d * inner + i] = (x[d * inner + i] - mx[i]) - sum[i];
      } else {
        for (int64_t d = 0; d < dim; ++d)
          for (int64_t i = 0; i < w; ++i) y[d * inner + i] = y[d * inner + i] / sum[i];
      }
    }
  }
}

template <typename T, bool kLog>
void softmax_typed(const T* in, T* out, int64_t outer, int64_t dim, int64_t inner) {
  if (inner == 1) {
#pragma omp parallel for schedule(static) num_threads(pick_threads(outer * dim))
    for (int64_t r = 0; r < outer; ++r) softmax_row<kLog>(in + r * dim, out + r * dim, dim);
  } else {
    softmax_inner<T, kLog>(in, out, outer, dim, inner);
  }
}

// Geometry of a contiguous tensor around `dim`.
void split_dims(const Tensor& t, int64_t dim, int64_t& outer, int64_t& d, int64_t& inner) {
  outer = 1;
  inner = 1;
  for (int64_t i = 0; i < dim; ++i) outer *= t.sizes()[size_t(i)];
  for (int64_t i = dim + 1; i < t.dim(); ++i) inner *= t.sizes()[size_t(i)];
  d = t.dim() == 0 ? 1 : t.sizes()[size_t(dim)];
}

void softmax_kernel(const Tensor& out, const Tensor& in, int64_t dim, bool log) {
  int64_t outer, d, inner;
  split_dims(in, dim, outer, d, inner);
  auto run = [&](auto* ip, auto* op) {
    using T = std::remove_pointer_t<decltype(op)>;
    if (log) softmax_typed<T, true>(ip, op, outer, d, inner);
    else softmax_typed<T, false>(ip, op, outer, d, inner);
  };
  switch (in.dtype()) {
    case DType::Float32: run(in.data<float>(), out.data<float>()); break;
    case DType::Float64: run(in.data<double>(), out.data<double>()); break;
    case DType::BFloat16: {
      // Computed in float, rounded once.
      const int64_t n = in.numel();
      std::vector<float> fi(static_cast<size_t>(n)), fo(static_cast<size_t>(n));
      const BFloat16* p = in.data<BFloat16>();
      for (int64_t i = 0; i < n; ++i) fi[size_t(i)] = float(p[i]);
      run(fi.data(), fo.data());
      BFloat16* q = out.data<BFloat16>();
      for (int64_t i = 0; i < n; ++i) q[i] = BFloat16(fo[size_t(i)]);
      break;
    }
    default: TS_INTERNAL_ASSERT(false, "softmax: unchecked dtype");
  }
}

// grad_in = out * (g - sum(g * out))  |  log: grad_in = g - exp(out) * sum(g)
template <typename T>
void softmax_backward_typed(T* gi, const T* g, const T* y, int64_t outer, int64_t dim,
                            int64_t inner, bool log) {
  using A = typename AccType<T>::type;
#pragma omp parallel for schedule(static) num_threads(pick_threads(outer * dim * inner))
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      const int64_t base = o * dim * inner + i;
      A s = 0;
      for (int64_t d = 0; d < dim; ++d) {
        const int64_t k = base + d * inner;
        s += log ? A(g[k]) : A(g[k]) * A(y[k]);
      }
      for (int64_t d = 0; d < dim; ++d) {
        const int64_t k = base + d * inner;
        gi[k] = log ? T(A(g[k]) - std::exp(A(y[k])) * s) : T(A(y[k]) * (A(g[k]) - s));
      }
    }
  }
}

void softmax_backward_kernel(const Tensor& grad_in, const Tensor& grad, const Tensor& out,
                             int64_t dim, bool log) {
  int64_t outer, d, inner;
  split_dims(out, dim, outer, d, inner);
  TS_DISPATCH_FLOATING(out.dtype(), "softmax_backward", {
    softmax_backward_typed<scalar_t>(static_cast<scalar_t*>(grad_in.data_ptr()),
                                     static_cast<const scalar_t*>(grad.data_ptr()),
                                     static_cast<const scalar_t*>(out.data_ptr()), outer, d,
                                     inner, log);
  });
}

// ---- NLL loss over [N, C, S] (S = spatial size, 1 for the 1-d and 2-d cases) ----
int64_t ceil_log2(int64_t x) {
  int64_t r = 0;
  while ((int64_t(1) << r) < x) ++r;
  return r;
}

template <typename T>
void nll_typed(const Tensor& out, const Tensor& total_weight, const Tensor& input,
               const Tensor& target, const Tensor& weight, int64_t reduction,
               int64_t ignore_index) {
  const int64_t n = input.dim() == 1 ? 1 : input.size(0);
  const int64_t c = input.dim() == 1 ? input.size(0) : input.size(1);
  const int64_t s = input.dim() <= 2 ? 1 : input.numel() / std::max<int64_t>(n * c, 1);
  const T* x = input.data<T>();
  const int64_t* t = target.data<int64_t>();
  const T* w = weight.defined() ? weight.data<T>() : nullptr;
  T* o = out.data<T>();
  T* tw = total_weight.data<T>();
  if (reduction == 0 && out.numel() == n * s && (input.dim() != 1)) {
    for (int64_t b = 0; b < n; ++b)
      for (int64_t e = 0; e < s; ++e) {
        const int64_t cur = t[b * s + e];
        if (cur == ignore_index) {
          o[b * s + e] = T(0);
          continue;
        }
        const T cw = w ? w[cur] : T(1);
        o[b * s + e] = T(-x[(b * c + cur) * s + e] * cw);
      }
    *tw = T(0);
    return;
  }
  if (target.numel() == 0) {
    *o = reduction == 1 ? T(std::numeric_limits<float>::quiet_NaN()) : T(0);
    *tw = T(0);
    return;
  }
  // PyTorch's cascade sum, so long batches round the same way.
  constexpr int64_t kLevels = 8;
  const int64_t numiter = n * s;
  const int64_t level_power = std::max<int64_t>(4, ceil_log2(numiter) / kLevels);
  const int64_t level_mask = (int64_t(1) << level_power) - 1;
  T wsum[kLevels] = {}, lsum[kLevels] = {};
  int64_t ignored = 0;
  for (int64_t b = 0; b < n; ++b)
    for (int64_t e = 0; e < s; ++e) {
      const int64_t cur = t[b * s + e];
      if (cur == ignore_index) {
        ++ignored;
        continue;
      }
      const T v = x[(b * c + cur) * s + e];
      if (w) {
        lsum[0] = T(lsum[0] - v * w[cur]);
        wsum[0] = T(wsum[0] + w[cur]);
      } else {
        lsum[0] = T(lsum[0] - v);
      }
      const int64_t idx = b * s + e;
      for (int64_t j = 0; j + 1 < kLevels; ++j) {
        if ((idx & (level_mask << (j * level_power))) != 0) break;
        wsum[j + 1] = T(wsum[j + 1] + wsum[j]);
        lsum[j + 1] = T(lsum[j + 1] + lsum[j]);
        wsum[j] = T(0);
        lsum[j] = T(0);
      }
    }
  T total = T(0), loss = T(0);
  if (w) {
    for (T v : wsum) total = T(total + v);
  } else {
    total = T(numiter - ignored);
  }
  for (T v : lsum) loss = T(loss + v);
  if (reduction == 1) loss = T(loss / total);
  *o = loss;
  *tw = total;
}

void nll_loss_kernel(const Tensor& out, const Tensor& total_weight, const Tensor& input,
                     const Tensor& target, const Tensor& weight, int64_t reduction,
                     int64_t ignore_index) {
  TS_DISPATCH_FLOATING(input.dtype(), "nll_loss_out_frame", {
    nll_typed<scalar_t>(out, total_weight, input, target, weight, reduction, ignore_index);
  });
}

template <typename T>
void nll_backward_typed(const Tensor& gi, const Tensor& go, const Tensor& target,
                        const Tensor& weight, int64_t reduction, int64_t ignore_index,
                        const Tensor& total_weight) {
  const int64_t n = gi.dim() == 1 ? 1 : gi.size(0);
  const int64_t c = gi.dim() == 1 ? gi.size(0) : gi.size(1);
  const int64_t s = gi.dim() <= 2 ? 1 : gi.numel() / std::max<int64_t>(n * c, 1);
  T* g = gi.data<T>();
  const T* gout = go.data<T>();
  const int64_t* t = target.data<int64_t>();
  const T* w = weight.defined() ? weight.data<T>() : nullptr;
  const bool per_elem = reduction == 0 && gi.dim() != 1;
  const T tw = *total_weight.data<T>();
  for (int64_t b = 0; b < n; ++b)
    for (int64_t e = 0; e < s; ++e) {
      const int64_t cur = t[b * s + e];
      if (cur == ignore_index) continue;
      const T cw = w ? w[cur] : T(1);
      T grad;
      if (per_elem) grad = T(-cw * gout[b * s + e]);
      else grad = T(cw * T(-(reduction == 1 ? T(gout[0] / tw) : gout[0])));
      g[(b * c + cur) * s + e] = grad;
    }
}

void nll_loss_backward_kernel(const Tensor& grad_input, const Tensor& grad_output,
                              const Tensor& target, const Tensor& weight, int64_t reduction,
                              int64_t ignore_index, const Tensor& total_weight) {
  TS_DISPATCH_FLOATING(grad_input.dtype(), "nll_loss_backward_out_frame", {
    nll_backward_typed<scalar_t>(grad_input, grad_output, target, weight, reduction,
                                 ignore_index, total_weight);
  });
}

// ---- sum of a contiguous tensor (loss reductions): double accumulation for float types ----
template <typename T>
void sum_all_typed(const Tensor& out, const Tensor& in) {
  using A = std::conditional_t<std::is_same_v<T, double>, double,
                               std::conditional_t<std::is_floating_point_v<T>, double, float>>;
  const T* p = in.data<T>();
  const int64_t n = in.numel();
  A s = 0;
#pragma omp parallel for reduction(+ : s) schedule(static) num_threads(pick_threads(n))
  for (int64_t i = 0; i < n; ++i) s += A(p[i]);
  *out.data<T>() = T(s);
}

void sum_all_kernel(const Tensor& out, const Tensor& in) {
  TS_DISPATCH_FLOATING(in.dtype(), "sum", { sum_all_typed<scalar_t>(out, in); });
}

void squared_diff_kernel(TensorIter& it) {
  TS_DISPATCH_FLOATING(it.common_dtype(), "mse_cpu", {
    using A = typename AccType<scalar_t>::type;
    cpu_kernel(it, [](scalar_t a, scalar_t b) -> scalar_t {
      A d = A(a) - A(b);
      return scalar_t(d * d);
    });
  });
}

// grad_input = norm * (input - target) * grad_output
void mse_backward_kernel(TensorIter& it, double norm) {
  TS_DISPATCH_FLOATING(it.common_dtype(), "mse_backward_cpu_out", {
    using A = typename AccType<scalar_t>::type;
    const A nm = A(norm);
    cpu_kernel(it, [nm](scalar_t x, scalar_t t, scalar_t g) -> scalar_t {
      return scalar_t(nm * (A(x) - A(t)) * A(g));
    });
  });
}

}  // namespace

TS_REGISTER_KERNEL(softmax_stub, CPU, &softmax_kernel);
TS_REGISTER_KERNEL(softmax_backward_stub, CPU, &softmax_backward_kernel);
TS_REGISTER_KERNEL(nll_loss_stub, CPU, &nll_loss_kernel);
TS_REGISTER_KERNEL(nll_loss_backward_stub, CPU, &nll_loss_backward_kernel);
TS_REGISTER_KERNEL(sum_all_stub, CPU, &sum_all_kernel);
TS_REGISTER_KERNEL(squared_diff_stub, CPU, &squared_diff_kernel);
TS_REGISTER_KERNEL(mse_backward_stub, CPU, &mse_backward_kernel);

}  // namespace ts::kernels
