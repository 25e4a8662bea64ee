// CPU kernels for the scans (cumsum, cumprod, cummax, cummin), trace and renorm's scale factor.
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <vector>

#include "kernels/cpu/loops.h"
#include "stubs/scan.h"

namespace ts::kernels {
namespace {

template <typename T>
inline bool isnan_(T x) {
  if constexpr (std::is_floating_point_v<T>) return std::isnan(x);
  else if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) return std::isnan(float(x));
  else return false;
}

// Running max (min) along the scanned dim of a contiguous [outer, S, inner] tensor. A later
// equal value takes over the index (>=, <=), and a NaN takes over and stays, its index moving
// to each later NaN, as in PyTorch.
template <typename T, bool Max>
void cummaxmin(const T* x, T* v, int64_t* ix, int64_t outer, int64_t S, int64_t inner) {
  using K = std::conditional_t<std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>, float, T>;
  auto better = [](K a, K best) {
    if constexpr (Max) return isnan_(a) || (!isnan_(best) && a >= best);
    else return isnan_(a) || (!isnan_(best) && a <= best);
  };
  if (inner == 1) {  // the scanned dim is innermost: one running best per row
    const int nt = omp_in_parallel() ? 1 : omp_get_max_threads();
#pragma omp parallel for num_threads(nt) if (nt > 1 && outer > 1 && outer * S >= kGrainSize)
    for (int64_t o = 0; o < outer; ++o) {
      const T* xr = x + o * S;
      T* vr = v + o * S;
      int64_t* ir = ix + o * S;
      T best = xr[0];
      int64_t bi = 0;
      for (int64_t i = 0; i < S; ++i) {
        if (better(K(xr[i]), K(best))) {
          best = xr[i];
          bi = i;
        }
        vr[i] = best;
        ir[i] = bi;
      }
    }
    return;
  }
  const int64_t B = std::min<int64_t>(std::max<int64_t>(inner, 1), 256);
  const int64_t nb = (inner + B - 1) / B, items = outer * nb;
  auto run = [&](int64_t i0, int64_t i1) {
    std::vector<T> best(static_cast<size_t>(B));
    std::vector<int64_t> bi(static_cast<size_t>(B));
    for (int64_t item = i0; item < i1; ++item) {
      const int64_t o = item / nb, j0 = (item % nb) * B, w = std::min(B, inner - j0);
      const int64_t base = o * S * inner + j0;
      for (int64_t j = 0; j < w; ++j) {
        best[size_t(j)] = x[base + j];
        bi[size_t(j)] = 0;
      }
      for (int64_t i = 0; i < S; ++i) {
        const int64_t off = base + i * inner;
        for (int64_t j = 0; j < w; ++j) {
          const T a = x[off + j];
          if (better(K(a), K(best[size_t(j)]))) {
            best[size_t(j)] = a;
            bi[size_t(j)] = i;
          }
          v[off + j] = best[size_t(j)];
          ix[off + j] = bi[size_t(j)];
        }
      }
    }
  };
  const int nt = omp_in_parallel() ? 1 : omp_get_max_threads();
  if (nt <= 1 || items < 2 || outer * S * inner < kGrainSize) return run(0, items);
#pragma omp parallel num_threads(nt)
  {
    const int64_t per = (items + nt - 1) / nt, i0 = omp_get_thread_num() * per;
    if (i0 < items) run(i0, std::min(items, i0 + per));
  }
}

void cummaxmin_kernel(const Tensor& in, const Tensor& values, const Tensor& indices, int64_t dim, bool is_max) {
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < dim; ++d) outer *= in.sizes()[d];
  for (int64_t d = dim + 1; d < in.dim(); ++d) inner *= in.sizes()[d];
  const int64_t S = in.sizes()[dim];
  TS_DISPATCH_ALL(in.dtype(), is_max ? "cummax_cpu" : "cummin_cpu", {
    using T = scalar_t;
    const T* x = static_cast<const T*>(in.data_ptr());
    T* v = static_cast<T*>(values.data_ptr());
    int64_t* ix = static_cast<int64_t*>(indices.data_ptr());
    if (is_max) cummaxmin<T, true>(x, v, ix, outer, S, inner);
    else cummaxmin<T, false>(x, v, ix, outer, S, inner);
  });
}

// Sum of the main diagonal, accumulated sequentially in double (floats) or int64 (integers).
void trace_kernel(const Tensor& self, const Tensor& out) {
  TS_DISPATCH_ALL(self.dtype(), "trace", {
    using T = scalar_t;
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
      const T* x = static_cast<const T*>(self.data_ptr());
      const int64_t n = std::min(self.sizes()[0], self.sizes()[1]);
      const int64_t step = self.strides()[0] + self.strides()[1];
      double s = 0;
      for (int64_t i = 0; i < n; ++i) s += double(x[i * step]);
      *static_cast<T*>(out.data_ptr()) = T(s);
    } else if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
      const T* x = static_cast<const T*>(self.data_ptr());
      const int64_t n = std::min(self.sizes()[0], self.sizes()[1]);
      const int64_t step = self.strides()[0] + self.strides()[1];
      int64_t s = 0;
      for (int64_t i = 0; i < n; ++i) s += int64_t(x[i * step]);
      *static_cast<int64_t*>(out.data_ptr()) = s;
    } else {
      TS_ERROR("\"trace\" not implemented for '", scalar_type_name(self.dtype()), "'");
    }
  });
}

// maxnorm / (norm + 1e-7) where norm > maxnorm, else 1, in the norm's type.
void renorm_factor_kernel(TensorIter& iter, double maxnorm) {
  TS_DISPATCH_FLOATING(iter.dtype(0), "renorm_scale_factor_cpu", {
    using T = scalar_t;
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
      const T mx = T(maxnorm), eps = T(1e-7), one = T(1);
      cpu_kernel(iter, [mx, eps, one](T norm) -> T { return norm > mx ? mx / (norm + eps) : one; });
    } else {
      TS_ERROR("\"renorm_scale_factor_cpu\" not implemented for '", scalar_type_name(iter.dtype(0)), "'");
    }
  });
}

// ---- cumsum, cumprod over contiguous tensors seen as [outer, S, inner] ----

template <typename T, typename Acc, bool Prod>
void scan(const T* in, T* out, int64_t outer, int64_t S, int64_t inner) {
  const int nt = omp_in_parallel() ? 1 : omp_get_max_threads();
  const bool parallel = nt > 1 && outer * S * inner >= kGrainSize;
  if (inner == 1) {
    auto rows = [&](int64_t o0, int64_t o1) {
      for (int64_t o = o0; o < o1; ++o) {
        Acc a = Prod ? Acc(1) : Acc(0);
        const T* x = in + o * S;
        T* y = out + o * S;
        for (int64_t i = 0; i < S; ++i) {
          if constexpr (Prod) a *= Acc(x[i]);
          else a += Acc(x[i]);
          y[i] = T(a);
        }
      }
    };
    if (!parallel) return rows(0, outer);
#pragma omp parallel num_threads(nt)
    {
      const int64_t per = (outer + nt - 1) / nt, o0 = omp_get_thread_num() * per;
      if (o0 < outer) rows(o0, std::min(outer, o0 + per));
    }
    return;
  }
  // The scanned dim is outside the innermost one: carry a block of running values per column.
  const int64_t B = std::min<int64_t>(inner, 512), nb = (inner + B - 1) / B, items = outer * nb;
  auto blocks = [&](int64_t i0, int64_t i1) {
    std::vector<Acc> acc(static_cast<size_t>(B));
    for (int64_t item = i0; item < i1; ++item) {
      const int64_t o = item / nb, j0 = (item % nb) * B, w = std::min(B, inner - j0);
      for (int64_t j = 0; j < w; ++j) acc[size_t(j)] = Prod ? Acc(1) : Acc(0);
      for (int64_t i = 0; i < S; ++i) {
        const T* __restrict x = in + (o * S + i) * inner + j0;
        T* __restrict y = out + (o * S + i) * inner + j0;
        Acc* __restrict a = acc.data();
        for (int64_t j = 0; j < w; ++j) {
          if constexpr (Prod) a[j] *= Acc(x[j]);
          else a[j] += Acc(x[j]);
          y[j] = T(a[j]);
        }
      }
    }
  };
  if (!parallel) return blocks(0, items);
#pragma omp parallel num_threads(nt)
  {
    const int64_t per = (items + nt - 1) / nt, i0 = omp_get_thread_num() * per;
    if (i0 < items) blocks(i0, std::min(items, i0 + per));
  }
}

// Accumulates in PyTorch's CPU accumulation type: double for floats, int64 for integers.
void scan_kernel(const Tensor& in, const Tensor& out, int64_t dim, bool is_prod) {
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < dim; ++d) outer *= in.sizes()[d];
  for (int64_t d = dim + 1; d < in.dim(); ++d) inner *= in.sizes()[d];
  const int64_t S = in.dim() ? in.sizes()[dim] : 1;
  if (outer * S * inner == 0) return;
  auto go = [&](auto tag, auto acc_tag) {
    using T = typename decltype(tag)::type;
    using Acc = typename decltype(acc_tag)::type;
    const T* x = static_cast<const T*>(in.data_ptr());
    T* y = static_cast<T*>(out.data_ptr());
    if (is_prod) scan<T, Acc, true>(x, y, outer, S, inner);
    else scan<T, Acc, false>(x, y, outer, S, inner);
  };
  switch (in.dtype()) {
    case DType::Float32: return go(TypeTag<float>{}, TypeTag<double>{});
    case DType::Float64: return go(TypeTag<double>{}, TypeTag<double>{});
    case DType::Int64: return go(TypeTag<int64_t>{}, TypeTag<int64_t>{});
    default: TS_ERROR("scan not implemented for '", dtype_name(in.dtype()), "'");
  }
}

}  // namespace

TS_REGISTER_KERNEL(scan_stub, CPU, &scan_kernel);
TS_REGISTER_KERNEL(cummaxmin_stub, CPU, &cummaxmin_kernel);
TS_REGISTER_KERNEL(trace_stub, CPU, &trace_kernel);
TS_REGISTER_KERNEL(renorm_factor_stub, CPU, &renorm_factor_kernel);

}  // namespace ts::kernels
