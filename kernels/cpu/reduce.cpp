// CPU sum-shaped reductions over a ReducePlan (see tensor/reduce_iter.h): cascade sums (sum,
// mean, var, norms, logsumexp, counts). Folds (prod, max, min) and arg-reductions (argmax,
// max.dim) are in fold_reduce.cpp, the machinery both run on in reduce_run.h, scans (cumsum,
// cumprod) in scan.cpp.
// Each runs on the plan's row shape (one contiguous run per output) or column shape (the
// innermost output dim is contiguous; rows are added into a block of column accumulators),
// in parallel over outputs, or over pieces of the reduced range when there are few outputs
// (not for float sums: their column order is PyTorch's, which never splits rows).
#include <cmath>
#include <type_traits>

#include "kernels/cpu/loops.h"
#include "kernels/cpu/reduce.h"
#include "kernels/cpu/reduce_run.h"
#include "stubs/reduce.h"
#include "tensor/reduce_iter.h"

namespace ts::kernels::inline TS_CPU_NS {
namespace {

using namespace reduce_detail;

// ---- The sum reducer: how one output is computed from a row, or a block of columns. ----

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

}  // namespace

TS_REGISTER_KERNEL(sum_reduce_stub, CPU, &sum_reduce_kernel);

}  // namespace ts::kernels
