// CPU sorting and selection over rows: sort, topk, kthvalue, median, mode. Every kernel takes
// contiguous tensors whose last dim is the one sorted or reduced ([rows, S]).
//
// Ties and NaNs land where PyTorch 1.13's CPU kernels put them because the same algorithms run
// here: std::sort / std::stable_sort with NaN ordered last (sort), std::partial_sort or
// std::nth_element plus std::sort (topk), a median-of-three quickselect (kthvalue),
// std::nth_element over indices (median) and std::sort of (value, index) pairs (mode). The
// standard algorithms only see comparisons and moves, so sorting (key, index) pairs gives the
// same permutation as PyTorch's sort through a (value, index) iterator. Half types compare as
// float, which orders them exactly as their own comparisons do.
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <type_traits>
#include <utility>
#include <vector>

#include "kernels/cpu/loops.h"
#include "stubs/sort.h"

namespace ts::kernels {
namespace {

template <typename T>
constexpr bool kIsHalf = std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>;
// The type values are compared in: float for the 16-bit floats, uint8_t for bool (it orders
// the same and, unlike std::vector<bool>, has addressable elements), else the type itself.
template <typename T>
using Key = std::conditional_t<kIsHalf<T>, float, std::conditional_t<std::is_same_v<T, bool>, uint8_t, T>>;

template <typename K>
inline bool isnan_(K x) {
  if constexpr (std::is_floating_point_v<K>) return std::isnan(x);
  else return false;
}

// Rows [rows, S] of a contiguous tensor whose last dim has size S.
struct Rows {
  int64_t rows, S;
};
Rows rows_of(const Tensor& t) {
  const int64_t S = t.dim() ? t.sizes()[t.dim() - 1] : 1;
  int64_t rows = 1;
  for (int64_t d = 0; d + 1 < t.dim(); ++d) rows *= t.sizes()[d];
  return {rows, S};
}

// Runs body(row, scratch) for every row, in parallel when the work is large. `Scratch` is
// created once per thread (the per-row buffers).
template <typename Scratch, typename F>
void for_rows(int64_t rows, int64_t S, const F& body) {
  const int nt = omp_in_parallel() ? 1 : omp_get_max_threads();
  if (nt <= 1 || rows < 2 || rows * std::max<int64_t>(S, 1) < kGrainSize) {
    Scratch s;
    for (int64_t r = 0; r < rows; ++r) body(r, s);
    return;
  }
#pragma omp parallel num_threads(nt)
  {
    Scratch s;
#pragma omp for schedule(static)
    for (int64_t r = 0; r < rows; ++r) body(r, s);
  }
}

template <typename K>
using Pairs = std::vector<std::pair<K, int64_t>>;

// NaN sorts as the largest value (ascending: last; descending: first).
template <typename K>
struct AscNanLast {
  bool operator()(const std::pair<K, int64_t>& a, const std::pair<K, int64_t>& b) const {
    return (!isnan_(a.first) && isnan_(b.first)) || (a.first < b.first);
  }
};
template <typename K>
struct DescNanFirst {
  bool operator()(const std::pair<K, int64_t>& a, const std::pair<K, int64_t>& b) const {
    return (isnan_(a.first) && !isnan_(b.first)) || (a.first > b.first);
  }
};

// ---- sort ----

void sort_kernel(const Tensor& values, const Tensor& indices, bool descending, bool stable) {
  const Rows g = rows_of(values);
  TS_DISPATCH_ALL(values.dtype(), "sort", {
    using T = scalar_t;
    using K = Key<T>;
    T* v = static_cast<T*>(values.data_ptr());
    int64_t* ix = static_cast<int64_t*>(indices.data_ptr());
    const int64_t S = g.S;
    for_rows<Pairs<K>>(g.rows, S, [&](int64_t r, Pairs<K>& buf) {
      buf.resize(size_t(S));
      T* x = v + r * S;
      for (int64_t j = 0; j < S; ++j) buf[size_t(j)] = {K(x[j]), j};
      if (descending) {
        if (stable) std::stable_sort(buf.begin(), buf.end(), DescNanFirst<K>());
        else std::sort(buf.begin(), buf.end(), DescNanFirst<K>());
      } else {
        if (stable) std::stable_sort(buf.begin(), buf.end(), AscNanLast<K>());
        else std::sort(buf.begin(), buf.end(), AscNanLast<K>());
      }
      int64_t* o = ix + r * S;
      for (int64_t j = 0; j < S; ++j) {
        x[j] = T(buf[size_t(j)].first);
        o[j] = buf[size_t(j)].second;
      }
    });
  });
}

// ---- topk: partial_sort when k is small against the row, else nth_element + sort ----

void topk_kernel(const Tensor& in, const Tensor& values, const Tensor& indices, int64_t k, bool largest,
                 bool sorted) {
  const Rows g = rows_of(in);
  if (k == 0 || g.rows == 0) return;
  TS_DISPATCH_ALL(in.dtype(), "topk_cpu", {
    using T = scalar_t;
    using K = Key<T>;
    const T* x = static_cast<const T*>(in.data_ptr());
    T* ov = static_cast<T*>(values.data_ptr());
    int64_t* oi = static_cast<int64_t*>(indices.data_ptr());
    const int64_t S = g.S;
    for_rows<Pairs<K>>(g.rows, S, [&](int64_t r, Pairs<K>& q) {
      q.resize(size_t(S));
      const T* row = x + r * S;
      for (int64_t j = 0; j < S; ++j) q[size_t(j)] = {K(row[j]), j};
      auto run = [&](auto comp) {
        if (k * 64 <= S) {
          std::partial_sort(q.begin(), q.begin() + k, q.end(), comp);
        } else {
          std::nth_element(q.begin(), q.begin() + k - 1, q.end(), comp);
          if (sorted) std::sort(q.begin(), q.begin() + k - 1, comp);
        }
      };
      if (largest) run(DescNanFirst<K>());
      else run(AscNanLast<K>());
      for (int64_t j = 0; j < k; ++j) {
        ov[r * k + j] = T(q[size_t(j)].first);
        oi[r * k + j] = q[size_t(j)].second;
      }
    });
  });
}

// ---- kthvalue: quickselect with a median-of-three pivot, NaN largest ----

template <typename K>
struct KthScratch {
  std::vector<K> v;
  std::vector<int64_t> i;
};

template <typename K>
inline bool gt_or_nan(K x, K y) {
  return (isnan_(x) && !isnan_(y)) || (x > y);
}

// Moves the k-th smallest of v[0, n) (0-based) to position k, swapping idx along.
template <typename K>
void quick_select(K* v, int64_t* idx, int64_t n, int64_t k) {
  auto swap = [&](int64_t a, int64_t b) {
    std::swap(v[a], v[b]);
    std::swap(idx[a], idx[b]);
  };
  int64_t L = 0, R = n - 1;
  while (true) {
    if (R <= L) return;
    if (R == L + 1) {
      if (gt_or_nan(v[L], v[R])) swap(L, R);
      return;
    }
    const int64_t P = (L + R) >> 1;
    swap(P, L + 1);
    if (gt_or_nan(v[L + 1], v[R])) swap(L + 1, R);
    if (gt_or_nan(v[L], v[R])) swap(L, R);
    if (gt_or_nan(v[L + 1], v[L])) swap(L + 1, L);
    int64_t i = L + 1, j = R;
    const K piv = v[L];
    while (true) {
      do ++i;
      while (gt_or_nan(piv, v[i]));
      do --j;
      while (gt_or_nan(v[j], piv));
      if (j < i) break;
      swap(i, j);
    }
    swap(L, j);
    if (j <= k) L = i;
    if (j >= k) R = j - 1;
  }
}

void kthvalue_kernel(const Tensor& in, const Tensor& values, const Tensor& indices, int64_t k) {
  const Rows g = rows_of(in);
  TS_DISPATCH_ALL(in.dtype(), "kthvalue_cpu", {
    using T = scalar_t;
    using K = Key<T>;
    const T* x = static_cast<const T*>(in.data_ptr());
    T* ov = static_cast<T*>(values.data_ptr());
    int64_t* oi = static_cast<int64_t*>(indices.data_ptr());
    const int64_t S = g.S;
    for_rows<KthScratch<K>>(g.rows, S, [&](int64_t r, KthScratch<K>& s) {
      s.v.resize(size_t(S));
      s.i.resize(size_t(S));
      const T* row = x + r * S;
      for (int64_t j = 0; j < S; ++j) {
        s.v[size_t(j)] = K(row[j]);
        s.i[size_t(j)] = j;
      }
      quick_select(s.v.data(), s.i.data(), S, k - 1);
      ov[r] = T(s.v[size_t(k - 1)]);
      oi[r] = s.i[size_t(k - 1)];
    });
  });
}

// ---- median along a dim: the lower middle element; ties broken by index ----

void median_kernel(const Tensor& in, const Tensor& values, const Tensor& indices, bool ignore_nan) {
  const Rows g = rows_of(in);
  TS_DISPATCH_ALL(in.dtype(), "median_out", {
    using T = scalar_t;
    using K = Key<T>;
    const T* x = static_cast<const T*>(in.data_ptr());
    T* ov = static_cast<T*>(values.data_ptr());
    int64_t* oi = static_cast<int64_t*>(indices.data_ptr());
    const int64_t S = g.S;
    struct Scratch {
      std::vector<K> v;
      std::vector<int64_t> idx;
    };
    for_rows<Scratch>(g.rows, S, [&](int64_t r, Scratch& s) {
      const T* row = x + r * S;
      const K* ip;
      if constexpr (std::is_same_v<K, T>) {
        ip = row;  // compare in place
      } else {
        s.v.resize(size_t(S));
        for (int64_t j = 0; j < S; ++j) s.v[size_t(j)] = K(row[j]);
        ip = s.v.data();
      }
      if (!ignore_nan) {
        const K* nanp = std::find_if(ip, ip + S, [](K a) { return isnan_(a); });
        if (nanp != ip + S) {
          ov[r] = row[nanp - ip];
          oi[r] = nanp - ip;
          return;
        }
      }
      s.idx.resize(size_t(S));
      std::iota(s.idx.begin(), s.idx.end(), int64_t(0));
      auto nth = s.idx.begin();
      if (!ignore_nan) {
        nth += (S - 1) / 2;
        std::nth_element(s.idx.begin(), nth, s.idx.end(), [ip](int64_t i, int64_t j) {
          return ip[i] < ip[j] || (ip[i] == ip[j] && i < j);
        });
      } else {
        const int64_t num_nan = std::count_if(ip, ip + S, [](K a) { return isnan_(a); });
        nth += (S - num_nan - 1) / 2;
        std::nth_element(s.idx.begin(), nth, s.idx.end(), [ip](int64_t i, int64_t j) {
          return ip[i] < ip[j] || (ip[i] == ip[j] && i < j) || (isnan_(ip[j]) && !isnan_(ip[i]));
        });
      }
      ov[r] = row[*nth];
      oi[r] = *nth;
    });
  });
}

// ---- median of every element (a value only, so ties do not matter) ----

void median_all_kernel(const Tensor& in, const Tensor& out, bool ignore_nan) {
  TS_DISPATCH_ALL(in.dtype(), "median_cpu", {
    using T = scalar_t;
    using K = Key<T>;
    const T* x = static_cast<const T*>(in.data_ptr());
    const int64_t n = in.numel();
    std::vector<K> v(static_cast<size_t>(n));
    for (int64_t j = 0; j < n; ++j) v[size_t(j)] = K(x[j]);
    T* o = static_cast<T*>(out.data_ptr());
    auto nan_ = [](K a) { return isnan_(a); };
    if (!ignore_nan && std::any_of(v.begin(), v.end(), nan_)) {
      o[0] = T(std::numeric_limits<K>::quiet_NaN());
      return;
    }
    auto mid = v.begin();
    if (!ignore_nan) {
      mid += (n - 1) / 2;
      std::nth_element(v.begin(), mid, v.end());
    } else {
      const int64_t num_nan = std::count_if(v.begin(), v.end(), nan_);
      mid += (n - num_nan - 1) / 2;
      std::nth_element(v.begin(), mid, v.end(), [](K a, K b) { return a < b || (isnan_(b) && !isnan_(a)); });
    }
    o[0] = T(*mid);
  });
}

// ---- mode: the most frequent value (the largest among equally frequent ones) ----

void mode_kernel(const Tensor& in, const Tensor& values, const Tensor& indices) {
  const Rows g = rows_of(in);
  TS_DISPATCH_ALL(in.dtype(), "mode_cpu", {
    using T = scalar_t;
    using K = Key<T>;
    const T* x = static_cast<const T*>(in.data_ptr());
    T* ov = static_cast<T*>(values.data_ptr());
    int64_t* oi = static_cast<int64_t*>(indices.data_ptr());
    const int64_t S = g.S;
    for_rows<Pairs<K>>(g.rows, S, [&](int64_t r, Pairs<K>& e) {
      e.resize(size_t(S));
      const T* row = x + r * S;
      for (int64_t j = 0; j < S; ++j) e[size_t(j)] = {K(row[j]), j};
      std::sort(e.begin(), e.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
      K mode = K(0);
      int64_t modei = 0, run = 0, best = 0;
      for (int64_t j = 0; j < S; ++j) {
        ++run;
        if (j == S - 1 || e[size_t(j)].first != e[size_t(j + 1)].first) {
          if (run > best) {
            mode = e[size_t(j)].first;
            modei = e[size_t(j)].second;
            best = run;
          }
          run = 0;
        }
      }
      ov[r] = T(mode);
      oi[r] = modei;
    });
  });
}

}  // namespace

TS_REGISTER_KERNEL(sort_stub, CPU, &sort_kernel);
TS_REGISTER_KERNEL(topk_stub, CPU, &topk_kernel);
TS_REGISTER_KERNEL(kthvalue_stub, CPU, &kthvalue_kernel);
TS_REGISTER_KERNEL(median_stub, CPU, &median_kernel);
TS_REGISTER_KERNEL(median_all_stub, CPU, &median_all_kernel);
TS_REGISTER_KERNEL(mode_stub, CPU, &mode_kernel);

}  // namespace ts::kernels
