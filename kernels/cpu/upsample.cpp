// CPU kernels for the nn extras: separable interpolation (upsample_*: each output element is
// sum_d wd * (sum_h wh * (sum_w ww * x)), PyTorch's nesting, taps precomputed by the op) and
// pixel_shuffle / pixel_unshuffle (pure data movement, any dtype). One OpenMP loop over output
// rows above a grain size.
#include <omp.h>

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>
#include <algorithm>
#include <cmath>

#include "kernels/cpu/loops.h"

namespace ts {
// in [P, D, H, W] contiguous, out [P, OD, OH, OW] contiguous; per dim an int64 index tensor
// and a float64 weight tensor, both [K, O] contiguous (K taps).
TS_DECLARE_STUB(interp_stub, void(const Tensor& out, const Tensor& in, const Tensor& idx_d,
                                  const Tensor& w_d, const Tensor& idx_h, const Tensor& w_h,
                                  const Tensor& idx_w, const Tensor& w_w));
// in [B, C, H, W] contiguous -> out [B, C / r^2, H * r, W * r] contiguous (or the inverse).
TS_DECLARE_STUB(pixel_shuffle_stub, void(const Tensor& out, const Tensor& in, int64_t r, bool inverse));
TS_DECLARE_STUB(embedding_bag_sum_stub, void(const Tensor& out, const Tensor& weight, const Tensor& rows,
                                             const Tensor& scale, const Tensor& ptr));
// input [N, C, H, W], grid [N, Ho, Wo, 2], out [N, C, Ho, Wo], all contiguous; mode 0 bilinear,
// 1 nearest; padding 0 zeros, 1 border, 2 reflection.
TS_DECLARE_STUB(grid_sampler_2d_stub, void(const Tensor& out, const Tensor& input, const Tensor& grid,
                                           int64_t mode, int64_t padding, bool align_corners));
}  // namespace ts

namespace ts::kernels {
namespace {

constexpr int64_t kInterpGrain = 16384;

// out[j] = sum_k w[k][j] * rows[idx[k][j]] over contiguous rows of length n: the first term is
// a product, the rest accumulate (PyTorch's `output = t * w; output += t * w`).
template <typename T>
inline void weighted_rows(T* out, const T* src, int64_t row_len, int64_t j, int64_t k_taps,
                          const int64_t* idx, const T* w, int64_t o) {
  const T* r0 = src + idx[j] * row_len;
  const T w0 = w[j];
  for (int64_t x = 0; x < row_len; ++x) out[x] = r0[x] * w0;
  for (int64_t k = 1; k < k_taps; ++k) {
    const T* rk = src + idx[k * o + j] * row_len;
    const T wk = w[k * o + j];
    for (int64_t x = 0; x < row_len; ++x) out[x] += rk[x] * wk;
  }
}

// Separable: the W pass interpolates every input row once, then the H and D passes combine
// whole rows (contiguous, vectorizable). The arithmetic and its order are those of the nested
// sum, so the result is the same as evaluating it per output element.
template <typename T>
void interp_typed(const Tensor& out, const Tensor& in, const Tensor* idx[3], const Tensor* wts[3]) {
  const int64_t p = in.size(0), id = in.size(1), ih = in.size(2), iw = in.size(3);
  const int64_t od = out.size(1), oh = out.size(2), ow = out.size(3);
  const int64_t kd = idx[0]->size(0), kh = idx[1]->size(0), kw = idx[2]->size(0);
  const int64_t* xd = idx[0]->data<int64_t>();
  const int64_t* xh = idx[1]->data<int64_t>();
  const int64_t* xw = idx[2]->data<int64_t>();
  std::vector<T> wd(size_t(kd * od)), wh(size_t(kh * oh)), ww(size_t(kw * ow));
  for (size_t i = 0; i < wd.size(); ++i) wd[i] = T(wts[0]->data<double>()[i]);
  for (size_t i = 0; i < wh.size(); ++i) wh[i] = T(wts[1]->data<double>()[i]);
  for (size_t i = 0; i < ww.size(); ++i) ww[i] = T(wts[2]->data<double>()[i]);
  const T* src = in.data<T>();
  T* dst = out.data<T>();
  const int64_t work = p * od * oh * ow * (kd + kh + kw);
#pragma omp parallel if (work > kInterpGrain && !omp_in_parallel())
  {
    // Per thread: W-interpolated rows [D, H, OW] and H-combined rows [D, OH, OW].
    std::vector<T> t1(size_t(id * ih * ow)), t2(size_t(id * oh * ow));
#pragma omp for schedule(static)
    for (int64_t plane = 0; plane < p; ++plane) {
      const T* x = src + plane * id * ih * iw;
      for (int64_t row = 0; row < id * ih; ++row) {
        const T* xr = x + row * iw;
        T* tr = t1.data() + row * ow;
        for (int64_t j = 0; j < ow; ++j) {
          T acc = xr[xw[j]] * ww[size_t(j)];
          for (int64_t k = 1; k < kw; ++k) acc += xr[xw[k * ow + j]] * ww[size_t(k * ow + j)];
          tr[j] = acc;
        }
      }
      T* o = dst + plane * od * oh * ow;
      // No depth dim (1-d / 2-d): the H pass writes the output (its weight-1 pass is exact).
      const bool flat = id == 1 && od == 1 && kd == 1 && wd[0] == T(1);
      T* h_out = flat ? o : t2.data();
      for (int64_t d = 0; d < id; ++d)
        for (int64_t y = 0; y < oh; ++y)
          weighted_rows(h_out + (d * oh + y) * ow, t1.data() + d * ih * ow, ow, y, kh, xh, wh.data(), oh);
      if (!flat)
        for (int64_t z = 0; z < od; ++z)
          weighted_rows(o + z * oh * ow, t2.data(), oh * ow, z, kd, xd, wd.data(), od);
    }
  }
}

// Nearest (one tap of weight 1 per dim): a gather, for any dtype.
template <typename T>
void nearest_typed(const Tensor& out, const Tensor& in, const Tensor* idx[3]) {
  const int64_t p = in.size(0), id = in.size(1), ih = in.size(2), iw = in.size(3);
  const int64_t od = out.size(1), oh = out.size(2), ow = out.size(3);
  const int64_t* xd = idx[0]->data<int64_t>();
  const int64_t* xh = idx[1]->data<int64_t>();
  const int64_t* xw = idx[2]->data<int64_t>();
  const T* src = in.data<T>();
  T* dst = out.data<T>();
  const int64_t slabs = p * od;
#pragma omp parallel for schedule(static) if (slabs * oh * ow > kInterpGrain && !omp_in_parallel())
  for (int64_t sl = 0; sl < slabs; ++sl) {
    const int64_t z = sl % od, plane = sl / od;
    T* slab = dst + sl * oh * ow;
    for (int64_t y = 0; y < oh; ++y) {
      T* o = slab + y * ow;
      // Upsampling repeats source rows: copy the row just written.
      if (y > 0 && xh[y] == xh[y - 1]) {
        std::memcpy(o, o - ow, size_t(ow) * sizeof(T));
        continue;
      }
      const T* row = src + ((plane * id + xd[z]) * ih + xh[y]) * iw;
      for (int64_t x = 0; x < ow; ++x) o[x] = row[xw[x]];
    }
  }
}

void interp_kernel(const Tensor& out, const Tensor& in, const Tensor& idx_d, const Tensor& w_d,
                   const Tensor& idx_h, const Tensor& w_h, const Tensor& idx_w, const Tensor& w_w) {
  const Tensor* idx[3] = {&idx_d, &idx_h, &idx_w};
  const Tensor* wts[3] = {&w_d, &w_h, &w_w};
  const bool nearest = idx_d.size(0) == 1 && idx_h.size(0) == 1 && idx_w.size(0) == 1;
  if (nearest) {
    TS_DISPATCH_ALL(in.dtype(), "upsample_nearest", { nearest_typed<scalar_t>(out, in, idx); });
    return;
  }
  switch (in.dtype()) {
    case DType::Float32: interp_typed<float>(out, in, idx, wts); return;
    case DType::Float64: interp_typed<double>(out, in, idx, wts); return;
    default: TS_ERROR("\"upsample\" kernel not implemented for '", dtype_name(in.dtype()), "'");
  }
}

// Moves elements of `size` bytes: out[b, c, h * r + i, w * r + j] = in[b, c * r * r + i * r + j, h, w]
// (or the reverse for the inverse); one output row (fixed b, c, h, i) per iteration.
template <typename E>
void shuffle_typed(const Tensor& out, const Tensor& in, int64_t r, bool inverse) {
  // Shapes in the shuffled ("big") layout: [B, C, H * r, W * r] with C = channels / r^2.
  const Tensor& big = inverse ? in : out;
  const int64_t b = big.size(0), c = big.size(1), oh = big.size(2), ow = big.size(3);
  const int64_t h = oh / r, w = ow / r;
  const E* src = static_cast<const E*>(in.data_ptr());
  E* dst = static_cast<E*>(out.data_ptr());
  const int64_t rows = b * c * oh;
#pragma omp parallel for schedule(static) if (rows * ow > kInterpGrain && !omp_in_parallel())
  for (int64_t row = 0; row < rows; ++row) {
    const int64_t y = row % oh, bc = row / oh;
    const int64_t hh = y / r, i = y % r;
    // The small layout's channel block for this (b, c): [r * r, H, W].
    const int64_t small_base = bc * r * r * h * w;
    for (int64_t j = 0; j < r; ++j) {
      const int64_t small_row = small_base + ((i * r + j) * h + hh) * w;
      if (!inverse) {
        E* o = dst + row * ow + j;
        const E* s = src + small_row;
        for (int64_t x = 0; x < w; ++x) o[x * r] = s[x];
      } else {
        const E* s = src + row * ow + j;
        E* o = dst + small_row;
        for (int64_t x = 0; x < w; ++x) o[x] = s[x * r];
      }
    }
  }
}

void pixel_shuffle_kernel(const Tensor& out, const Tensor& in, int64_t r, bool inverse) {
  switch (element_size(in.dtype())) {
    case 1: shuffle_typed<uint8_t>(out, in, r, inverse); return;
    case 2: shuffle_typed<uint16_t>(out, in, r, inverse); return;
    case 4: shuffle_typed<uint32_t>(out, in, r, inverse); return;
    case 8: shuffle_typed<uint64_t>(out, in, r, inverse); return;
    default: TS_ERROR("pixel_shuffle: unsupported element size");
  }
}

// Rows summed in index order per bag (PyTorch's order), one bag per iteration.
template <typename T>
void bag_sum_typed(const Tensor& out, const Tensor& weight, const Tensor& rows, const Tensor& scale,
                   const Tensor& ptr) {
  using Acc = std::conditional_t<std::is_same_v<T, double>, double, float>;
  const int64_t nb = out.size(0), d = out.size(1);
  const T* w = weight.data<T>();
  const int64_t* r = rows.data<int64_t>();
  const int64_t* p = ptr.data<int64_t>();
  const T* sc = scale.defined() ? scale.data<T>() : nullptr;
  T* o = out.data<T>();
#pragma omp parallel if (p[nb] * d > kInterpGrain && !omp_in_parallel())
  {
    std::vector<Acc> acc(static_cast<size_t>(d));
#pragma omp for schedule(static)
    for (int64_t b = 0; b < nb; ++b) {
      Acc* __restrict a = acc.data();
      std::fill(a, a + d, Acc(0));
      for (int64_t i = p[b]; i < p[b + 1]; ++i) {
        const T* __restrict row = w + r[i] * d;
        if (sc) {
          const Acc s = Acc(sc[i]);
          for (int64_t k = 0; k < d; ++k) a[k] += Acc(row[k]) * s;
        } else {
          for (int64_t k = 0; k < d; ++k) a[k] += Acc(row[k]);
        }
      }
      for (int64_t k = 0; k < d; ++k) o[b * d + k] = T(acc[size_t(k)]);
    }
  }
}

void embedding_bag_sum_kernel(const Tensor& out, const Tensor& weight, const Tensor& rows,
                              const Tensor& scale, const Tensor& ptr) {
  TS_DISPATCH_FLOATING(weight.dtype(), "embedding_bag", { bag_sum_typed<scalar_t>(out, weight, rows, scale, ptr); });
}

// GridSampler.h's compute_source_index: unnormalize, then clip or reflect.
template <typename T>
T grid_source(T coord, int64_t size, int64_t padding, bool align_corners) {
  T x = align_corners ? ((coord + 1) / 2) * T(size - 1) : ((coord + 1) * T(size) - 1) / 2;
  auto clip = [&](T v) { return std::min(T(size - 1), std::max(v, T(0))); };
  if (padding == 1) return clip(x);
  if (padding == 2) {
    const T lo2 = align_corners ? T(0) : T(-1);
    const T hi2 = align_corners ? T(2 * (size - 1)) : T(2 * size - 1);
    if (lo2 == hi2) return clip(T(0));
    const T mn = lo2 / 2, span = (hi2 - lo2) / 2;
    const T in = std::fabs(x - mn);
    const T extra = std::fmod(in, span);
    const int64_t flips = int64_t(std::floor(in / span));
    return clip(flips % 2 == 0 ? extra + mn : span - extra + mn);
  }
  return x;
}

template <typename T>
void grid_sample_typed(const Tensor& out, const Tensor& input, const Tensor& grid, int64_t mode,
                       int64_t padding, bool align_corners) {
  const int64_t n = input.size(0), c = input.size(1), h = input.size(2), w = input.size(3);
  const int64_t ho = grid.size(1), wo = grid.size(2);
  const T* in = input.data<T>();
  const T* g = grid.data<T>();
  T* o = out.data<T>();
  const int64_t rows = n * ho;
#pragma omp parallel for schedule(static) if (rows * wo * c > kInterpGrain && !omp_in_parallel())
  for (int64_t r = 0; r < rows; ++r) {
    const int64_t b = r / ho, y = r % ho;
    const T* plane0 = in + b * c * h * w;
    T* orow = o + b * c * ho * wo + y * wo;
    for (int64_t x = 0; x < wo; ++x) {
      const T* gp = g + ((b * ho + y) * wo + x) * 2;
      const T ix = grid_source<T>(gp[0], w, padding, align_corners);
      const T iy = grid_source<T>(gp[1], h, padding, align_corners);
      auto inside = [&](int64_t yy, int64_t xx) { return yy >= 0 && yy < h && xx >= 0 && xx < w; };
      if (mode == 1) {
        const int64_t nx = int64_t(std::nearbyint(ix)), ny = int64_t(std::nearbyint(iy));
        const bool ok = inside(ny, nx);
        for (int64_t ch = 0; ch < c; ++ch)
          orow[ch * ho * wo + x] = ok ? plane0[(ch * h + ny) * w + nx] : T(0);
        continue;
      }
      const T fx = std::floor(ix), fy = std::floor(iy);
      const int64_t x0 = int64_t(fx), y0 = int64_t(fy), x1 = x0 + 1, y1 = y0 + 1;
      const T wx1 = ix - fx, wy1 = iy - fy, wx0 = (fx + 1) - ix, wy0 = (fy + 1) - iy;
      const T wnw = wx0 * wy0, wne = wx1 * wy0, wsw = wx0 * wy1, wse = wx1 * wy1;
      const bool knw = inside(y0, x0), kne = inside(y0, x1), ksw = inside(y1, x0), kse = inside(y1, x1);
      for (int64_t ch = 0; ch < c; ++ch) {
        const T* p = plane0 + ch * h * w;
        T acc = T(0);
        if (knw) acc += p[y0 * w + x0] * wnw;
        if (kne) acc += p[y0 * w + x1] * wne;
        if (ksw) acc += p[y1 * w + x0] * wsw;
        if (kse) acc += p[y1 * w + x1] * wse;
        orow[ch * ho * wo + x] = acc;
      }
    }
  }
}

void grid_sampler_2d_kernel(const Tensor& out, const Tensor& input, const Tensor& grid, int64_t mode,
                            int64_t padding, bool align_corners) {
  switch (input.dtype()) {
    case DType::Float32: grid_sample_typed<float>(out, input, grid, mode, padding, align_corners); return;
    case DType::Float64: grid_sample_typed<double>(out, input, grid, mode, padding, align_corners); return;
    default: TS_ERROR("grid_sampler_2d_cpu not implemented for ", dtype_name(input.dtype()));
  }
}

}  // namespace

TS_REGISTER_KERNEL(grid_sampler_2d_stub, CPU, &grid_sampler_2d_kernel);
TS_REGISTER_KERNEL(embedding_bag_sum_stub, CPU, &embedding_bag_sum_kernel);
TS_REGISTER_KERNEL(interp_stub, CPU, &interp_kernel);
TS_REGISTER_KERNEL(pixel_shuffle_stub, CPU, &pixel_shuffle_kernel);

}  // namespace ts::kernels
