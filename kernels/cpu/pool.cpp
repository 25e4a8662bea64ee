// CPU kernels for 2-d average pooling and adaptive average pooling over contiguous
// [N*C planes, H, W], one plane per iteration of an OpenMP loop over planes. Summation order
// and divisors follow PyTorch's cpu_avg_pool / cpu_adaptive_avg_pool, so float results match.
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>
#include <cstring>

#include "kernels/cpu/loops.h"
#include "stubs/pool.h"

namespace ts::kernels::inline TS_CPU_NS {
namespace {

constexpr int64_t kPoolGrain = 32768;

// One output window: clipped bounds and the divisor PyTorch uses.
struct Window {
  int64_t y0, y1, x0, x1, div;
};

inline Window avg_window(int64_t y, int64_t x, IntArrayRef p, int64_t ih, int64_t iw) {
  const int64_t kh = p[0], kw = p[1], sh = p[2], sw = p[3], ph = p[4], pw = p[5];
  Window w;
  w.y0 = y * sh - ph;
  w.x0 = x * sw - pw;
  w.y1 = std::min(w.y0 + kh, ih + ph);
  w.x1 = std::min(w.x0 + kw, iw + pw);
  const int64_t pool_size = (w.y1 - w.y0) * (w.x1 - w.x0);
  w.y0 = std::max<int64_t>(w.y0, 0);
  w.x0 = std::max<int64_t>(w.x0, 0);
  w.y1 = std::min(w.y1, ih);
  w.x1 = std::min(w.x1, iw);
  w.div = p[6] != 0 ? p[6] : p[7] != 0 ? pool_size : (w.y1 - w.y0) * (w.x1 - w.x0);
  return w;
}

// bfloat16 sums in float (one rounding); other types sum in their own type, as PyTorch.
template <typename T>
using PoolAcc = typename AccType<T>::type;

// Windows not clipped horizontally share a divisor within an output row, so they are summed
// into a row buffer, one kernel tap at a time across the row (vectorizes; each output still
// adds its taps row by row, left to right, as PyTorch's loop does). The rest take the scalar
// path.
template <typename T>
void avg_pool2d_typed(const Tensor& out, const Tensor& input, IntArrayRef p) {
  using A = PoolAcc<T>;
  const int64_t ih = input.size(-2), iw = input.size(-1), oh = out.size(-2), ow = out.size(-1);
  const int64_t kh = p[0], kw = p[1], sw = p[3], pw = p[5];  // rows come from avg_window(p)
  const int64_t planes = out.numel() / (oh * ow);
  const T* in = input.data<T>();
  T* o = out.data<T>();
  // Interior outputs: x * sw - pw >= 0 and x * sw - pw + kw <= iw.
  const int64_t x_lo = std::min((pw + sw - 1) / sw, ow);
  const int64_t x_hi = std::clamp<int64_t>(iw + pw - kw >= 0 ? (iw + pw - kw) / sw + 1 : 0, x_lo, ow);
  const int64_t work = planes * oh * ow * kh * kw;
#pragma omp parallel if (work > kPoolGrain && !omp_in_parallel())
  {
    std::vector<A> acc(size_t(std::max<int64_t>(x_hi - x_lo, 1)));
#pragma omp for schedule(static)
    for (int64_t c = 0; c < planes; ++c) {
      const T* plane = in + c * ih * iw;
      T* op = o + c * oh * ow;
      for (int64_t y = 0; y < oh; ++y) {
        auto scalar_at = [&](int64_t x) {
          const Window w = avg_window(y, x, p, ih, iw);
          if (w.y0 >= w.y1 || w.x0 >= w.x1) {
            op[y * ow + x] = T(0);
            return;
          }
          A sum = A(0);
          for (int64_t yy = w.y0; yy < w.y1; ++yy) {
            const T* row = plane + yy * iw;
            for (int64_t xx = w.x0; xx < w.x1; ++xx) sum += A(row[xx]);
          }
          op[y * ow + x] = T(sum / A(w.div));
        };
        for (int64_t x = 0; x < x_lo; ++x) scalar_at(x);
        for (int64_t x = x_hi; x < ow; ++x) scalar_at(x);
        if (x_hi == x_lo) continue;
        const Window w = avg_window(y, x_lo, p, ih, iw);
        const int64_t n = x_hi - x_lo;
        A* __restrict a = acc.data();
        T* __restrict dst = op + y * ow + x_lo;
        if (w.y0 >= w.y1) {
          for (int64_t i = 0; i < n; ++i) dst[i] = T(0);
          continue;
        }
        for (int64_t i = 0; i < n; ++i) a[i] = A(0);
        for (int64_t yy = w.y0; yy < w.y1; ++yy)
          for (int64_t xx = 0; xx < kw; ++xx) {
            const T* __restrict src = plane + yy * iw + x_lo * sw - pw + xx;
            if (sw == 1) {
              for (int64_t i = 0; i < n; ++i) a[i] += A(src[i]);
            } else if (sw == 2) {
              for (int64_t i = 0; i < n; ++i) a[i] += A(src[2 * i]);
            } else {
              for (int64_t i = 0; i < n; ++i) a[i] += A(src[i * sw]);
            }
          }
        const A div = A(w.div);
        for (int64_t i = 0; i < n; ++i) dst[i] = T(a[i] / div);
      }
    }
  }
}

void avg_pool2d_kernel(const Tensor& out, const Tensor& input, IntArrayRef params) {
  if (input.dtype() == DType::Int64) return avg_pool2d_typed<int64_t>(out, input, params);
  TS_DISPATCH_FLOATING(input.dtype(), "avg_pool2d", {
    avg_pool2d_typed<scalar_t>(out, input, params);
  });
}

template <typename T>
void avg_pool2d_backward_typed(const Tensor& gi, const Tensor& go, IntArrayRef p) {
  using A = PoolAcc<T>;
  const int64_t ih = gi.size(-2), iw = gi.size(-1), oh = go.size(-2), ow = go.size(-1);
  const int64_t planes = gi.numel() / (ih * iw);
  T* g = gi.data<T>();
  const T* gy = go.data<T>();
  const int64_t work = planes * oh * ow * p[0] * p[1];
#pragma omp parallel for schedule(static) if (work > kPoolGrain && !omp_in_parallel())
  for (int64_t c = 0; c < planes; ++c) {
    // Windows overlap only within a plane, so planes are independent.
    T* gp = g + c * ih * iw;
    const T* gop = gy + c * oh * ow;
    std::fill(gp, gp + ih * iw, T(0));
    for (int64_t y = 0; y < oh; ++y)
      for (int64_t x = 0; x < ow; ++x) {
        const Window w = avg_window(y, x, p, ih, iw);
        if (w.y0 >= w.y1 || w.x0 >= w.x1) continue;
        const A delta = A(gop[y * ow + x]) / A(w.div);
        for (int64_t yy = w.y0; yy < w.y1; ++yy) {
          T* row = gp + yy * iw;
          for (int64_t xx = w.x0; xx < w.x1; ++xx) row[xx] = T(A(row[xx]) + delta);
        }
      }
  }
}

void avg_pool2d_backward_kernel(const Tensor& grad_input, const Tensor& grad_out,
                                IntArrayRef params) {
  if (grad_input.dtype() == DType::Int64)
    return avg_pool2d_backward_typed<int64_t>(grad_input, grad_out, params);
  TS_DISPATCH_FLOATING(grad_input.dtype(), "avg_pool2d_backward", {
    avg_pool2d_backward_typed<scalar_t>(grad_input, grad_out, params);
  });
}

// PyTorch's start_index / end_index: floor(i * in / out) .. ceil((i + 1) * in / out).
inline int64_t start_index(int64_t i, int64_t out, int64_t in) { return (i * in) / out; }
inline int64_t end_index(int64_t i, int64_t out, int64_t in) {
  return ((i + 1) * in + out - 1) / out;
}

template <typename T>
void adaptive_avg_pool2d_typed(const Tensor& out, const Tensor& input) {
  using A = PoolAcc<T>;
  const int64_t ih = input.size(-2), iw = input.size(-1), oh = out.size(-2), ow = out.size(-1);
  const int64_t planes = out.numel() / (oh * ow);
  const T* in = input.data<T>();
  T* o = out.data<T>();
  const int64_t work = planes * std::max(ih * iw, oh * ow);
#pragma omp parallel for schedule(static) if (work > kPoolGrain && !omp_in_parallel())
  for (int64_t c = 0; c < planes; ++c) {
    const T* plane = in + c * ih * iw;
    T* op = o + c * oh * ow;
    for (int64_t y = 0; y < oh; ++y) {
      const int64_t y0 = start_index(y, oh, ih), y1 = end_index(y, oh, ih);
      for (int64_t x = 0; x < ow; ++x) {
        const int64_t x0 = start_index(x, ow, iw), x1 = end_index(x, ow, iw);
        A sum = A(0);
        for (int64_t yy = y0; yy < y1; ++yy) {
          const T* row = plane + yy * iw;
          for (int64_t xx = x0; xx < x1; ++xx) sum += A(row[xx]);
        }
        op[y * ow + x] = T(sum / A(y1 - y0) / A(x1 - x0));
      }
    }
  }
}

void adaptive_avg_pool2d_kernel(const Tensor& out, const Tensor& input) {
  TS_DISPATCH_FLOATING(input.dtype(), "adaptive_avg_pool2d", {
    adaptive_avg_pool2d_typed<scalar_t>(out, input);
  });
}

template <typename T>
void adaptive_avg_pool2d_backward_typed(const Tensor& gi, const Tensor& go) {
  using A = PoolAcc<T>;
  const int64_t ih = gi.size(-2), iw = gi.size(-1), oh = go.size(-2), ow = go.size(-1);
  const int64_t planes = gi.numel() / (ih * iw);
  T* g = gi.data<T>();
  const T* gy = go.data<T>();
  const int64_t work = planes * std::max(ih * iw, oh * ow);
#pragma omp parallel for schedule(static) if (work > kPoolGrain && !omp_in_parallel())
  for (int64_t c = 0; c < planes; ++c) {
    T* gp = g + c * ih * iw;
    const T* gop = gy + c * oh * ow;
    std::fill(gp, gp + ih * iw, T(0));
    for (int64_t y = 0; y < oh; ++y) {
      const int64_t y0 = start_index(y, oh, ih), y1 = end_index(y, oh, ih);
      for (int64_t x = 0; x < ow; ++x) {
        const int64_t x0 = start_index(x, ow, iw), x1 = end_index(x, ow, iw);
        const A delta = A(gop[y * ow + x]) / A(y1 - y0) / A(x1 - x0);
        for (int64_t yy = y0; yy < y1; ++yy) {
          T* row = gp + yy * iw;
          for (int64_t xx = x0; xx < x1; ++xx) row[xx] = T(A(row[xx]) + delta);
        }
      }
    }
  }
}

void adaptive_avg_pool2d_backward_kernel(const Tensor& grad_input, const Tensor& grad_out) {
  TS_DISPATCH_FLOATING(grad_input.dtype(), "adaptive_avg_pool2d_backward", {
    adaptive_avg_pool2d_backward_typed<scalar_t>(grad_input, grad_out);
  });
}

// PyTorch's cpu_adaptive_max_pool: NaN wins, the first maximum is kept.
template <typename T>
void adaptive_max_pool2d_typed(const Tensor& out, const Tensor& indices, const Tensor& input) {
  using A = PoolAcc<T>;
  const int64_t ih = input.size(-2), iw = input.size(-1), oh = out.size(-2), ow = out.size(-1);
  const int64_t planes = out.numel() / (oh * ow);
  const T* in = input.data<T>();
  T* o = out.data<T>();
  int64_t* idx = indices.data<int64_t>();
  const int64_t work = planes * std::max(ih * iw, oh * ow);
#pragma omp parallel for schedule(static) if (work > kPoolGrain && !omp_in_parallel())
  for (int64_t c = 0; c < planes; ++c) {
    const T* plane = in + c * ih * iw;
    for (int64_t y = 0; y < oh; ++y) {
      const int64_t y0 = start_index(y, oh, ih), y1 = end_index(y, oh, ih);
      for (int64_t x = 0; x < ow; ++x) {
        const int64_t x0 = start_index(x, ow, iw), x1 = end_index(x, ow, iw);
        A mv = -std::numeric_limits<A>::infinity();
        int64_t best = y0 * iw + x0;
        for (int64_t yy = y0; yy < y1; ++yy)
          for (int64_t xx = x0; xx < x1; ++xx) {
            const A v = A(plane[yy * iw + xx]);
            if (v > mv || std::isnan(v)) {
              mv = v;
              best = yy * iw + xx;
            }
          }
        o[(c * oh + y) * ow + x] = T(mv);
        idx[(c * oh + y) * ow + x] = best;
      }
    }
  }
}

void adaptive_max_pool2d_kernel(const Tensor& out, const Tensor& indices, const Tensor& input) {
  TS_DISPATCH_FLOATING(input.dtype(), "adaptive_max_pool2d", {
    adaptive_max_pool2d_typed<scalar_t>(out, indices, input);
  });
}

}  // namespace

TS_REGISTER_KERNEL(avg_pool2d_stub, CPU, &avg_pool2d_kernel);
TS_REGISTER_KERNEL(avg_pool2d_backward_stub, CPU, &avg_pool2d_backward_kernel);
TS_REGISTER_KERNEL(adaptive_avg_pool2d_stub, CPU, &adaptive_avg_pool2d_kernel);
TS_REGISTER_KERNEL(adaptive_avg_pool2d_backward_stub, CPU, &adaptive_avg_pool2d_backward_kernel);
TS_REGISTER_KERNEL(adaptive_max_pool2d_stub, CPU, &adaptive_max_pool2d_kernel);

}  // namespace ts::kernels
