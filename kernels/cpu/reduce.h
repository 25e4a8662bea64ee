// Building blocks for CPU reductions, usable by any kernel that sums a contiguous run
// (softmax, norms, losses): a vectorized cascade sum with the precision of PyTorch's.
#pragma once

#include <type_traits>

#include <algorithm>
#include <cstdint>

namespace ts::kernels {

// Lanes of independent accumulators: four 256-bit registers' worth.
template <typename Acc>
inline constexpr int kSumLanes = int(128 / sizeof(Acc)) < 8 ? 8 : int(128 / sizeof(Acc));

// Items added into one cascade level before it is flushed into the next. Four levels of
// `step` items cover n (step^4 >= n), so each partial sum adds at most `step` terms and the
// rounding error grows like 4 * step * eps instead of n * eps.
inline int64_t cascade_step(int64_t n) {
  int64_t lg = 0;
  while ((int64_t(1) << lg) < n) ++lg;
  return int64_t(1) << std::max<int64_t>(4, (lg + 3) / 4);
}

// Sum of map(p[i]) for i < n, accumulated in Acc with a 4-level cascade over vector lanes.
template <typename In, typename Acc, typename Map>
inline Acc cascade_sum(const In* __restrict p, int64_t n, const Map& map) {
  if constexpr (std::is_integral_v<Acc> && std::is_signed_v<Acc>) {
    // Integer sums wrap on overflow, as PyTorch's do: add in the unsigned type, where
    // wrapping is defined, and convert back (modular since C++20).
    using U = std::make_unsigned_t<Acc>;
    return Acc(cascade_sum<In, U>(p, n, [&](In x) { return U(map(x)); }));
  }
  constexpr int K = kSumLanes<Acc>;
  if (n < 2 * K) {
    Acc s = Acc(0);
    for (int64_t i = 0; i < n; ++i) s += map(p[i]);
    return s;
  }
  Acc a0[K] = {}, a1[K] = {}, a2[K] = {}, a3[K] = {};
  const int64_t chunks = n / K;
  const int64_t step = cascade_step(chunks);
  int64_t i = 0, c1 = 0, c2 = 0;
  for (int64_t b = 0; b + step <= chunks; b += step) {
    for (int64_t s = 0; s < step; ++s, i += K) {
      const In* q = p + i;
      for (int k = 0; k < K; ++k) a0[k] += map(q[k]);
    }
    for (int k = 0; k < K; ++k) {
      a1[k] += a0[k];
      a0[k] = Acc(0);
    }
    if (++c1 == step) {
      c1 = 0;
      for (int k = 0; k < K; ++k) {
        a2[k] += a1[k];
        a1[k] = Acc(0);
      }
      if (++c2 == step) {
        c2 = 0;
        for (int k = 0; k < K; ++k) {
          a3[k] += a2[k];
          a2[k] = Acc(0);
        }
      }
    }
  }
  for (; i + K <= n; i += K)
    for (int k = 0; k < K; ++k) a0[k] += map(p[i + k]);
  for (int k = 0; i < n; ++i, ++k) a0[k] += map(p[i]);
  for (int k = 0; k < K; ++k) a0[k] = a3[k] + (a2[k] + (a1[k] + a0[k]));
  for (int w = K / 2; w > 0; w /= 2)
    for (int k = 0; k < w; ++k) a0[k] += a0[k + w];
  return a0[0];
}

}  // namespace ts::kernels
