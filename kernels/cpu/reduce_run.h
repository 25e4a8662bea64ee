// The machinery shared by the CPU reduction kernels (reduce.cpp: sums; fold_reduce.cpp: folds
// and arg-reductions): walking a ReducePlan's outputs and reduced rows, and run_reduce, which
// runs a reducer over every output, in parallel over outputs or over pieces of the reduced range.
#pragma once

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <type_traits>
#include <vector>

#include "kernels/cpu/loops.h"
#include "tensor/reduce_iter.h"

namespace ts::kernels::inline TS_CPU_NS::reduce_detail {

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

inline int max_threads() { return omp_in_parallel() ? 1 : omp_get_max_threads(); }

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

}  // namespace ts::kernels::reduce_detail
