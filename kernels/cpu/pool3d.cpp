// CPU kernel of max_pool3d_with_indices (src/ops/pool3d.cpp): PyTorch 1.13's
// max_pool3d_with_indices_single_out_frame. Each window is scanned depth, then height, then
// width; a value replaces the maximum when it is greater or NaN, so the first maximum (or the
// last NaN) wins, and an all -inf window keeps its first in-range position.
#include <omp.h>

#include <cmath>
#include <cstdint>
#include <limits>

#include "kernels/cpu/vec_math.h"
#include "stubs/pool.h"

namespace ts::kernels {
namespace {

void max_pool3d_kernel(const Tensor& out, const Tensor& idx, const Tensor& in, IntArrayRef p) {
  const int64_t kt = p[0], kh = p[1], kw = p[2], st = p[3], sh = p[4], sw = p[5];
  const int64_t pt = p[6], ph = p[7], pw = p[8], dt = p[9], dh = p[10], dw = p[11];
  const int64_t planes = in.size(0), it = in.size(1), ih = in.size(2), iw = in.size(3);
  const int64_t ot = out.size(1), oh = out.size(2), ow = out.size(3);
  dispatch<kFloatSet>(in.dtype(), "max_pool3d_with_indices_cpu", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = typename AccType<T>::type;
    const T* x = static_cast<const T*>(in.data_ptr());
    T* y = static_cast<T*>(out.data_ptr());
    int64_t* yi = static_cast<int64_t*>(idx.data_ptr());
    const int64_t in_plane = it * ih * iw, out_plane = ot * oh * ow;
#pragma omp parallel for if (planes * out_plane > 4096)
    for (int64_t k = 0; k < planes; ++k) {
      const T* ip = x + k * in_plane;
      T* op = y + k * out_plane;
      int64_t* xp = yi + k * out_plane;
      for (int64_t ti = 0; ti < ot; ++ti)
        for (int64_t i = 0; i < oh; ++i)
          for (int64_t j = 0; j < ow; ++j) {
            int64_t t0 = ti * st - pt, h0 = i * sh - ph, w0 = j * sw - pw;
            const int64_t t1 = std::min(t0 + (kt - 1) * dt + 1, it);
            const int64_t h1 = std::min(h0 + (kh - 1) * dh + 1, ih);
            const int64_t w1 = std::min(w0 + (kw - 1) * dw + 1, iw);
            while (t0 < 0) t0 += dt;
            while (h0 < 0) h0 += dh;
            while (w0 < 0) w0 += dw;
            int64_t best = t0 * ih * iw + h0 * iw + w0;
            C m = -std::numeric_limits<C>::infinity();
            for (int64_t z = t0; z < t1; z += dt)
              for (int64_t yy = h0; yy < h1; yy += dh)
                for (int64_t xx = w0; xx < w1; xx += dw) {
                  const int64_t at = z * ih * iw + yy * iw + xx;
                  const C v = C(ip[at]);
                  if (v > m || std::isnan(v)) {
                    m = v;
                    best = at;
                  }
                }
            const int64_t o = (ti * oh + i) * ow + j;
            xp[o] = best;
            op[o] = T(m);
          }
    }
  });
}

}  // namespace

TS_REGISTER_KERNEL(max_pool3d_stub, CPU, &max_pool3d_kernel);

}  // namespace ts::kernels
