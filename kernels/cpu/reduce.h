// Building blocks for CPU reductions, usable by any kernel that sums a contiguous run
// (softmax, norms, losses): a vectorized cascade sum in PyTorch's order.
#pragma once

#include <type_traits>

#include <algorithm>
#include <cstdint>

#include "tensor/cpu_capability.h"

namespace ts::kernels::inline TS_CPU_NS {

// Items (rows, groups) added into one cascade level before it is flushed into the next, as
// PyTorch's multi_row_sum picks it for n items: 2^max(4, ceil(log2 n) / 4), where ceil(log2 n)
// is 1 for n <= 2 (its utils::CeilLog2).
inline int64_t cascade_level_step(int64_t n) {
  int64_t lg = 1;
  while (lg < 63 && (int64_t(1) << lg) < n) ++lg;
  return int64_t(1) << std::max<int64_t>(4, lg / 4);
}

// map(p[0]) + map(p[1]) + ..., one at a time.
template <typename In, typename Acc, typename Map>
inline Acc sequential_sum(const In* p, int64_t n, const Map& map) {
  Acc s = Acc(0);
  for (int64_t i = 0; i < n; ++i) s += map(p[i]);
  return s;
}

// W lanes of T as one GCC vector.
template <typename T, int W>
struct VecOf {
  typedef T type __attribute__((vector_size(W * sizeof(T))));
};

// PyTorch 1.13's multi_row_sum over `groups` groups of 4 * W consecutive items (lane k of a
// group goes to accumulator k): a 4-level cascade, level 0 taking cascade_level_step(groups)
// groups before it is flushed into level 1, level 1 flushed into level 2 every step^2 groups,
// and so on; res[k] = ((l0 + l1) + l2) + l3. The rounding error grows like 4 * step * eps
// instead of n * eps.
template <int W, typename In, typename Acc, typename Map>
__attribute__((always_inline)) inline void group_sums(const In* __restrict p, int64_t groups, const Map& map, Acc (&res)[4 * W]) {
  // One level: four GCC vectors as named members, so that they are registers (arrays of them,
  // or of 32 floats, were kept on the stack and zeroed there for every row).
  using V = typename VecOf<Acc, W>::type;
  struct Level {
    V v0{}, v1{}, v2{}, v3{};
    __attribute__((always_inline)) void operator+=(const Level& o) {
      v0 += o.v0;
      v1 += o.v1;
      v2 += o.v2;
      v3 += o.v3;
    }
  };
  // Forced inline: in libts GCC kept add_group out of line, with the levels in memory (2x slower).
  // (The vector is an out-parameter, not a return value: returning a 256-bit vector is an ABI
  // question for a target without AVX, which GCC warns about even for an inlined lambda.)
  auto add = [&](V& acc, int64_t at) __attribute__((always_inline)) {
    V v;
    for (int w = 0; w < W; ++w) v[w] = map(p[at + w]);
    acc += v;
  };
  auto add_group = [&](Level& l, int64_t g) __attribute__((always_inline)) {
    const int64_t at = g * 4 * W;
    add(l.v0, at);
    add(l.v1, at + W);
    add(l.v2, at + 2 * W);
    add(l.v3, at + 3 * W);
  };
  auto store = [&](const Level& l) {
    for (int w = 0; w < W; ++w) {
      res[w] = l.v0[w];
      res[W + w] = l.v1[w];
      res[2 * W + w] = l.v2[w];
      res[3 * W + w] = l.v3[w];
    }
  };
  const int64_t step = cascade_level_step(groups), power = __builtin_ctzll(uint64_t(step));
  int64_t i = 0;
  Level l0, l1;
  // Up to step^2 groups (rows up to 8192 floats while step is 16) never reach levels 2 and 3,
  // which would only add zeros (exact: a level is never -0): a loop with two levels.
  if (groups <= step * step) {
    while (i + step <= groups) {
      for (const int64_t e = i + step; i < e; ++i) add_group(l0, i);
      l1 += l0;
      l0 = Level{};
    }
    for (; i < groups; ++i) add_group(l0, i);
    l0 += l1;
    return store(l0);
  }
  Level l2, l3;
  const int64_t mask = step - 1;
  while (i + step <= groups) {
    for (const int64_t e = i + step; i < e; ++i) add_group(l0, i);
    l1 += l0;
    l0 = Level{};
    if ((i & (mask << power)) != 0) continue;
    l2 += l1;
    l1 = Level{};
    if ((i & (mask << (2 * power))) != 0) continue;
    l3 += l2;
    l2 = Level{};
  }
  for (; i < groups; ++i) add_group(l0, i);
  l0 += l1;
  l0 += l2;
  l0 += l3;
  store(l0);
}

// Sum of map(p[i]) for i < n in PyTorch 1.13's order for a contiguous row (SumKernel.cpp's
// vectorized_inner_sum / scalar_inner_sum with 256-bit vectors), so float sums match it bit
// for bit: W = 32 / sizeof(Acc) lanes per vector; groups of four vectors go through
// group_sums, leftover whole vectors are added to the first vector, the four vectors are
// added in order, and the lanes are added one by one onto the sum of the last n % W items.
// Rows shorter than one vector use groups of four scalars the same way.
template <typename In, typename Acc, typename Map>
inline Acc cascade_sum(const In* __restrict p, int64_t n, const Map& map) {
  if constexpr (std::is_integral_v<Acc> && std::is_signed_v<Acc>) {
    // Integer sums wrap on overflow, as PyTorch's do: add in the unsigned type, where
    // wrapping is defined, and convert back (modular since C++20).
    using U = std::make_unsigned_t<Acc>;
    return Acc(cascade_sum<In, U>(p, n, [&](In x) { return U(map(x)); }));
  }
  constexpr int W = int(32 / sizeof(Acc)) < 1 ? 1 : int(32 / sizeof(Acc));
  if (n < W) {
    Acc a[4];
    group_sums<1>(p, n / 4, map, a);
    for (int64_t i = n / 4 * 4; i < n; ++i) a[0] += map(p[i]);
    return ((a[0] + a[1]) + a[2]) + a[3];
  }
  const int64_t vecs = n / W, groups = vecs / 4;
  Acc a[4 * W];
  group_sums<W>(p, groups, map, a);
  for (int64_t v = groups * 4; v < vecs; ++v)
    for (int w = 0; w < W; ++w) a[w] += map(p[v * W + w]);
  Acc s = sequential_sum<In, Acc>(p + vecs * W, n - vecs * W, map);
  for (int w = 0; w < W; ++w) s += ((a[w] + a[W + w]) + a[2 * W + w]) + a[3 * W + w];
  return s;
}

}  // namespace ts::kernels
