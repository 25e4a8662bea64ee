// CPU loops for indexing. Every operand arrives restrided to one iteration shape: the tensor
// read or written has stride 0 on the indexed dims, each int64 index tensor has stride 0 on
// the others, and an element's offset is sum(index_k * stride_k). Nothing here throws.
// Scatters run on indices the caller validated first (index_check_stub): a failed check must
// leave the destination untouched. Gathers write a fresh output, so they check each row's
// indices just before using them (the row is then in cache) and report failure; the caller
// finds the first bad value serially and raises PyTorch's error.
#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "kernels/cpu/loops.h"
#include "stubs/index.h"

namespace ts::kernels {
namespace {

using namespace scatter_kind;

// The iteration shape after dropping size-1 dims and merging dims that are contiguous for
// every operand; row-major, the last dim innermost. Operand 0 is the tensor written (or the
// output), 1 the other data tensor, 2 + k index k. Strides are in bytes.
struct Geometry {
  DimVector shape;
  std::vector<DimVector> strides;
  int64_t rows = 1;  // product of all dims but the last
};

Geometry make_geometry(const Tensor& a, const Tensor& b, const std::vector<Tensor>& idx) {
  std::vector<const Tensor*> ops{&a, &b};
  for (const Tensor& t : idx) ops.push_back(&t);
  Geometry g;
  g.strides.resize(ops.size());
  for (int64_t d = 0; d < a.dim(); ++d) {
    int64_t n = a.sizes()[d];
    if (n == 1) continue;
    if (!g.shape.empty()) {
      int64_t inner = n;
      bool merge = true;
      for (size_t o = 0; o < ops.size(); ++o) {
        int64_t s = ops[o]->strides()[d] * int64_t(ops[o]->element_size());
        if (g.strides[o].back() != s * inner) merge = false;
      }
      if (merge) {
        const size_t last = g.shape.size() - 1;
        g.shape[last] *= n;
        for (size_t o = 0; o < ops.size(); ++o)
          g.strides[o][last] = ops[o]->strides()[d] * int64_t(ops[o]->element_size());
        continue;
      }
    }
    g.shape.push_back(n);
    for (size_t o = 0; o < ops.size(); ++o)
      g.strides[o].push_back(ops[o]->strides()[d] * int64_t(ops[o]->element_size()));
  }
  if (g.shape.empty()) {  // one element
    g.shape.push_back(1);
    for (auto& s : g.strides) s.push_back(0);
  }
  for (size_t d = 0; d + 1 < g.shape.size(); ++d) g.rows *= g.shape[d];
  return g;
}

// Calls row(ptrs, inner_strides, n) for rows [begin, end) in row-major order.
template <typename Row>
void for_rows(const Geometry& g, char* const* base, int64_t begin, int64_t end, const Row& row) {
  const size_t nops = g.strides.size();
  const int nd = int(g.shape.size());
  std::vector<char*> ptrs(nops);
  DimVector inner(nops), ctr(size_t(nd), 0);
  for (size_t o = 0; o < nops; ++o) inner[o] = g.strides[o][size_t(nd) - 1];
  int64_t rem = begin;
  for (int d = nd - 2; d >= 0; --d) {
    ctr[d] = rem % g.shape[d];
    rem /= g.shape[d];
  }
  for (size_t o = 0; o < nops; ++o) {
    char* p = base[o];
    for (int d = 0; d < nd - 1; ++d) p += ctr[d] * g.strides[o][d];
    ptrs[o] = p;
  }
  const int64_t n = g.shape[size_t(nd) - 1];
  for (int64_t r = begin; r < end; ++r) {
    row(ptrs.data(), inner.data(), n);
    for (int d = nd - 2; d >= 0; --d) {
      for (size_t o = 0; o < nops; ++o) ptrs[o] += g.strides[o][d];
      if (++ctr[d] < g.shape[d]) break;
      for (size_t o = 0; o < nops; ++o) ptrs[o] -= g.shape[d] * g.strides[o][d];
      ctr[d] = 0;
    }
  }
}

int num_threads_for(int64_t work) {
  if (work < kGrainSize || omp_in_parallel()) return 1;
  return int(std::min<int64_t>(omp_get_max_threads(), (work + kGrainSize - 1) / kGrainSize));
}

// Splits rows [0, rows) in `unit`-row blocks across threads.
template <typename Row>
void run_rows(const Geometry& g, char* const* base, int64_t unit, const Row& row) {
  const int64_t blocks = g.rows / unit;
  const int nt = int(std::min<int64_t>(num_threads_for(g.rows * g.shape.back()), blocks));
  if (nt <= 1) {
    for_rows(g, base, 0, g.rows, row);
    return;
  }
  const int64_t per = (blocks + nt - 1) / nt;
#pragma omp parallel for num_threads(nt) schedule(static, 1)
  for (int t = 0; t < nt; ++t) {
    int64_t b = std::min(blocks, t * per), e = std::min(blocks, b + per);
    if (b < e) for_rows(g, base, b * unit, e * unit, row);
  }
}

std::vector<char*> base_pointers(const Tensor& a, const Tensor& b, const std::vector<Tensor>& idx) {
  std::vector<char*> base{static_cast<char*>(a.data_ptr()), static_cast<char*>(b.data_ptr())};
  for (const Tensor& t : idx) base.push_back(static_cast<char*>(t.data_ptr()));
  return base;
}

// Offset in bytes of element i of a row, from every index operand.
struct Offsets {
  int nidx;
  const int64_t* sizes;
  DimVector strides;  // bytes
  bool allow_negative = true;
  uint64_t per_row = ~uint64_t(0);  // bit k: index k must be checked in every row
  // Whether every index this row reads lies in [-size, size) (or [0, size)).
  bool row_valid(char* const* p, const int64_t* is, int64_t n, uint64_t which) const {
    for (int k = 0; k < nidx; ++k) {
      if (k < 64 && !((which >> k) & 1)) continue;
      const int64_t lo = allow_negative ? -sizes[k] : 0;
      const uint64_t range = uint64_t(sizes[k] - lo);  // v is good iff unsigned(v - lo) < range
      const char* ip = p[2 + k];
      const int64_t ist = is[2 + k];
      uint64_t bad = 0;
      if (ist == int64_t(sizeof(int64_t))) {
        const int64_t* q = reinterpret_cast<const int64_t*>(ip);
        for (int64_t i = 0; i < n; ++i) bad |= uint64_t(uint64_t(q[i] - lo) >= range);  // vectorizes
      } else {
        const int64_t cnt = ist == 0 ? 1 : n;
        for (int64_t i = 0; i < cnt; ++i)
          bad |= uint64_t(uint64_t(*reinterpret_cast<const int64_t*>(ip + i * ist) - lo) >= range);
      }
      if (bad) return false;
    }
    return true;
  }
  int64_t at(char* const* p, const int64_t* is, int64_t i) const {
    int64_t off = 0;
    for (int k = 0; k < nidx; ++k) {
      int64_t v = *reinterpret_cast<const int64_t*>(p[2 + k] + i * is[2 + k]);
      off += (v < 0 ? v + sizes[k] : v) * strides[k];
    }
    return off;
  }
  bool constant(const int64_t* is) const {
    for (int k = 0; k < nidx; ++k)
      if (is[2 + k] != 0) return false;
    return true;
  }
};

Offsets make_offsets(IntArrayRef sizes, IntArrayRef strides, size_t elem) {
  Offsets o{int(sizes.size()), sizes.data(), DimVector(sizes.size())};
  for (size_t k = 0; k < sizes.size(); ++k) o.strides[k] = strides[k] * int64_t(elem);
  return o;
}

// out[i] = src[index[i] * st] for a contiguous out and index, each index checked as it is read:
// false at the first one outside [0, size) ([-size, size) with Negative). A predicted branch per
// element costs less than a separate checking pass over the row's indices.
template <typename E, bool Negative>
bool gather_checked(E* __restrict o, const char* src, const int64_t* __restrict ix, int64_t n,
                    int64_t size, int64_t st) {
  const auto index = [&](int64_t i, int64_t& v) {
    v = ix[i];
    if (Negative) v += (v >> 63) & size;
    return uint64_t(v) < uint64_t(size);
  };
  int64_t v;
  if (st == int64_t(sizeof(E))) {
    const E* __restrict sv = reinterpret_cast<const E*>(src);
    for (int64_t i = 0; i < n; ++i) {
      if (__builtin_expect(!index(i, v), 0)) return false;
      o[i] = sv[v];
    }
    return true;
  }
  for (int64_t i = 0; i < n; ++i) {
    if (__builtin_expect(!index(i, v), 0)) return false;
    o[i] = *reinterpret_cast<const E*>(src + v * st);
  }
  return true;
}

// ---- gather: out[i] = src[i + offset(i)] ----

template <typename E>
bool gather_typed(const Tensor& out, const Tensor& src, const std::vector<Tensor>& idx,
                  IntArrayRef sizes, IntArrayRef strides, bool allow_negative) {
  Geometry g = make_geometry(out, src, idx);
  auto base = base_pointers(out, src, idx);
  Offsets off = make_offsets(sizes, strides, sizeof(E));
  off.allow_negative = allow_negative;
  constexpr int64_t es = sizeof(E);
  // An index that reads the same values in every row (index_select along dim > 0, x[:, idx])
  // is checked once here instead of once per row.
  const size_t nd = g.shape.size();
  uint64_t invariant = 0;
  for (int k = 0; k < off.nidx && k < 64; ++k) {
    bool same = true;
    for (size_t d = 0; d + 1 < nd; ++d) same &= g.strides[2 + size_t(k)][d] == 0 || g.shape[d] == 1;
    if (same) invariant |= uint64_t(1) << k;
  }
  off.per_row = ~invariant;
  DimVector inner(g.strides.size());
  for (size_t o = 0; o < g.strides.size(); ++o) inner[o] = g.strides[o][nd - 1];
  if (invariant && !off.row_valid(base.data(), inner.data(), g.shape[nd - 1], invariant)) return false;
  std::atomic<bool> failed{false};
  auto row = [&off, &failed](char* const* p, const int64_t* is, int64_t n) {
    char* out = p[0];
    const char* src = p[1];
    const int64_t os = is[0], ss = is[1];
    if (off.nidx == 1 && os == es && ss == 0 && is[2] == int64_t(sizeof(int64_t))) {
      // out[i] = row[index[i]]: gather along a dim (gather, index_select dim > 0, x[:, idx]).
      const int64_t* ix = reinterpret_cast<const int64_t*>(p[2]);
      E* o = reinterpret_cast<E*>(out);
      const bool ok = off.allow_negative
                          ? gather_checked<E, true>(o, src, ix, n, off.sizes[0], off.strides[0])
                          : gather_checked<E, false>(o, src, ix, n, off.sizes[0], off.strides[0]);
      if (!ok) failed.store(true, std::memory_order_relaxed);
      return;
    }
    if (!off.row_valid(p, is, n, off.per_row)) {
      failed.store(true, std::memory_order_relaxed);
      return;
    }
    if (off.constant(is)) {  // whole row from one place: a copy, often a memcpy
      const char* s = src + off.at(p, is, 0);
      if (os == es && ss == es) {
        std::memcpy(out, s, size_t(n * es));
      } else {
        for (int64_t i = 0; i < n; ++i)
          *reinterpret_cast<E*>(out + i * os) = *reinterpret_cast<const E*>(s + i * ss);
      }
      return;
    }
    if (off.nidx == 1) {
      const int64_t size = off.sizes[0], st = off.strides[0];
      const char* ip = p[2];
      const int64_t ist = is[2];
      for (int64_t i = 0; i < n; ++i) {
        int64_t v = *reinterpret_cast<const int64_t*>(ip + i * ist);
        v += v < 0 ? size : 0;
        *reinterpret_cast<E*>(out + i * os) = *reinterpret_cast<const E*>(src + i * ss + v * st);
      }
      return;
    }
    for (int64_t i = 0; i < n; ++i)
      *reinterpret_cast<E*>(out + i * os) = *reinterpret_cast<const E*>(src + i * ss + off.at(p, is, i));
  };
  run_rows(g, base.data(), 1, row);
  return !failed.load();
}

bool index_gather_kernel(const Tensor& out, const Tensor& src, const std::vector<Tensor>& idx,
                         IntArrayRef sizes, IntArrayRef strides, bool allow_negative) {
  if (out.numel() == 0) return true;
  switch (out.element_size()) {
    case 1: return gather_typed<uint8_t>(out, src, idx, sizes, strides, allow_negative);
    case 2: return gather_typed<uint16_t>(out, src, idx, sizes, strides, allow_negative);
    case 4: return gather_typed<uint32_t>(out, src, idx, sizes, strides, allow_negative);
    case 8: return gather_typed<uint64_t>(out, src, idx, sizes, strides, allow_negative);
    default: TS_INTERNAL_ASSERT(false, "index: unexpected element size ", out.element_size());
  }
  return false;
}

// ---- scatter: dst[i + offset(i)] = op(dst[...], src[i]) ----

// The reductions as functor types, so the per-element call inlines (and contiguous rows
// vectorize). PyTorch's scatter amax/amin: a NaN in src wins; otherwise std::max / std::min.
template <typename T>
struct AddOp {
  T operator()(T d, T s) const {
    if constexpr (std::is_same_v<T, bool>) return d || s;
    else return T(typename AccType<T>::type(d) + typename AccType<T>::type(s));
  }
};
template <typename T>
struct MulOp {
  T operator()(T d, T s) const {
    if constexpr (std::is_same_v<T, bool>) return d && s;
    else return T(typename AccType<T>::type(d) * typename AccType<T>::type(s));
  }
};
template <typename T>
bool is_nan(T v) {
  if constexpr (std::is_integral_v<T>) return false;
  else return std::isnan(double(typename AccType<T>::type(v)));
}
template <typename T>
struct MaxOp {
  T operator()(T d, T s) const {
    using A = typename AccType<T>::type;
    return is_nan(s) ? s : (A(d) < A(s) ? s : d);
  }
};
template <typename T>
struct MinOp {
  T operator()(T d, T s) const {
    using A = typename AccType<T>::type;
    return is_nan(s) ? s : (A(s) < A(d) ? s : d);
  }
};

// Runs rows serially, or in parallel over the outer dim when it moves the destination (two
// threads then never write the same element, and each element sees its writes in order).
template <typename Row>
void run_scatter_rows(const Geometry& g, char* const* base, const Row& row) {
  if (g.shape.size() >= 2 && g.strides[0][0] != 0) {
    run_rows(g, base, g.rows / g.shape[0], row);
  } else {
    for_rows(g, base, 0, g.rows, row);
  }
}

template <typename E>
void scatter_assign(const Tensor& dst, const Tensor& src, const std::vector<Tensor>& idx,
                    IntArrayRef sizes, IntArrayRef strides) {
  Geometry g = make_geometry(dst, src, idx);
  auto base = base_pointers(dst, src, idx);
  const Offsets off = make_offsets(sizes, strides, sizeof(E));
  constexpr int64_t es = sizeof(E);
  auto row = [&off](char* const* p, const int64_t* is, int64_t n) {
    char* dst = p[0];
    const char* src = p[1];
    const int64_t ds = is[0], ss = is[1];
    if (off.constant(is)) {
      char* d = dst + off.at(p, is, 0);
      if (ds == es && ss == es) {
        std::memmove(d, src, size_t(n * es));  // source and destination may overlap
      } else {
        for (int64_t i = 0; i < n; ++i)
          *reinterpret_cast<E*>(d + i * ds) = *reinterpret_cast<const E*>(src + i * ss);
      }
      return;
    }
    if (off.nidx == 1) {
      const char* ip = p[2];
      const int64_t ist = is[2], size = off.sizes[0], st = off.strides[0];
      for (int64_t i = 0; i < n; ++i) {
        int64_t v = *reinterpret_cast<const int64_t*>(ip + i * ist);
        v += v < 0 ? size : 0;
        *reinterpret_cast<E*>(dst + i * ds + v * st) = *reinterpret_cast<const E*>(src + i * ss);
      }
      return;
    }
    for (int64_t i = 0; i < n; ++i)
      *reinterpret_cast<E*>(dst + i * ds + off.at(p, is, i)) = *reinterpret_cast<const E*>(src + i * ss);
  };
  run_scatter_rows(g, base.data(), row);
}

template <typename T, typename F>
void scatter_combine(const Tensor& dst, const Tensor& src, const std::vector<Tensor>& idx,
                     IntArrayRef sizes, IntArrayRef strides, F f) {
  Geometry g = make_geometry(dst, src, idx);
  auto base = base_pointers(dst, src, idx);
  const Offsets off = make_offsets(sizes, strides, sizeof(T));
  auto row = [&off, f](char* const* p, const int64_t* is, int64_t n) {
    char* dst = p[0];
    const char* src = p[1];
    const int64_t ds = is[0], ss = is[1];
    if (off.constant(is) && ds == int64_t(sizeof(T)) && ss == int64_t(sizeof(T))) {
      // A whole contiguous row into one place (index_add of rows, x[idx] += rows).
      T* d = reinterpret_cast<T*>(dst + off.at(p, is, 0));
      const T* s = reinterpret_cast<const T*>(src);
      if (static_cast<const void*>(d + n) <= s || static_cast<const void*>(s + n) <= d) {
        T* __restrict dr = d;
        const T* __restrict sr = s;
        for (int64_t i = 0; i < n; ++i) dr[i] = f(dr[i], sr[i]);
      } else {
        for (int64_t i = 0; i < n; ++i) d[i] = f(d[i], s[i]);
      }
      return;
    }
    if (off.nidx == 1) {
      const char* ip = p[2];
      const int64_t ist = is[2], size = off.sizes[0], st = off.strides[0];
      if (ds == 0 && ss == int64_t(sizeof(T)) && ist == int64_t(sizeof(int64_t)) && st == int64_t(sizeof(T))) {
        // row[index[i]] op= src[i]: scatter along a dim (scatter_add, index_put_ accumulate).
        T* d = reinterpret_cast<T*>(dst);
        const T* sv = reinterpret_cast<const T*>(src);
        const int64_t* ix = reinterpret_cast<const int64_t*>(ip);
        for (int64_t i = 0; i < n; ++i) {
          const int64_t v = ix[i] + ((ix[i] >> 63) & size);
          d[v] = f(d[v], sv[i]);
        }
        return;
      }
      for (int64_t i = 0; i < n; ++i) {
        int64_t v = *reinterpret_cast<const int64_t*>(ip + i * ist);
        v += (v >> 63) & size;
        T* d = reinterpret_cast<T*>(dst + i * ds + v * st);
        *d = f(*d, *reinterpret_cast<const T*>(src + i * ss));
      }
      return;
    }
    for (int64_t i = 0; i < n; ++i) {
      T* d = reinterpret_cast<T*>(dst + i * ds + off.at(p, is, i));
      *d = f(*d, *reinterpret_cast<const T*>(src + i * ss));
    }
  };
  run_scatter_rows(g, base.data(), row);
}

void index_scatter_kernel(const Tensor& dst, const Tensor& src, const std::vector<Tensor>& idx,
                          IntArrayRef sizes, IntArrayRef strides, int64_t reduce) {
  if (dst.numel() == 0) return;
  if (reduce == kAssign) {
    switch (dst.element_size()) {
      case 1: return scatter_assign<uint8_t>(dst, src, idx, sizes, strides);
      case 2: return scatter_assign<uint16_t>(dst, src, idx, sizes, strides);
      case 4: return scatter_assign<uint32_t>(dst, src, idx, sizes, strides);
      case 8: return scatter_assign<uint64_t>(dst, src, idx, sizes, strides);
      default: TS_INTERNAL_ASSERT(false, "index_put: unexpected element size ", dst.element_size());
    }
  }
  TS_DISPATCH_ALL(dst.dtype(), "scatter", {
    switch (reduce) {
      case kAdd: scatter_combine<scalar_t>(dst, src, idx, sizes, strides, AddOp<scalar_t>{}); break;
      case kMultiply: scatter_combine<scalar_t>(dst, src, idx, sizes, strides, MulOp<scalar_t>{}); break;
      case kMax: scatter_combine<scalar_t>(dst, src, idx, sizes, strides, MaxOp<scalar_t>{}); break;
      case kMin: scatter_combine<scalar_t>(dst, src, idx, sizes, strides, MinOp<scalar_t>{}); break;
      default: TS_INTERNAL_ASSERT(false, "scatter: unknown reduction ", reduce);
    }
  });
}

// ---- validation: serial-order first bad index, found without throwing in parallel ----

template <typename I>
bool check_range(const Tensor& index, int64_t lo, int64_t hi, int64_t* bad) {
  // Dims with stride 0 repeat values; visit each distinct element once.
  DimVector shape, st;
  for (int64_t d = 0; d < index.dim(); ++d) {
    if (index.sizes()[d] == 1 || index.strides()[d] == 0) continue;
    shape.push_back(index.sizes()[d]);
    st.push_back(index.strides()[d]);
  }
  const I* base = static_cast<const I*>(index.data_ptr());
  if (shape.empty()) {
    shape.push_back(1);
    st.push_back(1);
  }
  const int nd = int(shape.size());
  int64_t rows = 1;
  for (int d = 0; d < nd - 1; ++d) rows *= shape[d];
  const int64_t n = shape[nd - 1], is = st[nd - 1];
  const uint64_t range = uint64_t(hi - lo);  // v is in range iff unsigned(v - lo) < range
  auto row_ok = [&](int64_t r, int64_t* first_bad) {
    const I* p = base;
    for (int d = nd - 2; d >= 0; --d) {
      p += (r % shape[d]) * st[d];
      r /= shape[d];
    }
    uint64_t out = 0;
    if (is == 1) {
      for (int64_t i = 0; i < n; ++i) out |= uint64_t(uint64_t(int64_t(p[i]) - lo) >= range);  // vectorizes
    } else {
      for (int64_t i = 0; i < n; ++i) out |= uint64_t(uint64_t(int64_t(p[i * is]) - lo) >= range);
    }
    bool ok = out == 0;
    if (!ok && first_bad)
      for (int64_t i = 0; i < n; ++i)
        if (!(int64_t(p[i * is]) >= lo && int64_t(p[i * is]) < hi)) {
          *first_bad = int64_t(p[i * is]);
          break;
        }
    return ok;
  };
  bool all_ok = true;
  const int nt = num_threads_for(rows * n);
  if (nt > 1) {
#pragma omp parallel for num_threads(nt) reduction(&& : all_ok)
    for (int64_t r = 0; r < rows; ++r) all_ok = all_ok && row_ok(r, nullptr);
    if (all_ok) return true;
  }
  for (int64_t r = 0; r < rows; ++r)
    if (!row_ok(r, bad)) return false;
  return true;
}

bool index_check_kernel(const Tensor& index, int64_t size, bool allow_negative, int64_t* bad) {
  if (index.numel() == 0) return true;
  const int64_t lo = allow_negative ? -size : 0;
  if (index.dtype() == DType::Int32) return check_range<int32_t>(index, lo, size, bad);
  TS_INTERNAL_ASSERT(index.dtype() == DType::Int64, "index check on ", dtype_name(index.dtype()));
  return check_range<int64_t>(index, lo, size, bad);
}

// For error messages only: the first bad value in row-major order over the indices' common
// shape, trying index 0, 1, ... at each position, which is the order PyTorch's loop meets them.
bool index_first_bad_kernel(const std::vector<Tensor>& indices, IntArrayRef sizes, bool allow_negative,
                            int64_t* which, int64_t* value) {
  if (indices.empty() || indices[0].numel() == 0) return false;
  IntArrayRef shape = indices[0].sizes();
  const int64_t nd = int64_t(shape.size()), numel = indices[0].numel();
  DimVector ctr(size_t(nd), 0);
  for (int64_t pos = 0; pos < numel; ++pos) {
    for (size_t k = 0; k < indices.size(); ++k) {
      const int64_t* p = static_cast<const int64_t*>(indices[k].data_ptr());
      for (int64_t d = 0; d < nd; ++d) p += ctr[d] * indices[k].strides()[d];
      const int64_t lo = allow_negative ? -sizes[k] : 0;
      if (*p < lo || *p >= sizes[k]) {
        *which = int64_t(k);
        *value = *p;
        return true;
      }
    }
    for (int64_t d = nd - 1; d >= 0; --d) {
      if (++ctr[d] < shape[d]) break;
      ctr[d] = 0;
    }
  }
  return false;
}

// ---- nonzero on a contiguous tensor: count per chunk, then each chunk writes its part ----
// (A template, not a TS_DISPATCH body: an OpenMP pragma must not sit inside macro arguments.)

template <typename T>
bool is_nonzero(T v) {
  if constexpr (std::is_same_v<T, bool>) return v;
  else if constexpr (std::is_integral_v<T>) return v != 0;
  else return typename AccType<T>::type(v) != 0;  // NaN counts, -0.0 does not
}

template <typename T>
Tensor nonzero_typed(const Tensor& self) {
  const int64_t numel = self.numel();
  const int64_t nd = self.dim();
  const T* p = static_cast<const T*>(self.data_ptr());
  const int nchunks = std::max(1, num_threads_for(numel));
  const int64_t per = (numel + nchunks - 1) / nchunks;
  std::vector<int64_t> counts(size_t(nchunks) + 1, 0);
#pragma omp parallel for num_threads(nchunks) schedule(static, 1)
  for (int c = 0; c < nchunks; ++c) {
    const int64_t b = std::min(numel, c * per), e = std::min(numel, b + per);
    int64_t n = 0;
    for (int64_t i = b; i < e; ++i) n += is_nonzero(p[i]);
    counts[size_t(c) + 1] = n;
  }
  for (int c = 0; c < nchunks; ++c) counts[size_t(c) + 1] += counts[size_t(c)];
  const int64_t total = counts[size_t(nchunks)];
  Tensor out = empty_strided({total, nd}, {1, total}, TensorOptions(DType::Int64));
  int64_t* o = static_cast<int64_t*>(out.data_ptr());
  IntArrayRef sizes = self.sizes();
#pragma omp parallel for num_threads(nchunks) schedule(static, 1)
  for (int c = 0; c < nchunks; ++c) {
    const int64_t b = std::min(numel, c * per), e = std::min(numel, b + per);
    if (b >= e) continue;  // also keeps empty dims out of the divisions below
    DimVector coord(size_t(nd), 0);
    int64_t rem = b;
    for (int64_t d = nd - 1; d >= 0; --d) {
      coord[d] = rem % sizes[d];
      rem /= sizes[d];
    }
    int64_t k = counts[size_t(c)];
    for (int64_t i = b; i < e; ++i) {
      if (is_nonzero(p[i])) {
        for (int64_t d = 0; d < nd; ++d) o[k + d * total] = coord[d];
        ++k;
      }
      for (int64_t d = nd - 1; d >= 0; --d) {
        if (++coord[d] < sizes[d]) break;
        coord[d] = 0;
      }
    }
  }
  return out;
}

Tensor nonzero_kernel(const Tensor& self) {
  return TS_DISPATCH_ALL(self.dtype(), "nonzero", { return nonzero_typed<scalar_t>(self); });
}

}  // namespace

TS_REGISTER_KERNEL(index_check_stub, CPU, &index_check_kernel);
TS_REGISTER_KERNEL(index_gather_stub, CPU, &index_gather_kernel);
TS_REGISTER_KERNEL(index_scatter_stub, CPU, &index_scatter_kernel);
TS_REGISTER_KERNEL(index_first_bad_stub, CPU, &index_first_bad_kernel);
TS_REGISTER_KERNEL(nonzero_stub, CPU, &nonzero_kernel);

}  // namespace ts::kernels
