// CPU kernels for unique values and counting: _unique2, unique_consecutive, unique_dim,
// bincount, histc, searchsorted.
//
// unique without a dim follows PyTorch 1.13's CPU algorithm step by step: the values go into a
// std::unordered_set, whose iteration order is the unsorted output; sorted output is that order
// passed through std::sort; the inverse and the counts are looked up in std::unordered_maps (so
// a NaN, which equals nothing, gets inverse 0 and count 0, as in PyTorch). The hash is
// std::hash of the value, and of the raw bits for bfloat16 (so 0.0 and -0.0 stay apart there).
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <numeric>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "kernels/cpu/loops.h"
#include "stubs/unique.h"

namespace ts::kernels {
namespace {

TensorOptions opts(DType t, Device d) {
  TensorOptions o(t);
  o.device = d;
  return o;
}

template <typename T>
struct UniqueHash {
  size_t operator()(T v) const noexcept {
    if constexpr (std::is_same_v<T, BFloat16>) return std::hash<uint16_t>()(v.bits);
    else return std::hash<T>()(v);
  }
};
template <typename T>
struct UniqueEq {
  bool operator()(T a, T b) const noexcept {
    if constexpr (std::is_same_v<T, BFloat16>) return float(a) == float(b);
    else return a == b;
  }
};
template <typename T>
struct UniqueLess {
  bool operator()(T a, T b) const noexcept {
    if constexpr (std::is_same_v<T, BFloat16>) return float(a) < float(b);
    else return a < b;
  }
};

template <typename T>
UniqueResult unique_typed(const Tensor& in, bool sorted, bool return_inverse, bool return_counts) {
  using Set = std::unordered_set<T, UniqueHash<T>, UniqueEq<T>>;
  using Map = std::unordered_map<T, int64_t, UniqueHash<T>, UniqueEq<T>>;
  const Device dev = in.device();
  const T* x = static_cast<const T*>(in.data_ptr());
  const int64_t n = in.numel();
  Set set(x, x + n);
  Tensor output = empty({int64_t(set.size())}, opts(in.dtype(), dev));
  T* out = static_cast<T*>(output.data_ptr());
  if (sorted) {
    std::vector<T> vec(set.begin(), set.end());
    std::sort(vec.begin(), vec.end(), UniqueLess<T>());
    std::copy(vec.begin(), vec.end(), out);
  } else {
    std::copy(set.begin(), set.end(), out);
  }
  const int64_t m = output.numel();
  Tensor inverse = empty({0}, opts(DType::Int64, dev));
  Tensor counts = empty({0}, opts(DType::Int64, dev));
  if (return_inverse || return_counts) {
    inverse = empty(in.sizes(), opts(DType::Int64, dev));
    int64_t* inv = static_cast<int64_t*>(inverse.data_ptr());
    Map inverse_map;
    inverse_map.reserve(size_t(m));
    for (int64_t i = 0; i < m; ++i) inverse_map[out[i]] = i;
    for (int64_t i = 0; i < n; ++i) inv[i] = inverse_map[x[i]];
    if (return_counts) {
      Map counts_map;
      counts_map.reserve(size_t(m));
      for (int64_t i = 0; i < m; ++i) counts_map[out[i]] = 0;
      for (int64_t i = 0; i < n; ++i) counts_map[x[i]] += 1;
      counts = empty({m}, opts(DType::Int64, dev));
      int64_t* c = static_cast<int64_t*>(counts.data_ptr());
      for (int64_t i = 0; i < m; ++i) c[i] = counts_map[out[i]];
    }
  }
  return {output, inverse, counts};
}

UniqueResult unique_kernel(const Tensor& in, bool sorted, bool return_inverse, bool return_counts) {
  return TS_DISPATCH_ALL(in.dtype(), "unique", {
    if constexpr (std::is_same_v<scalar_t, Half>) {
      TS_ERROR("\"unique\" not implemented for 'Half'");
      return UniqueResult();
    } else {
      return unique_typed<scalar_t>(in, sorted, return_inverse, return_counts);
    }
  });
}

UniqueResult unique_consecutive_kernel(const Tensor& in, bool return_inverse, bool return_counts) {
  return TS_DISPATCH_ALL(in.dtype(), "unique", {
    using T = scalar_t;
    if constexpr (std::is_same_v<T, Half>) {
      TS_ERROR("\"unique\" not implemented for 'Half'");
      return UniqueResult();
    } else {
    const Device dev = in.device();
    const int64_t n = in.numel();
    const T* x = static_cast<const T*>(in.data_ptr());
    std::vector<T> out;
    std::vector<int64_t> counts;
    Tensor inverse = empty({0}, opts(DType::Int64, dev));
    if (return_inverse) inverse = empty(in.sizes(), opts(DType::Int64, dev));
    int64_t* inv = return_inverse ? static_cast<int64_t*>(inverse.data_ptr()) : nullptr;
    if (n > 0) {
      out.push_back(x[0]);
      int64_t last = 0;
      for (int64_t i = 0; i < n; ++i) {
        // `!=` as the element type compares (NaN differs from everything, itself included).
        if (!UniqueEq<T>()(x[i], out.back())) {
          out.push_back(x[i]);
          if (return_counts) {
            counts.push_back(i - last);
            last = i;
          }
        }
        if (inv) inv[i] = int64_t(out.size()) - 1;
      }
      if (return_counts) counts.push_back(n - last);
    }
    Tensor output = empty({n > 0 ? int64_t(out.size()) : 0}, opts(in.dtype(), dev));
    std::copy(out.begin(), out.end(), static_cast<T*>(output.data_ptr()));
    Tensor cnt = empty({int64_t(counts.size())}, opts(DType::Int64, dev));
    std::copy(counts.begin(), counts.end(), static_cast<int64_t*>(cnt.data_ptr()));
    return UniqueResult{output, inverse, cnt};
    }
  });
}

// Rows of `flat` ([N, M], contiguous): `rows` gets the row of each unique (in output order),
// `inverse` each row's unique, `counts` each unique's size. Sorting is lexicographic by
// std::sort over row indices; a row starts a new unique when it differs (==) from the first
// row of the current one, which keeps NaN rows apart.
void unique_dim_kernel(const Tensor& flat, bool consecutive, std::vector<int64_t>& rows,
                       std::vector<int64_t>& inverse, std::vector<int64_t>& counts) {
  const int64_t N = flat.sizes()[0], M = flat.sizes()[1];
  TS_DISPATCH_ALL(flat.dtype(), "unique_dim", {
    using T = scalar_t;
    if constexpr (std::is_same_v<T, Half>) {
      TS_ERROR("\"unique_dim\" not implemented for 'Half'");
    } else {
      const T* x = static_cast<const T*>(flat.data_ptr());
      std::vector<int64_t> idx(static_cast<size_t>(N));
      std::iota(idx.begin(), idx.end(), int64_t(0));
      UniqueLess<T> lt;
      if (!consecutive) {
        std::sort(idx.begin(), idx.end(), [&](int64_t a, int64_t b) {
          for (int64_t i = 0; i < M; ++i) {
            const T l = x[a * M + i], r = x[b * M + i];
            if (lt(l, r)) return true;
            if (lt(r, l)) return false;
          }
          return false;
        });
      }
      auto equal_rows = [&](int64_t a, int64_t b) {
        for (int64_t i = 0; i < M; ++i)
          if (!UniqueEq<T>()(x[a * M + i], x[b * M + i])) return false;
        return true;
      };
      inverse.assign(size_t(N), 0);
      counts.clear();
      rows.clear();
      if (N == 0) return;
      rows.push_back(idx[0]);
      counts.push_back(1);
      inverse[size_t(idx[0])] = 0;
      for (int64_t f = 1; f < N; ++f) {
        if (!equal_rows(rows.back(), idx[size_t(f)])) {
          rows.push_back(idx[size_t(f)]);
          counts.push_back(0);
        }
        inverse[size_t(idx[size_t(f)])] = int64_t(rows.size()) - 1;
        ++counts.back();
      }
    }
  });
}

void bincount_kernel(const Tensor& self, const Tensor& weights, const Tensor& out) {
  TS_DISPATCH_ALL(self.dtype(), "bincount_cpu", {
    using I = scalar_t;
    if constexpr (std::is_integral_v<I> && !std::is_same_v<I, bool>) {
      const I* x = static_cast<const I*>(self.data_ptr());
      const int64_t n = self.numel(), bins = out.numel();
      auto add = [&](auto* o, auto w) {
        for (int64_t i = 0; i < n; ++i) {
          const int64_t b = int64_t(x[i]);
          if (b >= 0 && b < bins) o[b] += w(i);  // the op checked the range; never write outside
        }
      };
      if (!weights.defined()) {
        add(static_cast<int64_t*>(out.data_ptr()), [](int64_t) { return int64_t(1); });
      } else if (weights.dtype() == DType::Float32) {
        const float* w = static_cast<const float*>(weights.data_ptr());
        add(static_cast<float*>(out.data_ptr()), [w](int64_t i) { return w[i]; });
      } else {
        const double* w = static_cast<const double*>(weights.data_ptr());
        add(static_cast<double*>(out.data_ptr()), [w](int64_t i) { return w[i]; });
      }
    } else {
      TS_ERROR("\"bincount_cpu\" not implemented for '", scalar_type_name(self.dtype()), "'");
    }
  });
}

// Equal-width bins over [min, max]: bin = trunc((x - min) / (max - min) * bins) in the input
// type (rounding after each operation for bfloat16), the last bin includes max, values outside
// are dropped. PyTorch 1.13 does not drop NaN: its bin index int64(NaN) wraps around to bin 0,
// so NaN counts in bin 0 here too. Counts accumulate in the input type.
template <typename T>
inline int64_t histc_bin(T e, T left, T right, int64_t bins) {
  int64_t pos = 0;
  if (!std::isnan(double(e))) {
    if constexpr (std::is_same_v<T, BFloat16>) {
      const T a = T(float(e) - float(left)), w = T(float(right) - float(left));
      const T q = T(float(a) / float(w));
      pos = int64_t(float(T(float(q) * float(T(float(bins))))));
    } else {
      pos = int64_t((e - left) / (right - left) * T(bins));
    }
  }
  return std::clamp<int64_t>(pos, 0, bins - 1);  // pos == bins is the closed last bin
}

template <typename T>
void histc_count(const T* x, int64_t n, T left, T right, int64_t bins, int nt, int64_t* local) {
#pragma omp parallel num_threads(nt)
  {
    const int t = omp_get_thread_num();
    const int64_t per = (n + nt - 1) / nt, i0 = t * per, i1 = std::min(n, i0 + per);
    int64_t* lh = local + t * bins;
    for (int64_t i = i0; i < i1; ++i) {
      const T e = x[i];
      if (e < left || right < e) continue;
      ++lh[histc_bin(e, left, right, bins)];
    }
  }
}

void histc_kernel(const Tensor& in, const Tensor& hist, double min, double max) {
  TS_DISPATCH_ALL(in.dtype(), "histogram_cpu", {
    using T = scalar_t;
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, BFloat16>) {
      const T* x = static_cast<const T*>(in.data_ptr());
      T* h = static_cast<T*>(hist.data_ptr());
      const int64_t n = in.numel(), bins = hist.numel();
      const T left = T(min), right = T(max);
      for (int64_t b = 0; b < bins; ++b) h[b] = T(0);
      if constexpr (std::is_same_v<T, BFloat16>) {
        // Serial: bfloat16 counts saturate, so the order of additions shows.
        for (int64_t i = 0; i < n; ++i) {
          const T e = x[i];
          if (e < left || right < e) continue;
          const int64_t pos = histc_bin(e, left, right, bins);
          h[pos] = T(float(h[pos]) + 1.0f);
        }
      } else {
        // Integer counts: per-thread histograms added at the end give exact totals.
        const int nt = (n >= 65536 && !omp_in_parallel()) ? omp_get_max_threads() : 1;
        std::vector<int64_t> local(static_cast<size_t>(nt * bins), 0);
        histc_count(x, n, left, right, bins, nt, local.data());
        for (int t = 0; t < nt; ++t)
          for (int64_t b = 0; b < bins; ++b) h[b] += T(local[size_t(t * bins + b)]);
      }
    } else {
      TS_ERROR("\"histogram_cpu\" not implemented for '", scalar_type_name(in.dtype()), "'");
    }
  });
}

// Binary searches as PyTorch writes them: lower bound moves right while !(b >= v), upper
// bound while !(b > v), so NaN values land after every boundary.
template <typename K, typename T>
int64_t bound(int64_t start, int64_t end, K val, const T* bd, const int64_t* sort, bool right) {
  const int64_t orig = start;
  while (start < end) {
    const int64_t mid = start + ((end - start) >> 1);
    const K m = K(sort ? bd[sort[mid] + orig] : bd[mid]);
    if (right ? !(m > val) : !(m >= val)) start = mid + 1;
    else end = mid;
  }
  return start;
}

template <typename T>
void searchsorted_typed(const Tensor& out, const Tensor& input, const Tensor& boundaries, bool right,
                        const Tensor& sorter) {
  using K = std::conditional_t<std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>, float, T>;
  const T* in = static_cast<const T*>(input.data_ptr());
  const T* bd = static_cast<const T*>(boundaries.data_ptr());
  const int64_t* st = sorter.defined() ? static_cast<const int64_t*>(sorter.data_ptr()) : nullptr;
  const int64_t n = input.numel();
  const int64_t idim_in = input.dim() == 0 ? 1 : input.sizes()[input.dim() - 1];
  const int64_t idim_bd = boundaries.sizes()[boundaries.dim() - 1];
  const bool one_d = boundaries.dim() == 1;
  const bool i32 = out.dtype() == DType::Int32;
  void* o = out.data_ptr();
#pragma omp parallel for if (n >= 4096 && !omp_in_parallel())
  for (int64_t i = 0; i < n; ++i) {
    const int64_t s = one_d ? 0 : i / idim_in * idim_bd;
    const int64_t pos = bound<K>(s, s + idim_bd, K(in[i]), bd, st, right) - s;
    if (i32) static_cast<int32_t*>(o)[i] = int32_t(pos);
    else static_cast<int64_t*>(o)[i] = pos;
  }
}

void searchsorted_kernel(const Tensor& out, const Tensor& input, const Tensor& boundaries, bool right,
                         const Tensor& sorter) {
  TS_DISPATCH_ALL(input.dtype(), "searchsorted_out_cpu", {
    searchsorted_typed<scalar_t>(out, input, boundaries, right, sorter);
  });
}

}  // namespace

TS_REGISTER_KERNEL(unique_stub, CPU, &unique_kernel);
TS_REGISTER_KERNEL(unique_consecutive_stub, CPU, &unique_consecutive_kernel);
TS_REGISTER_KERNEL(unique_dim_stub, CPU, &unique_dim_kernel);
TS_REGISTER_KERNEL(bincount_stub, CPU, &bincount_kernel);
TS_REGISTER_KERNEL(histc_stub, CPU, &histc_kernel);
TS_REGISTER_KERNEL(searchsorted_stub, CPU, &searchsorted_kernel);

}  // namespace ts::kernels
