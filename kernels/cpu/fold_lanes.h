// Vectorized lane loop of the float max/min folds (fold_reduce.cpp's FoldReducer with MinMaxOp):
// K lanes, lane k folding elements k, k + K, k + 2K, ... in order, held in native GCC vectors.
#pragma once

#include <cstdint>
#include <cstring>

#include "tensor/cpu_capability.h"

namespace ts::kernels::inline TS_CPU_NS {

// GCC vectors of the target's widest native width: wider ones are split element by element.
#ifdef __AVX__
inline constexpr int kVecBytes = 32;
#else
inline constexpr int kVecBytes = 16;
#endif
template <typename T>
struct NativeVec;
template <>
struct NativeVec<float> {
  typedef float type __attribute__((vector_size(kVecBytes)));
  typedef int32_t bits __attribute__((vector_size(kVecBytes)));
  using bit = int32_t;
};
template <>
struct NativeVec<double> {
  typedef double type __attribute__((vector_size(kVecBytes)));
  typedef int64_t bits __attribute__((vector_size(kVecBytes)));
  using bit = int64_t;
};

// Folds the whole K-blocks of p[0, n) into lanes[0, K) and returns the number of elements
// consumed. GCC keeps the scalar lane loop with its NaN checks as branches; the vector form is
// compare, or, blend. The op is associative (the max, first of equals, or else the last NaN),
// so four blocks combine among themselves before joining the lane: the same result, with a
// quarter of the dependent steps. A first pass assumes no NaN (a plain max/min instruction)
// and notes any NaN off the dependent path; a row with a NaN is folded again with the
// NaN-propagating join. Op supplies prep (the abs, if any), join_numbers and join.
template <int K, typename T, typename Op>
int64_t fold_lanes(const T* p, int64_t n, T* lanes, const Op& op) {
  using V = typename NativeVec<T>::type;
  using VI = typename NativeVec<T>::bits;
  constexpr int NV = int(K * sizeof(T) / sizeof(V)), W = int(sizeof(V) / sizeof(T));
  static_assert(NV * sizeof(V) == K * sizeof(T));
  V acc[NV];
  int64_t i = 0;
  auto load = [&](int64_t at) {
    V v;
    std::memcpy(&v, p + at, sizeof(V));
    return op.prep(v);
  };
  auto fold = [&](auto join, auto note) {
    std::memcpy(acc, lanes, sizeof(acc));
    for (i = 0; i + 4 * K <= n; i += 4 * K)
      for (int j = 0; j < NV; ++j) {
        V b0 = load(i + j * W), b1 = load(i + K + j * W);
        V b2 = load(i + 2 * K + j * W), b3 = load(i + 3 * K + j * W);
        note(b0, b1);
        note(b2, b3);
        join(b0, b1);
        join(b2, b3);
        join(b0, b2);
        join(acc[j], b0);
      }
    for (; i + K <= n; i += K)
      for (int j = 0; j < NV; ++j) {
        V b = load(i + j * W);
        note(b, b);
        join(acc[j], b);
      }
  };
  VI nan = {};
  fold([&](V& x, const V& y) { op.join_numbers(x, y); },
       [&](const V& x, const V& y) { nan |= (x != x) | (y != y); });
  bool any_nan = false;
  for (int k = 0; k < W; ++k) any_nan |= nan[k] != 0;
  if (any_nan) fold([&](V& x, const V& y) { op.join(x, y); }, [](const V&, const V&) {});
  std::memcpy(lanes, acc, sizeof(acc));
  return i;
}

}  // namespace ts::kernels
