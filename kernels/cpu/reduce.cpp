// CPU reductions over a ReducePlan (see tensor/reduce_iter.h): cascade sums (sum, mean, var,
// norms, logsumexp, counts), folds (prod, max, min) and arg-reductions (argmax, max.dim).
// Scans (cumsum, cumprod) are in scan.cpp.
// Each runs on the plan's row shape (one contiguous run per output) or column shape (the
// innermost output dim is contiguous; rows are added into a block of column accumulators),
// in parallel over outputs, or over pieces of the reduced range when there are few outputs
// (not for float sums: their column order is PyTorch's, which never splits rows).
#include <omp.h>

#include <cmath>
#include <limits>
#include <memory>
#include <type_traits>
#include <vector>

#include "kernels/cpu/fold_lanes.h"
#include "kernels/cpu/loops.h"
#include "kernels/cpu/reduce.h"
#include "stubs/reduce.h"
#include "tensor/reduce_iter.h"

namespace ts::kernels {
namespace {

template <typename T>
constexpr bool kIsFloat = std::is_floating_point_v<T> || std::is_same_v<T, Half> ||
                          std::is_same_v<T, BFloat16>;

template <typename T>
inline bool is_nan(T x) {
  if constexpr (kIsFloat<T>) {
    float f = float(x);
    return f != f;
  } else {
    return false;
  }
}

template <typename T>
inline bool nonzero(T x) {
  if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) {
    return float(x) != 0.0f;
  } else {
    return x != T(0);
  }
}

// A scratch array (std::vector<bool> has no data()).
template <typename T>
struct Buffer {
  std::unique_ptr<T[]> p;
  explicit Buffer(int64_t n) : p(new T[size_t(n)]) {}
  T* data() { return p.get(); }
  T& operator[](int64_t i) { return p[size_t(i)]; }
};

int max_threads() { return omp_in_parallel() ? 1 : omp_get_max_threads(); }

// Column-block width: accumulators for a block stay in L1.
template <typename Acc>
constexpr int64_t kColBlock = int64_t(1024 / sizeof(Acc));

// Walks outputs o, o + 1, ... of a plan in plan order, tracking their offsets.
struct OutWalker {
  const ReducePlan& p;
  DimVector idx;
  int64_t in_off = 0, out_off = 0;
  OutWalker(const ReducePlan& plan, int64_t o) : p(plan), idx(plan.out_sizes.size(), 0) {
    for (size_t k = 0; k < idx.size(); ++k) {
      idx[k] = o % p.out_sizes[k];
      o /= p.out_sizes[k];
      in_off += idx[k] * p.out_in_strides[k];
      out_off += idx[k] * p.out_strides[k];
    }
  }
  void next() {
    for (size_t k = 0; k < idx.size(); ++k) {
      in_off += p.out_in_strides[k];
      out_off += p.out_strides[k];
      if (++idx[k] < p.out_sizes[k]) return;
      in_off -= idx[k] * p.out_in_strides[k];
      out_off -= idx[k] * p.out_strides[k];
      idx[k] = 0;
    }
  }
};

// Calls f(input offset) for the reduced rows r0 <= r < r1 of a column-shaped plan.
template <typename F>
inline void for_rows(const ReducePlan& p, int64_t r0, int64_t r1, F&& f) {
  const size_t nd = p.red_sizes.size();
  if (nd == 1) {
    const int64_t st = p.red_strides[0];
    for (int64_t r = r0; r < r1; ++r) f(r * st);
    return;
  }
  DimVector idx(nd);
  int64_t off = 0, rem = r0;
  for (size_t k = 0; k < nd; ++k) {
    idx[k] = rem % p.red_sizes[k];
    rem /= p.red_sizes[k];
    off += idx[k] * p.red_strides[k];
  }
  for (int64_t r = r0; r < r1; ++r) {
    f(off);
    for (size_t k = 0; k < nd; ++k) {
      off += p.red_strides[k];
      if (++idx[k] < p.red_sizes[k]) break;
      off -= idx[k] * p.red_strides[k];
      idx[k] = 0;
    }
  }
}

// ---- Reducers: how one output is computed from a row, or a block of columns. ----

// Column sums follow PyTorch 1.13's CPU vertical sum (AVX2) bit for bit. For one run of W
// contiguous columns, the first `cascade_cols(W)` columns are summed by a 4-level cascade per
// column (multi_row_sum: level 0 takes `step` rows, then flushes into level 1, which flushes
// into level 2 every step^2 rows, ...; result ((l0 + l1) + l2) + l3). The other columns (fewer
// than four vectors' worth) use row_sum: row r goes to partial r % 4, each partial a cascade
// over R / 4 row groups; the last R % 4 rows are added to partial 0, then p0 + p1 + p2 + p3.
template <typename In, typename Acc, typename Out, typename Map, typename Proj>
struct SumReducer {
  using in_t = In;
  using acc_t = Acc;
  using out_t = Out;
  static constexpr bool kSplitRows = !std::is_floating_point_v<Acc>;  // exact sums only
  Map map;
  Proj proj;
  // Norms and var/std: PyTorch reduces these one element at a time (its generic reduce loop or
  // Welford, not the sum kernel's cascade); rows under 64 floats (32 doubles) do the same here,
  // so short rows match it exactly.
  bool elementwise_short = false;

  // Columns of a run of W that PyTorch sums with the per-column cascade: whole groups of four
  // 256-bit vectors, or of four scalars when W is narrower than one vector.
  static constexpr int kVec = int(32 / sizeof(Acc)) < 1 ? 1 : int(32 / sizeof(Acc));
  static int64_t cascade_cols(int64_t W) {
    return W >= kVec ? W / (4 * kVec) * (4 * kVec) : W / 4 * 4;
  }
  // Scratch for a block of w columns (at most 16 accumulators per column in the tail).
  static int64_t scratch_size(int64_t B, int64_t tail) { return std::max(4 * B, 16 * tail); }

  Acc combine(Acc a, Acc b) const { return a + b; }
  Acc row(const In* p, int64_t n, Acc c) const {
    auto m = [&](In x) { return map(x, c); };
    if (elementwise_short && n < int64_t(256 / sizeof(Acc))) return sequential_sum<In, Acc>(p, n, m);
    return cascade_sum<In, Acc>(p, n, m);
  }
  // Sums rows r0 <= r < r1 of w columns (WC > 0: w == WC, known at compile time):
  // a[l * K * w + m * w + j] is level l of partial m of column j; row r0 + i goes to partial
  // i % K, and K divides r1 - r0.
  template <int K, int WC>
  void cascade(const ReducePlan& pl, const In* base, int64_t w_, int64_t r0, int64_t r1,
               const Acc* __restrict c, Acc* __restrict a) const {
    const int64_t w = WC ? WC : w_, lw = K * w;
    Acc* __restrict a0 = a;
    Acc* __restrict a1 = a0 + lw;
    Acc* __restrict a2 = a1 + lw;
    Acc* __restrict a3 = a2 + lw;
    for (int64_t j = 0; j < 4 * lw; ++j) a[j] = Acc(0);
    const int64_t step = cascade_level_step((r1 - r0) / K);
    auto add_rows = [&](int64_t ra, int64_t rb) {
      if (pl.red_sizes.size() == 1) {
        const int64_t st = pl.red_strides[0];
        for (int64_t r = ra; r < rb; r += K)
          for (int k = 0; k < K; ++k) {
            const In* __restrict row = base + (r + k) * st;
            Acc* __restrict p = a0 + k * w;
            for (int64_t j = 0; j < w; ++j) p[j] += map(row[j], c[j]);
          }
        return;
      }
      int64_t k = 0;
      for_rows(pl, ra, rb, [&](int64_t off) {
        const In* __restrict row = base + off;
        Acc* __restrict p = a0 + k * w;
        for (int64_t j = 0; j < w; ++j) p[j] += map(row[j], c[j]);
        k = k + 1 == K ? 0 : k + 1;
      });
    };
    auto flush = [lw](Acc* __restrict from, Acc* __restrict to) {
      for (int64_t j = 0; j < lw; ++j) {
        to[j] += from[j];
        from[j] = Acc(0);
      }
    };
    int64_t r = r0, c2 = 0, c3 = 0;
    for (; r + step * K <= r1; r += step * K) {
      add_rows(r, r + step * K);
      flush(a0, a1);
      if (++c2 < step) continue;
      c2 = 0;
      flush(a1, a2);
      if (++c3 < step) continue;
      c3 = 0;
      flush(a2, a3);
    }
    add_rows(r, r1);
    for (int64_t j = 0; j < lw; ++j) a0[j] = ((a0[j] + a1[j]) + a2[j]) + a3[j];
  }
  // The cascade of WC columns with its accumulators in locals (registers), as PyTorch keeps them.
  template <int WC>
  void cascade_regs(const ReducePlan& pl, const In* base, int64_t r0, int64_t r1,
                    const Acc* __restrict c, Acc* __restrict res) const {
    Acc l0[WC] = {}, l1[WC] = {}, l2[WC] = {}, l3[WC] = {}, cc[WC];
    for (int j = 0; j < WC; ++j) cc[j] = c[j];
    const int64_t step = cascade_level_step(r1 - r0);
    const bool one = pl.red_sizes.size() == 1;
    const int64_t st = pl.red_strides[0];
    auto add_rows = [&](int64_t ra, int64_t rb) {
      if (one) {
        for (int64_t r = ra; r < rb; ++r) {
          const In* __restrict row = base + r * st;
          for (int j = 0; j < WC; ++j) l0[j] += map(row[j], cc[j]);
        }
      } else {
        for_rows(pl, ra, rb, [&](int64_t off) {
          for (int j = 0; j < WC; ++j) l0[j] += map(base[off + j], cc[j]);
        });
      }
    };
    int64_t r = r0, c2 = 0, c3 = 0;
    for (; r + step <= r1; r += step) {
      add_rows(r, r + step);
      for (int j = 0; j < WC; ++j) l1[j] += l0[j], l0[j] = Acc(0);
      if (++c2 < step) continue;
      c2 = 0;
      for (int j = 0; j < WC; ++j) l2[j] += l1[j], l1[j] = Acc(0);
      if (++c3 < step) continue;
      c3 = 0;
      for (int j = 0; j < WC; ++j) l3[j] += l2[j], l2[j] = Acc(0);
    }
    add_rows(r, r1);
    for (int j = 0; j < WC; ++j) res[j] = ((l0[j] + l1[j]) + l2[j]) + l3[j];
  }
  template <int WC>
  void interleaved(const ReducePlan& pl, const In* base, int64_t w_, int64_t r0, int64_t r1,
                   const Acc* __restrict c, Acc* __restrict res, Acc* __restrict p) const {
    const int64_t w = WC ? WC : w_, r4 = r0 + (r1 - r0) / 4 * 4;
    cascade<4, WC>(pl, base, w, r0, r4, c, p);
    for_rows(pl, r4, r1, [&](int64_t off) {
      const In* __restrict row = base + off;
      for (int64_t j = 0; j < w; ++j) p[j] += map(row[j], c[j]);
    });
    for (int64_t j = 0; j < w; ++j) res[j] = ((p[j] + p[w + j]) + p[2 * w + j]) + p[3 * w + j];
  }
  // Column sums of w columns over rows r0 <= r < r1; `tail` picks PyTorch's row_sum order.
  // Narrow blocks get a compile-time width: their per-row loops are too short otherwise.
  void col(const ReducePlan& pl, const In* base, int64_t w, int64_t r0, int64_t r1, bool tail,
           const Acc* __restrict c, Acc* __restrict res, Acc* scratch) const {
    if (!tail) {
      // Wide blocks stream whole rows instead (strided 128-byte reads are slower there).
      if (w % (4 * kVec) == 0 && w <= 128) {
        for (int64_t j = 0; j < w; j += 4 * kVec)
          cascade_regs<4 * kVec>(pl, base + j, r0, r1, c + j, res + j);
        return;
      }
      if (w == 4) cascade<1, 4>(pl, base, w, r0, r1, c, scratch);
      else cascade<1, 0>(pl, base, w, r0, r1, c, scratch);
      for (int64_t j = 0; j < w; ++j) res[j] = scratch[j];
      return;
    }
    switch (w) {
      case 1: return interleaved<1>(pl, base, w, r0, r1, c, res, scratch);
      case 2: return interleaved<2>(pl, base, w, r0, r1, c, res, scratch);
      case 3: return interleaved<3>(pl, base, w, r0, r1, c, res, scratch);
      case 4: return interleaved<4>(pl, base, w, r0, r1, c, res, scratch);
      case 8: return interleaved<8>(pl, base, w, r0, r1, c, res, scratch);
      default: return interleaved<0>(pl, base, w, r0, r1, c, res, scratch);
    }
  }
  Out project(Acc s, Acc c) const { return proj(s, c); }
};

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

// Runs a reducer over every output of the plan.
template <typename R>
void run_reduce(const ReducePlan& p, const R& red) {
  using In = typename R::in_t;
  using Acc = typename R::acc_t;
  using Out = typename R::out_t;
  const In* in = reinterpret_cast<const In*>(p.in);
  Out* out = reinterpret_cast<Out*>(p.out);
  const Acc* cen = reinterpret_cast<const Acc*>(p.center);
  const int64_t N = p.num_outputs, R_ = p.reduce_size;
  if (N == 0) return;
  const int nt = max_threads();
  const bool parallel = nt > 1 && N * std::max<int64_t>(R_, 1) >= kGrainSize;

  if (p.is_row() && (R_ > 1 || !p.is_col())) {
    auto one = [&](const OutWalker& w) {
      Acc c = cen ? cen[w.out_off] : Acc(0);
      out[w.out_off] = red.project(red.row(in + w.in_off, R_, c), c);
    };
    if (!parallel) {
      OutWalker w(p, 0);
      for (int64_t o = 0; o < N; ++o, w.next()) one(w);
      return;
    }
    if (N >= 4 * nt || R_ < kGrainSize) {
#pragma omp parallel num_threads(nt)
      {
        const int64_t per = (N + nt - 1) / nt;
        const int64_t o0 = omp_get_thread_num() * per, o1 = std::min(N, o0 + per);
        if (o0 < o1) {
          OutWalker w(p, o0);
          for (int64_t o = o0; o < o1; ++o, w.next()) one(w);
        }
      }
      return;
    }
    // Few long rows: each thread reduces its piece of every row; pieces combine in order.
    Buffer<Acc> part(N * nt);
    std::vector<int64_t> in_offs(static_cast<size_t>(N)), out_offs(static_cast<size_t>(N));
    OutWalker w(p, 0);
    for (int64_t o = 0; o < N; ++o, w.next()) {
      in_offs[o] = w.in_off;
      out_offs[o] = w.out_off;
    }
#pragma omp parallel num_threads(nt)
    {
      const int t = omp_get_thread_num();
      const int64_t b = R_ * t / nt, e = R_ * (t + 1) / nt;
      for (int64_t o = 0; o < N; ++o) {
        Acc c = cen ? cen[out_offs[o]] : Acc(0);
        part[o * nt + t] = red.row(in + in_offs[o] + b, e - b, c);
      }
    }
    for (int64_t o = 0; o < N; ++o) {
      Acc s = part[o * nt];
      for (int t = 1; t < nt; ++t) s = red.combine(s, part[o * nt + t]);
      Acc c = cen ? cen[out_offs[o]] : Acc(0);
      out[out_offs[o]] = red.project(s, c);
    }
    return;
  }

  // Column shape: outputs are items of (outer index, block of columns). Of each run of W0
  // columns the first `nc` go in blocks of up to kColBlock, the rest (a reducer-defined tail,
  // see SumReducer) in one item of its own.
  const int64_t W0 = p.out_sizes[0], H = N / W0;
  const int64_t nc = R::cascade_cols(W0), tw = W0 - nc;
  const int64_t Bb = std::min<int64_t>(nc, kColBlock<Acc>);
  const int64_t nbb = Bb ? (nc + Bb - 1) / Bb : 0, nb = nbb + (tw > 0 ? 1 : 0);
  const int64_t B = std::max(Bb, tw), items = H * nb;
  const int64_t ost = p.out_strides[0], nscratch = R::scratch_size(B, tw);
  // Loads the centers of an item and returns its width, offsets and whether it is the tail.
  auto setup = [&](int64_t item, Acc* cbuf, int64_t& in_off, int64_t& out_off, bool& tail) {
    const int64_t h = item / nb, q = item % nb;
    tail = q >= nbb;
    const int64_t j0 = tail ? nc : q * Bb, w = tail ? tw : std::min(Bb, nc - j0);
    p.offsets(h * W0 + j0, in_off, out_off);
    for (int64_t j = 0; j < w; ++j) cbuf[j] = cen ? cen[out_off + j * ost] : Acc(0);
    return w;
  };
  auto run_items = [&](int64_t i0, int64_t i1) {
    Buffer<Acc> buf(2 * B + nscratch);
    Acc *res = buf.data(), *cbuf = res + B, *scratch = cbuf + B;
    for (int64_t item = i0; item < i1; ++item) {
      int64_t in_off, out_off;
      bool tail;
      const int64_t w = setup(item, cbuf, in_off, out_off, tail);
      red.col(p, in + in_off, w, 0, R_, tail, cbuf, res, scratch);
      for (int64_t j = 0; j < w; ++j) out[out_off + j * ost] = red.project(res[j], cbuf[j]);
    }
  };
  if (!parallel) {
    run_items(0, items);
  } else if (items >= nt || R_ < 4 * nt || !R::kSplitRows) {
    // Float sums split only the columns, as PyTorch does, so results do not depend on threads.
#pragma omp parallel num_threads(nt)
    {
      const int64_t per = (items + nt - 1) / nt;
      const int64_t i0 = omp_get_thread_num() * per;
      if (i0 < items) run_items(i0, std::min(items, i0 + per));
    }
  } else {
    // Fewer column blocks than threads: split the rows; partial results combine in order.
    Buffer<Acc> part(nt * items * B);
#pragma omp parallel num_threads(nt)
    {
      const int t = omp_get_thread_num();
      const int64_t r0 = R_ * t / nt, r1 = R_ * (t + 1) / nt;
      Buffer<Acc> buf(B + nscratch);
      Acc *cbuf = buf.data(), *scratch = cbuf + B;
      for (int64_t item = 0; item < items; ++item) {
        int64_t in_off, out_off;
        bool tail;
        const int64_t w = setup(item, cbuf, in_off, out_off, tail);
        red.col(p, in + in_off, w, r0, r1, tail, cbuf, &part[size_t((t * items + item) * B)],
                scratch);
      }
    }
    Buffer<Acc> cbuf(B);
    for (int64_t item = 0; item < items; ++item) {
      int64_t in_off, out_off;
      bool tail;
      const int64_t w = setup(item, cbuf.data(), in_off, out_off, tail);
      for (int64_t j = 0; j < w; ++j) {
        Acc s = part[size_t(item * B + j)];
        for (int t = 1; t < nt; ++t) s = red.combine(s, part[size_t((t * items + item) * B + j)]);
        out[out_off + j * ost] = red.project(s, cbuf[j]);
      }
    }
  }
}

// ---- Sum-shaped reductions. ----

template <typename In, typename Acc, typename Out, typename Map, typename Proj>
void run_sum(const ReducePlan& p, Map map, Proj proj, bool elementwise_short = false) {
  run_reduce(p, SumReducer<In, Acc, Out, Map, Proj>{map, proj, elementwise_short});
}

template <typename Acc>
inline Acc finite_or_zero(Acc c) {
  return std::isinf(c) ? Acc(0) : c;
}

// Float sums: In is float, double or int64 (already converted), Acc = Out.
template <typename In, typename Acc>
void sum_kind(const ReducePlan& p, SumKind kind, const ReduceArgs& a) {
  const Acc div = Acc(a.divisor);
  auto id = [](In x, Acc) { return Acc(x); };
  auto keep = [](Acc s, Acc) { return s; };
  switch (kind) {
    case SumKind::Sum:
      return run_sum<In, Acc, Acc>(p, id, keep);
    case SumKind::NanSum:
      return run_sum<In, Acc, Acc>(p, [](In x, Acc) { return is_nan(x) ? Acc(0) : Acc(x); }, keep);
    default:
      break;
  }
  if constexpr (std::is_floating_point_v<Acc>) {
    switch (kind) {
      case SumKind::Mean:
        return run_sum<In, Acc, Acc>(p, id, [div](Acc s, Acc) { return s / div; });
      case SumKind::NanMean:
        return run_sum<In, Acc, Acc>(p, [](In x, Acc) { return is_nan(x) ? Acc(0) : Acc(x); },
                                     [](Acc s, Acc c) { return s / c; });
      case SumKind::Var:
        return run_sum<In, Acc, Acc>(p, [](In x, Acc c) { Acc d = Acc(x) - c; return d * d; },
                                     [div](Acc s, Acc) { return s / div; }, true);
      case SumKind::Std:
        return run_sum<In, Acc, Acc>(p, [](In x, Acc c) { Acc d = Acc(x) - c; return d * d; },
                                     [div](Acc s, Acc) { return std::sqrt(s / div); }, true);
      case SumKind::Norm0:
        return run_sum<In, Acc, Acc>(p, [](In x, Acc) { return x != In(0) ? Acc(1) : Acc(0); }, keep, true);
      case SumKind::Norm1:
        return run_sum<In, Acc, Acc>(p, [](In x, Acc) { return std::abs(Acc(x)); }, keep, true);
      case SumKind::Norm2:
        return run_sum<In, Acc, Acc>(p, [](In x, Acc) { return Acc(x) * Acc(x); },
                                     [](Acc s, Acc) { return std::sqrt(s); }, true);
      case SumKind::NormP: {
        const Acc pw = Acc(a.p), inv = Acc(1.0 / a.p);
        return run_sum<In, Acc, Acc>(p, [pw](In x, Acc) { return std::pow(std::abs(Acc(x)), pw); },
                                     [inv](Acc s, Acc) { return std::pow(s, inv); }, true);
      }
      case SumKind::LogSumExp:
        return run_sum<In, Acc, Acc>(
            p, [](In x, Acc c) { return std::exp(Acc(x) - finite_or_zero(c)); },
            [](Acc s, Acc c) { return std::log(s) + finite_or_zero(c); });
      default:
        break;
    }
  }
  TS_ERROR("reduction kind ", int(kind), " not implemented for '", dtype_name(p.input.dtype()), "'");
}

// Counts of nonzero / non-NaN values from any input dtype, as int64 or as all/any flags.
template <typename In>
void count_kind(const ReducePlan& p, SumKind kind) {
  const int64_t n = p.reduce_size;
  auto nz = [](In x, int64_t) { return int64_t(nonzero(x)); };
  auto keep = [](int64_t s, int64_t) { return s; };
  if (kind == SumKind::CountNonZero) return run_sum<In, int64_t, int64_t>(p, nz, keep);
  if (kind == SumKind::CountNonNan)
    return run_sum<In, int64_t, int64_t>(p, [](In x, int64_t) { return int64_t(!is_nan(x)); }, keep);
  const bool all = kind == SumKind::All;
  auto flag = [&](auto tag) {
    using Out = typename decltype(tag)::type;
    run_sum<In, int64_t, Out>(p, nz, [all, n](int64_t s, int64_t) { return Out(all ? s == n : s > 0); });
  };
  if (p.out_dtype == DType::UInt8) flag(TypeTag<uint8_t>{});
  else flag(TypeTag<bool>{});
}

void sum_reduce_kernel(ReducePlan& p, SumKind kind, const ReduceArgs& a) {
  const DType in = p.input.dtype(), out = p.out_dtype;
  if (kind == SumKind::CountNonZero || kind == SumKind::CountNonNan || kind == SumKind::All ||
      kind == SumKind::Any) {
    TS_DISPATCH_ALL(in, "count", { count_kind<scalar_t>(p, kind); });
    return;
  }
  if (in == DType::Float32 && out == DType::Float32) return sum_kind<float, float>(p, kind, a);
  if (in == DType::Float32 && out == DType::Float64) return sum_kind<float, double>(p, kind, a);
  if (in == DType::Float64 && out == DType::Float64) return sum_kind<double, double>(p, kind, a);
  if (in == DType::Int64 && out == DType::Int64 && kind == SumKind::Sum) {
    // Integer sums wrap on overflow as PyTorch's do: accumulate unsigned (defined wrapping).
    return run_sum<int64_t, uint64_t, int64_t>(
        p, [](int64_t x, uint64_t) { return uint64_t(x); },
        [](uint64_t s, uint64_t) { return int64_t(s); });
  }
  if (in == DType::Int64 && out == DType::Int64) return sum_kind<int64_t, int64_t>(p, kind, a);
  TS_ERROR("sum reduction from '", dtype_name(in), "' to '", dtype_name(out), "' has no CPU kernel");
}

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

TS_REGISTER_KERNEL(sum_reduce_stub, CPU, &sum_reduce_kernel);
TS_REGISTER_KERNEL(fold_reduce_stub, CPU, &fold_reduce_kernel);
TS_REGISTER_KERNEL(arg_reduce_stub, CPU, &arg_reduce_kernel);

}  // namespace ts::kernels
