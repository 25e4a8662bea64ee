// CPU kernel of the interpolation ops (ops/upsample.cpp): separable interpolation, each output
// element sum_d wd * (sum_h wh * (sum_w ww * x)) (PyTorch's nesting, taps precomputed by the
// op), and nearest as a gather for any dtype. One OpenMP loop over output rows above a grain
// size.
#include <omp.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "kernels/cpu/loops.h"
#include "stubs/upsample.h"

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

}  // namespace

TS_REGISTER_KERNEL(interp_stub, CPU, &interp_kernel);

}  // namespace ts::kernels
