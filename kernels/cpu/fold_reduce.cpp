// CPU folds (prod, max, min, amax, amin) and arg-reductions (argmax, argmin, max.dim, min.dim)
// over a ReducePlan (see tensor/reduce_iter.h), run by reduce_run.h's run_reduce; sums are in
// reduce.cpp.
#include <omp.h>

#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

#include "kernels/cpu/fold_lanes.h"
#include "kernels/cpu/loops.h"
#include "kernels/cpu/reduce_run.h"
#include "stubs/reduce.h"
#include "tensor/reduce_iter.h"

namespace ts::kernels::inline TS_CPU_NS {
namespace {

using namespace reduce_detail;

template <typename T, typename Op>
struct FoldReducer {
  using in_t = T;
  using acc_t = T;
  using out_t = T;
  static constexpr bool kSplitRows = true;
  Op op;

  static int64_t cascade_cols(int64_t W) { return W; }
  static int64_t scratch_size(int64_t, int64_t) { return 0; }

  T combine(T a, T b) const { return op(a, b); }
  T row(const T* __restrict p, int64_t n, T) const {
    constexpr int K = int(64 / sizeof(T)) < 8 ? 8 : int(64 / sizeof(T));
    T a = Op::identity();
    if (n < 2 * K) {
      for (int64_t i = 0; i < n; ++i) a = op(a, p[i]);
      return a;
    }
    T lanes[K];
    for (int k = 0; k < K; ++k) lanes[k] = Op::identity();
    int64_t i = 0;
    if constexpr (Op::kLanes) i = fold_lanes<K>(p, n, lanes, op);
    for (; i + K <= n; i += K)
      for (int k = 0; k < K; ++k) lanes[k] = op(lanes[k], p[i + k]);
    for (; i < n; ++i) a = op(a, p[i]);
    for (int k = 0; k < K; ++k) a = op(lanes[k], a);
    return a;
  }
  void col(const ReducePlan& pl, const T* base, int64_t w, int64_t r0, int64_t r1, bool,
           const T*, T* __restrict res, T*) const {
    for (int64_t j = 0; j < w; ++j) res[j] = Op::identity();
    for_rows(pl, r0, r1, [&](int64_t off) {
      const T* __restrict row = base + off;
      for (int64_t j = 0; j < w; ++j) res[j] = op(res[j], row[j]);
    });
  }
  T project(T s, T) const { return s; }
};

// ---- Folds. ----

template <typename T>
struct ProdOp {
  static constexpr bool kLanes = false;
  static T identity() { return T(1); }
  T operator()(T a, T b) const {
    if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
      using U = std::make_unsigned_t<T>;
      return T(U(a) * U(b));  // wraps like PyTorch's integer prod, without signed overflow
    } else {
      return a * b;
    }
  }
};
// Max and min propagate NaN: once an operand is NaN the result is NaN.
template <typename T, bool Max, bool Abs>
struct MinMaxOp {
  // Float lanes fold as native vectors (fold_lanes.h): per lane the same as operator().
  static constexpr bool kLanes = std::is_floating_point_v<T>;
  static T identity() {
    if constexpr (Abs) return Max ? T(0) : std::numeric_limits<T>::infinity();
    if constexpr (std::is_floating_point_v<T>)
      return Max ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::infinity();
    else if constexpr (std::is_same_v<T, bool>)
      return !Max;
    else
      return Max ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max();
  }
  T operator()(T a, T b) const {
    if constexpr (Abs) b = std::abs(b);
    // `|`, not `||`: a short circuit is a branch per element, mispredicted on random data.
    if constexpr (std::is_floating_point_v<T>)
      return (bool(Max ? b > a : b < a) | bool(b != b)) ? b : a;
    else
      return (Max ? b > a : b < a) ? b : a;
  }
  // Vector form: prep (the abs) on each loaded vector, then join(a, b) == operator()(a, b).
  template <typename V>
  V prep(V b) const {
    if constexpr (Abs) {
      using VI = typename NativeVec<T>::bits;
      b = (V)((VI)b & std::numeric_limits<typename NativeVec<T>::bit>::max());  // std::abs: sign bit off
    }
    return b;
  }
  template <typename V>
  void join_numbers(V& a, const V& b) const {  // join when neither holds a NaN: max/min
    a = (Max ? b > a : b < a) ? b : a;
  }
  template <typename V>
  void join(V& a, const V& b) const {
    a = ((Max ? b > a : b < a) | (b != b)) ? b : a;
  }
};

void fold_reduce_kernel(ReducePlan& p, FoldKind kind) {
  const DType t = p.input.dtype();
  switch (kind) {
    case FoldKind::Prod:
      if (t == DType::Float32) return run_reduce(p, FoldReducer<float, ProdOp<float>>{});
      if (t == DType::Float64) return run_reduce(p, FoldReducer<double, ProdOp<double>>{});
      if (t == DType::Int64) return run_reduce(p, FoldReducer<int64_t, ProdOp<int64_t>>{});
      break;
    case FoldKind::AbsMax:
      if (t == DType::Float32) return run_reduce(p, FoldReducer<float, MinMaxOp<float, true, true>>{});
      if (t == DType::Float64) return run_reduce(p, FoldReducer<double, MinMaxOp<double, true, true>>{});
      break;
    case FoldKind::AbsMin:
      if (t == DType::Float32) return run_reduce(p, FoldReducer<float, MinMaxOp<float, false, true>>{});
      if (t == DType::Float64) return run_reduce(p, FoldReducer<double, MinMaxOp<double, false, true>>{});
      break;
    case FoldKind::Max:
    case FoldKind::Min: {
      bool is_max = kind == FoldKind::Max;
      bool done = false;
      TS_DISPATCH_ALL(t, is_max ? "max" : "min", {
        if constexpr (!std::is_same_v<scalar_t, Half> && !std::is_same_v<scalar_t, BFloat16>) {
          if (is_max) run_reduce(p, FoldReducer<scalar_t, MinMaxOp<scalar_t, true, false>>{});
          else run_reduce(p, FoldReducer<scalar_t, MinMaxOp<scalar_t, false, false>>{});
          done = true;
        }
      });
      if (done) return;
      break;
    }
  }
  TS_ERROR("reduction not implemented for '", dtype_name(t), "'");
}

// ---- Arg-reductions: the first extreme value (the first NaN, if any) and its index. ----

template <typename T, bool Max>
struct ArgBetter {
  // Whether (b, bi) replaces (a, ai).
  static bool better(T b, int64_t bi, T a, int64_t ai) {
    if constexpr (std::is_floating_point_v<T>) {
      if (b != b) return a == a || bi < ai;
      if (a != a) return false;
    }
    if (Max ? b > a : b < a) return true;
    return b == a && bi < ai;
  }
  // Sequential scan: a later element replaces the best only when strictly better.
  static bool replaces(T x, T best) {
    if constexpr (std::is_floating_point_v<T>) {
      if (x != x) return best == best;
    }
    return Max ? x > best : x < best;
  }
};

template <typename T, bool Max>
void arg_row(const T* p, int64_t st, int64_t i0, int64_t i1, T& bv, int64_t& bi) {
  using B = ArgBetter<T, Max>;
  if (st == 1 && i1 - i0 >= 64) {
    // Contiguous: the extreme value by the vectorized fold, then its first position.
    T m = FoldReducer<T, MinMaxOp<T, Max, false>>{}.row(p + i0, i1 - i0, T());
    int64_t i = i0;
    if (is_nan(m)) {
      while (!is_nan(p[i])) ++i;
    } else {
      while (p[i] != m) ++i;
    }
    bv = m;
    bi = i;
    return;
  }
  T v = p[i0 * st];
  int64_t idx = i0;
  for (int64_t i = i0 + 1; i < i1; ++i) {
    T x = p[i * st];
    if (B::replaces(x, v)) {
      v = x;
      idx = i;
    }
  }
  bv = v;
  bi = idx;
}

template <typename T, bool Max>
void arg_reduce(const ReducePlan& p) {
  using B = ArgBetter<T, Max>;
  const T* in = reinterpret_cast<const T*>(p.in);
  T* vals = reinterpret_cast<T*>(p.out);
  int64_t* idxs = reinterpret_cast<int64_t*>(p.out2);
  const int64_t N = p.num_outputs, R = p.reduce_size, st = p.red_strides[0];
  const int nt = max_threads();
  const bool parallel = nt > 1 && N * R >= kGrainSize;
  auto write = [&](int64_t off, T v, int64_t i) {
    if (vals) vals[off] = v;
    if (idxs) idxs[off] = i;
  };
  if (N == 1 && parallel) {
    Buffer<T> pv(nt);
    std::vector<int64_t> pi(static_cast<size_t>(nt));
#pragma omp parallel num_threads(nt)
    {
      const int t = omp_get_thread_num();
      const int64_t b = R * t / nt, e = R * (t + 1) / nt;
      if (b < e) arg_row<T, Max>(in, st, b, e, pv[t], pi[t]);
      else pi[t] = -1;
    }
    T v = pv[0];
    int64_t i = pi[0];
    for (int t = 1; t < nt; ++t)
      if (pi[t] >= 0 && B::better(pv[t], pi[t], v, i)) {
        v = pv[t];
        i = pi[t];
      }
    write(0, v, i);
    return;
  }
  const bool col = p.is_col() && !(p.is_row() && st == 1 && R > 1);
  if (!col) {
    auto range = [&](int64_t o0, int64_t o1) {
      OutWalker w(p, o0);
      for (int64_t o = o0; o < o1; ++o, w.next()) {
        T v;
        int64_t i;
        arg_row<T, Max>(in + w.in_off, st, 0, R, v, i);
        write(w.out_off, v, i);
      }
    };
    if (!parallel) return range(0, N);
#pragma omp parallel num_threads(nt)
    {
      const int64_t per = (N + nt - 1) / nt, o0 = omp_get_thread_num() * per;
      if (o0 < N) range(o0, std::min(N, o0 + per));
    }
    return;
  }
  // Column shape: keep the best value and index of a block of columns while walking rows.
  const int64_t W0 = p.out_sizes[0], H = N / W0, Bw = std::min<int64_t>(W0, 256);
  const int64_t nb = (W0 + Bw - 1) / Bw, items = H * nb, ost = p.out_strides[0];
  auto range = [&](int64_t i0, int64_t i1) {
    Buffer<T> bv(Bw);
    std::vector<int64_t> bi(static_cast<size_t>(Bw));
    for (int64_t item = i0; item < i1; ++item) {
      const int64_t h = item / nb, j0 = (item % nb) * Bw, w = std::min(Bw, W0 - j0);
      int64_t in_off, out_off;
      p.offsets(h * W0 + j0, in_off, out_off);
      const T* base = in + in_off;
      for (int64_t j = 0; j < w; ++j) {
        bv[j] = base[j];
        bi[j] = 0;
      }
      for (int64_t r = 1; r < R; ++r) {
        const T* row = base + r * st;
        for (int64_t j = 0; j < w; ++j) {
          bool m = B::replaces(row[j], bv[j]);
          bv[j] = m ? row[j] : bv[j];
          bi[j] = m ? r : bi[j];
        }
      }
      for (int64_t j = 0; j < w; ++j) write(out_off + j * ost, bv[j], bi[j]);
    }
  };
  if (!parallel) return range(0, items);
#pragma omp parallel num_threads(nt)
  {
    const int64_t per = (items + nt - 1) / nt, i0 = omp_get_thread_num() * per;
    if (i0 < items) range(i0, std::min(items, i0 + per));
  }
}

void arg_reduce_kernel(ReducePlan& p, bool is_max) {
  TS_DISPATCH_ALL(p.input.dtype(), is_max ? "argmax" : "argmin", {
    if constexpr (std::is_same_v<scalar_t, Half> || std::is_same_v<scalar_t, BFloat16>) {
      TS_ERROR("arg-reduction on '", dtype_name(p.input.dtype()), "' needs a float copy");
    } else {
      if (is_max) arg_reduce<scalar_t, true>(p);
      else arg_reduce<scalar_t, false>(p);
    }
  });
}

}  // namespace

TS_REGISTER_KERNEL(fold_reduce_stub, CPU, &fold_reduce_kernel);
TS_REGISTER_KERNEL(arg_reduce_stub, CPU, &arg_reduce_kernel);

}  // namespace ts::kernels
