// Helpers that turn a scalar lambda into a TensorIter inner loop, with a contiguous fast path
// the compiler vectorizes and a hoisted path for a broadcast (stride-0) input.
//   cpu_kernel(iter, [](float a, float b) { return a + b; });
// The lambda's parameter types must be the iterator's input dtypes, its return type the
// output dtype.
#pragma once

#include <tuple>
#include <type_traits>
#include <utility>

#include "tensor/iter.h"

namespace ts::kernels::inline TS_CPU_NS {

template <typename F>
struct LambdaTraits : LambdaTraits<decltype(&F::operator())> {};
template <typename C, typename R, typename... A>
struct LambdaTraits<R (C::*)(A...) const> {
  using Ret = R;
  using Args = std::tuple<A...>;
  static constexpr int arity = sizeof...(A);
};

namespace detail {

template <typename Args, size_t... I>
inline bool all_contiguous(const int64_t* strides, size_t out_size, std::index_sequence<I...>) {
  return strides[0] == int64_t(out_size) &&
         ((strides[I + 1] == int64_t(sizeof(std::tuple_element_t<I, Args>))) && ...);
}

template <typename Args, size_t... I>
inline auto load(char** data, const int64_t* strides, int64_t i, std::index_sequence<I...>) {
  return Args{*reinterpret_cast<std::tuple_element_t<I, Args>*>(data[I + 1] + i * strides[I + 1])...};
}

template <typename F, typename Args, size_t... I>
inline void contiguous_loop(F& op, char** data, int64_t n, std::index_sequence<I...>) {
  using R = typename LambdaTraits<F>::Ret;
  R* __restrict out = reinterpret_cast<R*>(data[0]);
  std::tuple<const std::tuple_element_t<I, Args>* __restrict...> in{
      reinterpret_cast<const std::tuple_element_t<I, Args>*>(data[I + 1])...};
  for (int64_t k = 0; k < n; ++k) out[k] = op(std::get<I>(in)[k]...);
}

// Input `S` is a broadcast scalar: load it once.
template <typename F, typename Args, size_t S, size_t... I>
inline void scalar_loop(F& op, char** data, int64_t n, std::index_sequence<I...>) {
  using R = typename LambdaTraits<F>::Ret;
  R* __restrict out = reinterpret_cast<R*>(data[0]);
  const auto sval = *reinterpret_cast<const std::tuple_element_t<S, Args>*>(data[S + 1]);
  std::tuple<const std::tuple_element_t<I, Args>* __restrict...> in{
      reinterpret_cast<const std::tuple_element_t<I, Args>*>(data[I + 1])...};
  for (int64_t k = 0; k < n; ++k) out[k] = op((I == S ? sval : std::get<I>(in)[k])...);
}

}  // namespace detail

template <typename F>
void cpu_kernel(TensorIter& iter, F op, int64_t grain = kGrainSize) {
  using Traits = LambdaTraits<F>;
  using Args = typename Traits::Args;
  using R = typename Traits::Ret;
  constexpr int N = Traits::arity;
  using Idx = std::make_index_sequence<N>;
  iter.for_each(
      [&](char** data, const int64_t* strides, int64_t n) {
        if (detail::all_contiguous<Args>(strides, sizeof(R), Idx{})) {
          detail::contiguous_loop<F, Args>(op, data, n, Idx{});
          return;
        }
        if constexpr (N == 2) {
          if (strides[0] == int64_t(sizeof(R)) &&
              strides[2] == int64_t(sizeof(std::tuple_element_t<1, Args>)) && strides[1] == 0) {
            detail::scalar_loop<F, Args, 0>(op, data, n, Idx{});
            return;
          }
          if (strides[0] == int64_t(sizeof(R)) &&
              strides[1] == int64_t(sizeof(std::tuple_element_t<0, Args>)) && strides[2] == 0) {
            detail::scalar_loop<F, Args, 1>(op, data, n, Idx{});
            return;
          }
        }
        for (int64_t k = 0; k < n; ++k) {
          auto args = detail::load<Args>(data, strides, k, Idx{});
          *reinterpret_cast<R*>(data[0] + k * strides[0]) = std::apply(op, args);
        }
      },
      grain);
}

// A loop with no output operand (the lambda's result is ignored); serial and in order.
template <typename F>
void cpu_serial_kernel(TensorIter& iter, F op) {
  using Traits = LambdaTraits<F>;
  using Args = typename Traits::Args;
  using R = typename Traits::Ret;
  using Idx = std::make_index_sequence<Traits::arity>;
  iter.serial_for_each(
      [&](char** data, const int64_t* strides, int64_t n) {
        for (int64_t k = 0; k < n; ++k) {
          auto args = detail::load<Args>(data, strides, k, Idx{});
          *reinterpret_cast<R*>(data[0] + k * strides[0]) = std::apply(op, args);
        }
      },
      0, iter.numel());
}

}  // namespace ts::kernels
