// CPU kernel of grid_sampler_2d's bilinear and nearest forward (ops/grid_sample.cpp): PyTorch
// 1.13's GridSampler.h source index (unnormalize, then clip or reflect) and taps. One OpenMP loop
// over output rows above a grain size.
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "kernels/cpu/loops.h"
#include "stubs/upsample.h"

namespace ts::kernels {
namespace {

constexpr int64_t kGridGrain = 16384;

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
#pragma omp parallel for schedule(static) if (rows * wo * c > kGridGrain && !omp_in_parallel())
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

}  // namespace ts::kernels
