// Turns a typed C++ op function into a boxed one that takes its arguments from a Stack of
// IValues (already bound to the schema: all positions present, defaults filled).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "ops/ivalue.h"

namespace ts::ops {

using BoxedFn = std::function<void(Stack&)>;

namespace detail {

template <typename T>
struct Arg;  // Arg<T>::Holder converts an IValue and keeps it alive for the call.

template <typename T>
struct Simple {
  using Holder = T;
};

template <>
struct Arg<Tensor> : Simple<Tensor> {
  static Tensor from(const IValue& v) { return v.is_none() ? Tensor() : v.to_tensor(); }
};
template <>
struct Arg<Scalar> : Simple<Scalar> {
  static Scalar from(const IValue& v) { return v.to_scalar(); }
};
template <>
struct Arg<int64_t> : Simple<int64_t> {
  static int64_t from(const IValue& v) { return v.is_bool() ? int64_t(v.to_bool()) : v.to_int(); }
};
template <>
struct Arg<double> : Simple<double> {
  static double from(const IValue& v) { return v.to_double(); }
};
template <>
struct Arg<bool> : Simple<bool> {
  static bool from(const IValue& v) { return v.to_bool(); }
};
template <>
struct Arg<DType> : Simple<DType> {
  static DType from(const IValue& v) { return v.to_dtype(); }
};
template <>
struct Arg<Device> : Simple<Device> {
  static Device from(const IValue& v) { return v.to_device(); }
};
template <>
struct Arg<std::string> : Simple<std::string> {
  static std::string from(const IValue& v) { return v.to_string(); }
};
template <>
struct Arg<std::string_view> {
  using Holder = std::string;
  static std::string from(const IValue& v) { return v.to_string(); }
};
template <>
struct Arg<IValue> : Simple<IValue> {  // a schema's `Any`: the op reads the value itself
  static IValue from(const IValue& v) { return v; }
};
template <>
struct Arg<IntArrayRef> {
  using Holder = DimVector;
  static DimVector from(const IValue& v) { return DimVector(v.to_int_list()); }
};
template <>
struct Arg<std::vector<int64_t>> : Simple<std::vector<int64_t>> {
  static std::vector<int64_t> from(const IValue& v) { return v.to_int_list(); }
};
template <>
struct Arg<std::vector<double>> : Simple<std::vector<double>> {
  static std::vector<double> from(const IValue& v) { return v.to_double_list(); }
};
template <>
struct Arg<std::vector<Tensor>> : Simple<std::vector<Tensor>> {
  static std::vector<Tensor> from(const IValue& v) { return v.to_tensor_list(); }
};
template <>
struct Arg<Generator*> : Simple<Generator*> {
  static Generator* from(const IValue& v) { return generator_of(v); }
};
template <>
struct Arg<std::optional<IntArrayRef>> {
  using Holder = std::optional<DimVector>;
  static Holder from(const IValue& v) {
    if (v.is_none()) return std::nullopt;
    return DimVector(v.to_int_list());
  }
};
template <typename T>
struct Arg<std::optional<T>> {
  using Holder = std::optional<typename Arg<T>::Holder>;
  static Holder from(const IValue& v) {
    if (v.is_none()) return std::nullopt;
    return Arg<T>::from(v);
  }
};

template <typename T>
decltype(auto) unwrap(T& h) {
  return (h);
}
inline IntArrayRef unwrap(DimVector& h) { return IntArrayRef(h); }
inline std::optional<IntArrayRef> unwrap(std::optional<DimVector>& h) {
  if (!h) return std::nullopt;
  return IntArrayRef(*h);
}

template <typename R>
void push_result(Stack& s, R&& r) {
  using D = std::decay_t<R>;
  if constexpr (std::is_same_v<D, IValue>) {
    s.push_back(std::forward<R>(r));
  } else if constexpr (std::is_same_v<D, std::vector<int64_t>>) {
    s.emplace_back(IntArrayRef(r));
  } else if constexpr (std::is_same_v<D, DimVector>) {
    s.emplace_back(IntArrayRef(r));
  } else {
    s.emplace_back(std::forward<R>(r));
  }
}

template <typename... Ts>
void push_result(Stack& s, std::tuple<Ts...>&& t) {
  std::apply([&](auto&&... xs) { (push_result(s, std::move(xs)), ...); }, std::move(t));
}

template <typename F>
struct FnTraits;
template <typename R, typename... A>
struct FnTraits<R (*)(A...)> {
  using Ret = R;
  using Args = std::tuple<std::decay_t<A>...>;
};

template <auto F, typename R, typename... A, size_t... I>
void call_boxed(Stack& s, std::tuple<A...>*, std::index_sequence<I...>) {
  TS_INTERNAL_ASSERT(s.size() == sizeof...(A), "boxed call with ", s.size(), " arguments for ",
                     sizeof...(A), " parameters");
  std::tuple<typename Arg<A>::Holder...> holders{Arg<A>::from(s[I])...};
  s.clear();
  if constexpr (std::is_void_v<R>) {
    F(unwrap(std::get<I>(holders))...);
  } else {
    push_result(s, F(unwrap(std::get<I>(holders))...));
  }
}

}  // namespace detail

template <auto F>
BoxedFn make_boxed() {
  using Traits = detail::FnTraits<decltype(F)>;
  using Args = typename Traits::Args;
  return [](Stack& s) {
    detail::call_boxed<F, typename Traits::Ret>(
        s, static_cast<Args*>(nullptr), std::make_index_sequence<std::tuple_size_v<Args>>());
  };
}

}  // namespace ts::ops
