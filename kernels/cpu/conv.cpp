// CPU kernels for 2-d convolution (im2col + GEMM, forward and both backward products) and
// 2-d max pooling. Batches run one sample per thread with single-threaded BLAS inside; a
// single sample runs serially with BLAS using every thread. float32 stride-1 convolutions of
// moderate channel counts go to the direct kernels (conv_direct.cpp) instead, and 2x2 / stride
// 2 float max pooling to a vectorized path.
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "kernels/cpu/conv_direct.h"
#include "kernels/cpu/gemm.h"
#include "kernels/cpu/loops.h"
#include "stubs/conv.h"
#include "stubs/pool.h"

#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace ts::kernels::inline TS_CPU_NS {
namespace {

struct ConvGeom {
  int64_t n, cin, h, w, cout, kh, kw, oh, ow, sh, sw, pt, pl, dh, dw, groups;
  int64_t cin_g() const { return cin / groups; }
  int64_t cout_g() const { return cout / groups; }
  int64_t k() const { return cin_g() * kh * kw; }  // GEMM depth per group
  int64_t ohw() const { return oh * ow; }
  // 1x1, stride 1, no padding: the input itself is the column matrix.
  bool pointwise() const {
    return kh == 1 && kw == 1 && sh == 1 && sw == 1 && pt == 0 && pl == 0;
  }
};

ConvGeom geom(const Tensor& input, const Tensor& weight, const Tensor& out, IntArrayRef p,
              int64_t groups) {
  ConvGeom g;
  g.n = input.size(0);
  g.cin = input.size(1);
  g.h = input.size(2);
  g.w = input.size(3);
  g.cout = weight.size(0);
  g.kh = weight.size(2);
  g.kw = weight.size(3);
  g.oh = out.size(2);
  g.ow = out.size(3);
  g.sh = p[0];
  g.sw = p[1];
  g.pt = p[2];
  g.pl = p[3];
  g.dh = p[4];
  g.dw = p[5];
  g.groups = groups;
  return g;
}

// dst[0, n) = src[0, n); rows are short (LeNet: 8 to 24 values), so no memcpy call.
// GCC turns short copy loops (even intrinsic ones) into memmove calls, which cost more than
// the copies themselves at these lengths.
#define TS_NO_MEMCALLS __attribute__((optimize("no-tree-loop-distribute-patterns")))

template <typename T>
TS_NO_MEMCALLS inline void copy_row(T* __restrict dst, const T* __restrict src, int64_t n) {
#if defined(__AVX2__)
  if constexpr (std::is_same_v<T, float>) {
    int64_t x = 0;
    for (; x + 8 <= n; x += 8) _mm256_storeu_ps(dst + x, _mm256_loadu_ps(src + x));
    if (x < n) {
        const __m256i m = _mm256_cmpgt_epi32(_mm256_set1_epi32(int(n - x)),
                                           _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
      _mm256_maskstore_ps(dst + x, m, _mm256_maskload_ps(src + x, m));
    }
    return;
  }
#endif
  for (int64_t x = 0; x < n; ++x) dst[x] = src[x];
}

// cols[(c * kh + i) * kw + j][oy * ow + ox] = in[c][oy * sh - pt + i * dh][ox * sw - pl + j * dw]
// with rows `ld` apart (ld = oh * ow for one sample; wider when samples sit side by side).
template <typename T>
TS_NO_MEMCALLS void im2col(const T* in, T* cols, const ConvGeom& g, int64_t channels, int64_t ld) {
  for (int64_t c = 0; c < channels; ++c)
    for (int64_t i = 0; i < g.kh; ++i)
      for (int64_t j = 0; j < g.kw; ++j) {
        T* row = cols + ((c * g.kh + i) * g.kw + j) * ld;
        const T* plane = in + c * g.h * g.w;
        // Output columns whose input column lies inside the image: [x0, x1).
        const int64_t off = j * g.dw - g.pl;
        int64_t x0 = off >= 0 ? 0 : (-off + g.sw - 1) / g.sw;
        int64_t x1 = g.w - off <= 0 ? 0 : std::min(g.ow, (g.w - off + g.sw - 1) / g.sw);
        if (x1 < x0) x1 = x0;
        const int64_t y0 = i * g.dh - g.pt, y_last = (g.oh - 1) * g.sh + y0;
        if (g.sw == 1 && x0 == 0 && x1 == g.ow && y0 >= 0 && y_last < g.h) {
          // Interior row (no padding touched): straight copies, the common case.
          for (int64_t oy = 0; oy < g.oh; ++oy)
            copy_row(row + oy * g.ow, plane + (oy * g.sh + y0) * g.w + off, g.ow);
          continue;
        }
        for (int64_t oy = 0; oy < g.oh; ++oy) {
          T* dst = row + oy * g.ow;
          const int64_t iy = oy * g.sh - g.pt + i * g.dh;
          if (iy < 0 || iy >= g.h) {
            std::memset(static_cast<void*>(dst), 0, size_t(g.ow) * sizeof(T));
            continue;
          }
          const T* src = plane + iy * g.w + off;
          for (int64_t ox = 0; ox < x0; ++ox) dst[ox] = T(0);
          if (g.sw == 1) {
            copy_row(dst + x0, src + x0, x1 - x0);
          } else {
            for (int64_t ox = x0; ox < x1; ++ox) dst[ox] = src[ox * g.sw];
          }
          for (int64_t ox = x1; ox < g.ow; ++ox) dst[ox] = T(0);
        }
      }
}

// The adjoint of im2col: in[...] += cols[...].
template <typename T>
void col2im(const T* cols, T* in, const ConvGeom& g, int64_t channels) {
  const int64_t ohw = g.ohw();
  for (int64_t c = 0; c < channels; ++c)
    for (int64_t i = 0; i < g.kh; ++i)
      for (int64_t j = 0; j < g.kw; ++j) {
        const T* row = cols + ((c * g.kh + i) * g.kw + j) * ohw;
        T* plane = in + c * g.h * g.w;
        const int64_t off = j * g.dw - g.pl;
        int64_t x0 = off >= 0 ? 0 : (-off + g.sw - 1) / g.sw;
        int64_t x1 = g.w - off <= 0 ? 0 : std::min(g.ow, (g.w - off + g.sw - 1) / g.sw);
        for (int64_t oy = 0; oy < g.oh; ++oy) {
          const int64_t iy = oy * g.sh - g.pt + i * g.dh;
          if (iy < 0 || iy >= g.h) continue;
          const T* src = row + oy * g.ow;
          T* dst = plane + iy * g.w + off;
          for (int64_t ox = x0; ox < x1; ++ox) dst[ox * g.sw] = T(dst[ox * g.sw] + src[ox]);
        }
      }
}

bool batch_parallel(int64_t n) { return n > 1 && omp_get_max_threads() > 1 && !omp_in_parallel(); }

// float32 stride-1 convolutions the direct kernels (conv_direct.cpp) take instead of im2col.
DirectConvShape direct_shape(const ConvGeom& g) {
  return {g.n, g.cin, g.h, g.w, g.cout, g.kh, g.kw, g.oh, g.ow, g.pt, g.pl, g.dh, g.dw, g.groups};
}
bool use_direct(const Tensor& t, const ConvGeom& g) {
  return t.dtype() == DType::Float32 && g.sh == 1 && g.sw == 1 &&
         direct_conv_supported(direct_shape(g));
}


// One GEMM per sample and group: [cout_g, k] @ [k, oh*ow]. Batching samples side by side
// to widen the product measured slower with OpenBLAS on LeNet shapes, so samples stay apart.
template <typename T>
void conv2d_typed(const Tensor& out, const Tensor& input, const Tensor& weight,
                  const Tensor& bias, const ConvGeom& g) {
  const T* in = input.data<T>();
  const T* wt = weight.data<T>();
  const T* b = bias.defined() ? bias.data<T>() : nullptr;
  T* o = out.data<T>();
  const int64_t ohw = g.ohw(), k = g.k(), cg = g.cin_g(), og = g.cout_g();
  const bool direct = g.pointwise();
  auto sample = [&](int64_t s, std::vector<T>& cols) {
    const T* xs = in + s * g.cin * g.h * g.w;
    T* ys = o + s * g.cout * ohw;
    if (b) {
      for (int64_t co = 0; co < g.cout; ++co)
        for (int64_t p = 0; p < ohw; ++p) ys[co * ohw + p] = b[co];
    }
    for (int64_t gr = 0; gr < g.groups; ++gr) {
      const T* xg = xs + gr * cg * g.h * g.w;
      const T* colp = xg;
      if (!direct) {
        im2col(xg, cols.data(), g, cg, ohw);
        colp = cols.data();
      }
      gemm<T>(og, ohw, k, T(1), wt + gr * og * k, k, 1, colp, ohw, 1, b ? T(1) : T(0),
              ys + gr * og * ohw, ohw, 1);
    }
  };
  const size_t ncols = direct ? 0 : size_t(k * ohw);
  if (batch_parallel(g.n)) {
#pragma omp parallel
    {
      std::vector<T> cols(ncols);
#pragma omp for schedule(static)
      for (int64_t s = 0; s < g.n; ++s) sample(s, cols);
    }
  } else {
    std::vector<T> cols(ncols);
    for (int64_t s = 0; s < g.n; ++s) sample(s, cols);
  }
}

void conv2d_kernel(const Tensor& out, const Tensor& input, const Tensor& weight,
                   const Tensor& bias, IntArrayRef params, int64_t groups) {
  ConvGeom g = geom(input, weight, out, params, groups);
  if (out.numel() == 0) return;
  if (use_direct(out, g)) {
    const float* b = bias.defined() ? bias.data<float>() : nullptr;
    direct_conv2d(input.data<float>(), weight.data<float>(), b, out.data<float>(), direct_shape(g));
    return;
  }
  TS_DISPATCH_ALL(out.dtype(), "slow_conv2d_cpu", {
    if constexpr (kHasGemm<scalar_t>) conv2d_typed<scalar_t>(out, input, weight, bias, g);
  });
}

template <typename T>
void conv2d_backward_input_typed(const Tensor& gi, const Tensor& go, const Tensor& weight,
                                 const ConvGeom& g) {
  T* gin = gi.data<T>();
  const T* gout = go.data<T>();
  const T* wt = weight.data<T>();
  const int64_t ohw = g.ohw(), k = g.k(), cg = g.cin_g(), og = g.cout_g();
  std::memset(static_cast<void*>(gin), 0, size_t(gi.numel()) * sizeof(T));
  const bool direct = g.pointwise();
  auto sample = [&](int64_t s, std::vector<T>& cols) {
    for (int64_t gr = 0; gr < g.groups; ++gr) {
      T* xg = gin + (s * g.cin + gr * cg) * g.h * g.w;
      const T* gy = gout + (s * g.cout + gr * og) * ohw;
      // cols = W_g^T @ grad_out_g: [k, ohw]
      T* colp = direct ? xg : cols.data();
      gemm<T>(k, ohw, og, T(1), wt + gr * og * k, 1, k, gy, ohw, 1, T(0), colp, ohw, 1);
      if (!direct) col2im(cols.data(), xg, g, cg);
    }
  };
  const size_t ncols = direct ? 0 : size_t(k * ohw);
  if (batch_parallel(g.n)) {
#pragma omp parallel
    {
      std::vector<T> cols(ncols);
#pragma omp for schedule(static)
      for (int64_t s = 0; s < g.n; ++s) sample(s, cols);
    }
  } else {
    std::vector<T> cols(ncols);
    for (int64_t s = 0; s < g.n; ++s) sample(s, cols);
  }
}

void conv2d_backward_input_kernel(const Tensor& grad_input, const Tensor& grad_out,
                                  const Tensor& weight, IntArrayRef params, int64_t groups) {
  ConvGeom g = geom(grad_input, weight, grad_out, params, groups);
  if (grad_input.numel() == 0) return;
  if (use_direct(grad_input, g) && direct_conv_backward_input_supported(direct_shape(g))) {
    direct_conv2d_backward_input(grad_out.data<float>(), weight.data<float>(),
                                 grad_input.data<float>(), direct_shape(g));
    return;
  }
  TS_DISPATCH_ALL(grad_input.dtype(), "slow_conv2d_cpu_grad_input", {
    if constexpr (kHasGemm<scalar_t>) conv2d_backward_input_typed<scalar_t>(grad_input, grad_out, weight, g);
  });
}

template <typename T>
void conv2d_backward_weight_typed(const Tensor& gw, const Tensor& gb, const Tensor& go,
                                  const Tensor& input, const ConvGeom& g) {
  const T* in = input.data<T>();
  const T* gout = go.data<T>();
  const int64_t ohw = g.ohw(), k = g.k(), cg = g.cin_g(), og = g.cout_g();
  const int64_t wsize = g.cout * k;
  const bool direct = g.pointwise();
  const bool par = batch_parallel(g.n);
  const int nt = par ? omp_get_max_threads() : 1;
  // One accumulator per thread, summed at the end: samples never race on the same weights.
  std::vector<T> acc(size_t(nt) * size_t(wsize), T(0));
  std::vector<T> bacc(gb.defined() ? size_t(nt) * size_t(g.cout) : 0, T(0));
  const size_t ncols = direct ? 0 : size_t(k * ohw);
  auto sample = [&](int64_t s, int tid, std::vector<T>& cols) {
    T* my = acc.data() + size_t(tid) * size_t(wsize);
    for (int64_t gr = 0; gr < g.groups; ++gr) {
      const T* xg = in + (s * g.cin + gr * cg) * g.h * g.w;
      const T* colp = xg;
      if (!direct) {
        im2col(xg, cols.data(), g, cg, ohw);
        colp = cols.data();
      }
      const T* gy = gout + (s * g.cout + gr * og) * ohw;
      // dW_g += grad_out_g [og, ohw] @ cols^T [ohw, k]
      gemm<T>(og, k, ohw, T(1), gy, ohw, 1, colp, 1, ohw, T(1), my + gr * og * k, k, 1);
    }
    if (!bacc.empty()) {
      T* mb = bacc.data() + size_t(tid) * size_t(g.cout);
      for (int64_t co = 0; co < g.cout; ++co) {
        const T* gy = gout + (s * g.cout + co) * ohw;
        T sacc = T(0);
        for (int64_t p = 0; p < ohw; ++p) sacc = T(sacc + gy[p]);
        mb[co] = T(mb[co] + sacc);
      }
    }
  };
  if (par) {
#pragma omp parallel num_threads(nt)
    {
      std::vector<T> cols(ncols);
      const int tid = omp_get_thread_num();
#pragma omp for schedule(static)
      for (int64_t s = 0; s < g.n; ++s) sample(s, tid, cols);
    }
  } else {
    std::vector<T> cols(ncols);
    for (int64_t s = 0; s < g.n; ++s) sample(s, 0, cols);
  }
  if (gw.defined()) {
    T* w = gw.data<T>();
    for (int64_t i = 0; i < wsize; ++i) {
      T v = T(0);
      for (int t = 0; t < nt; ++t) v = T(v + acc[size_t(t) * size_t(wsize) + size_t(i)]);
      w[i] = v;
    }
  }
  if (gb.defined()) {
    T* b = gb.data<T>();
    for (int64_t co = 0; co < g.cout; ++co) {
      T v = T(0);
      for (int t = 0; t < nt; ++t) v = T(v + bacc[size_t(t) * size_t(g.cout) + size_t(co)]);
      b[co] = v;
    }
  }
}

void conv2d_backward_weight_kernel(const Tensor& grad_weight, const Tensor& grad_bias,
                                   const Tensor& grad_out, const Tensor& input,
                                   IntArrayRef params, int64_t groups) {
  const Tensor& w = grad_weight;
  ConvGeom g = geom(input, w, grad_out, params, groups);
  if (use_direct(input, g) && grad_out.numel() > 0) {
    direct_conv2d_backward_weight(grad_out.data<float>(), input.data<float>(),
                                  grad_weight.defined() ? grad_weight.data<float>() : nullptr,
                                  grad_bias.defined() ? grad_bias.data<float>() : nullptr,
                                  direct_shape(g));
    return;
  }
  TS_DISPATCH_ALL(input.dtype(), "slow_conv2d_cpu_grad_weight", {
    if constexpr (kHasGemm<scalar_t>)
      conv2d_backward_weight_typed<scalar_t>(grad_weight, grad_bias, grad_out, input, g);
  });
}

// ---- max pooling over [N*C planes, H, W]; PyTorch's cpu_max_pool (NaN wins, first max kept) ----
#if defined(__AVX2__)
// m, id = the candidate v (flat index vi) where it beats m: v > m, or v is NaN.
inline void pool_take(__m256& m, __m256i& id, __m256 v, __m256i vi) {
  const __m256 take =
      _mm256_or_ps(_mm256_cmp_ps(v, m, _CMP_GT_OQ), _mm256_cmp_ps(v, v, _CMP_UNORD_Q));
  m = _mm256_blendv_ps(m, v, take);
  id = _mm256_castps_si256(
      _mm256_blendv_ps(_mm256_castsi256_ps(id), _mm256_castsi256_ps(vi), take));
}

// Even and odd elements of the 16 floats a0, a1 (in order).
inline void deinterleave(__m256 a0, __m256 a1, __m256& even, __m256& odd) {
  // Shuffles pick within 128-bit halves; the permute puts the 64-bit pairs back in order.
  auto fix = [](__m256 v) {
    return _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(v), 0xD8));
  };
  even = fix(_mm256_shuffle_ps(a0, a1, 0x88));
  odd = fix(_mm256_shuffle_ps(a0, a1, 0xDD));
}

// 2x2 windows, stride 2, no padding, inside the plane: the four candidates of eight outputs
// at a time, compared in PyTorch's order (row by row, left to right), without the branch per
// candidate that random data mispredicts.
void max_pool2x2_plane(const float* plane, int64_t iw, int64_t oh, int64_t ow, float* o,
                       int64_t* idx) {
  const __m256i lane2 = _mm256_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14);
  const __m256i one = _mm256_set1_epi32(1), row = _mm256_set1_epi32(int(iw));
  const __m256i iota = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  for (int64_t y = 0; y < oh; ++y) {
    const float* ra = plane + 2 * y * iw;
    const float* rb = ra + iw;
    for (int64_t x = 0; x < ow; x += 8) {
      const int64_t n = std::min<int64_t>(8, ow - x);
      __m256 a0, a1, b0, b1;
      if (n == 8) {
        a0 = _mm256_loadu_ps(ra + 2 * x);
        a1 = _mm256_loadu_ps(ra + 2 * x + 8);
        b0 = _mm256_loadu_ps(rb + 2 * x);
        b1 = _mm256_loadu_ps(rb + 2 * x + 8);
      } else {
        const __m256i m0 = _mm256_cmpgt_epi32(_mm256_set1_epi32(int(2 * n)), iota);
        const __m256i m1 = _mm256_cmpgt_epi32(_mm256_set1_epi32(int(2 * n - 8)), iota);
        a0 = _mm256_maskload_ps(ra + 2 * x, m0);
        a1 = _mm256_maskload_ps(ra + 2 * x + 8, m1);
        b0 = _mm256_maskload_ps(rb + 2 * x, m0);
        b1 = _mm256_maskload_ps(rb + 2 * x + 8, m1);
      }
      __m256 ae, ao, be, bo;
      deinterleave(a0, a1, ae, ao);
      deinterleave(b0, b1, be, bo);
      const __m256i base = _mm256_add_epi32(_mm256_set1_epi32(int(2 * y * iw + 2 * x)), lane2);
      __m256 m = ae;
      __m256i id = base;
      pool_take(m, id, ao, _mm256_add_epi32(base, one));
      pool_take(m, id, be, _mm256_add_epi32(base, row));
      pool_take(m, id, bo, _mm256_add_epi32(_mm256_add_epi32(base, row), one));
      const __m256i lo = _mm256_cvtepi32_epi64(_mm256_castsi256_si128(id));
      const __m256i hi = _mm256_cvtepi32_epi64(_mm256_extracti128_si256(id, 1));
      float* od = o + y * ow + x;
      int64_t* xd = idx + y * ow + x;
      if (n == 8) {
        _mm256_storeu_ps(od, m);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(xd), lo);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(xd + 4), hi);
      } else {
        alignas(32) float mv[8];
        alignas(32) int64_t iv[8];
        _mm256_store_ps(mv, m);
        _mm256_store_si256(reinterpret_cast<__m256i*>(iv), lo);
        _mm256_store_si256(reinterpret_cast<__m256i*>(iv + 4), hi);
        for (int64_t k = 0; k < n; ++k) {
          od[k] = mv[k];
          xd[k] = iv[k];
        }
      }
    }
  }
}
#endif

template <typename T>
void max_pool2d_typed(const Tensor& out, const Tensor& indices, const Tensor& input,
                      IntArrayRef p) {
  using A = typename AccType<T>::type;
  const int64_t kh = p[0], kw = p[1], sh = p[2], sw = p[3], ph = p[4], pw = p[5], dh = p[6],
                dw = p[7];
  const int64_t ih = input.size(-2), iw = input.size(-1), oh = out.size(-2), ow = out.size(-1);
  const int64_t planes = input.numel() / std::max<int64_t>(ih * iw, 1);
  const T* in = input.data<T>();
  T* o = out.data<T>();
  int64_t* idx = indices.data<int64_t>();
  const int64_t work = planes * oh * ow * kh * kw;
#if defined(__AVX2__)
  if constexpr (std::is_same_v<T, float>) {
    if (kh == 2 && kw == 2 && sh == 2 && sw == 2 && ph == 0 && pw == 0 && dh == 1 && dw == 1 &&
        2 * oh <= ih && 2 * ow <= iw && ih * iw < (int64_t(1) << 31)) {
#pragma omp parallel for schedule(static) if (work > 32768 && !omp_in_parallel())
      for (int64_t c = 0; c < planes; ++c)
        max_pool2x2_plane(in + c * ih * iw, iw, oh, ow, o + c * oh * ow, idx + c * oh * ow);
      return;
    }
  }
#endif
#pragma omp parallel for schedule(static) if (work > 32768 && !omp_in_parallel())
  for (int64_t c = 0; c < planes; ++c) {
    const T* plane = in + c * ih * iw;
    for (int64_t y = 0; y < oh; ++y)
      for (int64_t x = 0; x < ow; ++x) {
        int64_t y0 = y * sh - ph, x0 = x * sw - pw;
        const int64_t y1 = std::min(y0 + (kh - 1) * dh + 1, ih);
        const int64_t x1 = std::min(x0 + (kw - 1) * dw + 1, iw);
        while (y0 < 0) y0 += dh;
        while (x0 < 0) x0 += dw;
        int64_t best = y0 * iw + x0;
        A mv = -std::numeric_limits<A>::infinity();
        for (int64_t yy = y0; yy < y1; yy += dh)
          for (int64_t xx = x0; xx < x1; xx += dw) {
            const int64_t k = yy * iw + xx;
            const A v = A(plane[k]);
            if (v > mv || std::isnan(v)) {
              mv = v;
              best = k;
            }
          }
        const int64_t oi = (c * oh + y) * ow + x;
        o[oi] = T(mv);
        idx[oi] = best;
      }
  }
}

void max_pool2d_kernel(const Tensor& out, const Tensor& indices, const Tensor& input,
                       IntArrayRef params) {
  TS_DISPATCH_FLOATING(input.dtype(), "max_pool2d", {
    max_pool2d_typed<scalar_t>(out, indices, input, params);
  });
}

template <typename T>
void max_pool2d_backward_typed(const Tensor& gi, const Tensor& go, const Tensor& indices) {
  const int64_t ihw = gi.size(-2) * gi.size(-1), ohw = go.size(-2) * go.size(-1);
  const int64_t planes = gi.numel() / std::max<int64_t>(ihw, 1);
  T* g = gi.data<T>();
  const T* gy = go.data<T>();
  const int64_t* idx = indices.data<int64_t>();
  std::memset(static_cast<void*>(g), 0, size_t(gi.numel()) * sizeof(T));
#pragma omp parallel for schedule(static) if (planes * ohw > 32768 && !omp_in_parallel())
  for (int64_t c = 0; c < planes; ++c)
    for (int64_t k = 0; k < ohw; ++k) {
      const int64_t i = idx[c * ohw + k];
      if (i >= 0 && i < ihw) g[c * ihw + i] = T(g[c * ihw + i] + gy[c * ohw + k]);
    }
}

void max_pool2d_backward_kernel(const Tensor& grad_input, const Tensor& grad_out,
                                const Tensor& indices) {
  TS_DISPATCH_FLOATING(grad_input.dtype(), "max_pool2d_backward", {
    max_pool2d_backward_typed<scalar_t>(grad_input, grad_out, indices);
  });
}

}  // namespace

TS_REGISTER_KERNEL(conv2d_stub, CPU, &conv2d_kernel);
TS_REGISTER_KERNEL(conv2d_backward_input_stub, CPU, &conv2d_backward_input_kernel);
TS_REGISTER_KERNEL(conv2d_backward_weight_stub, CPU, &conv2d_backward_weight_kernel);
TS_REGISTER_KERNEL(max_pool2d_stub, CPU, &max_pool2d_kernel);
TS_REGISTER_KERNEL(max_pool2d_backward_stub, CPU, &max_pool2d_backward_kernel);

}  // namespace ts::kernels
