// Factory functions: zeros, ones, full, arange, linspace, logspace, eye, the *_like and new_*
// families, and `tensor` from nested data. ts::empty and ts::empty_strided are in tensor.h.
// TensorOptions: a missing dtype means the default (float32) or the one PyTorch infers;
// requires_grad=true is refused until autograd exists.
#pragma once

#include <initializer_list>
#include <optional>
#include <type_traits>
#include <vector>

#include "ops/ivalue.h"
#include "tensor/tensor.h"

namespace ts {

Tensor zeros(IntArrayRef size, TensorOptions opts = {});
Tensor ones(IntArrayRef size, TensorOptions opts = {});
// Without a dtype, the fill value picks it: bool -> bool, int -> int64, float -> default.
Tensor full(IntArrayRef size, const Scalar& fill_value, TensorOptions opts = {});
// A 0-dim tensor (default dtype unless given), not a wrapped number.
Tensor scalar_tensor(const Scalar& s, TensorOptions opts = {});

// int64 when start, end and step are all integral (or bool), else the default dtype.
// The length is ceil((end - start) / step) computed in double, as PyTorch does.
Tensor arange(const Scalar& end, TensorOptions opts = {});
Tensor arange(const Scalar& start, const Scalar& end, const Scalar& step = 1,
              TensorOptions opts = {});
Tensor arange_out(const Scalar& start, const Scalar& end, const Scalar& step, const Tensor& out);
// Default dtype unless given (even for integer endpoints).
Tensor linspace(const Scalar& start, const Scalar& end, int64_t steps, TensorOptions opts = {});
Tensor linspace_out(const Scalar& start, const Scalar& end, int64_t steps, const Tensor& out);
Tensor logspace(const Scalar& start, const Scalar& end, int64_t steps, double base = 10.0,
                TensorOptions opts = {});
Tensor logspace_out(const Scalar& start, const Scalar& end, int64_t steps, double base,
                    const Tensor& out);
Tensor eye(int64_t n, TensorOptions opts = {});
Tensor eye(int64_t n, int64_t m, TensorOptions opts = {});

// Same shape (and the memory order of dense inputs), dtype and device as `self` unless given.
Tensor zeros_like(const Tensor& self, std::optional<DType> dtype = std::nullopt);
Tensor ones_like(const Tensor& self, std::optional<DType> dtype = std::nullopt);
Tensor full_like(const Tensor& self, const Scalar& fill_value,
                 std::optional<DType> dtype = std::nullopt);
// New tensors with self's dtype and device unless given.
Tensor new_empty(const Tensor& self, IntArrayRef size, std::optional<DType> dtype = std::nullopt);
Tensor new_zeros(const Tensor& self, IntArrayRef size, std::optional<DType> dtype = std::nullopt);
Tensor new_ones(const Tensor& self, IntArrayRef size, std::optional<DType> dtype = std::nullopt);
Tensor new_full(const Tensor& self, IntArrayRef size, const Scalar& fill_value,
                std::optional<DType> dtype = std::nullopt);

// PyTorch's checked Scalar conversion: a value outside `t`'s range is an error ("value cannot
// be converted to type uint8_t without overflow"); negative ints wrap into unsigned types.
void check_scalar_fits(const Scalar& v, DType t);

// Nested numbers for ts::tensor: tensor({{1, 2}, {3, 4}}), tensor({1.5, 2.0}), tensor(3).
class TensorData {
 public:
  template <typename T, std::enable_if_t<std::is_arithmetic_v<T>, int> = 0>
  TensorData(T v)  // NOLINT: implicit, like a Python literal
      : value_(make(v)) {}
  TensorData(std::initializer_list<TensorData> items);  // NOLINT
  const IValue& value() const { return value_; }

 private:
  template <typename T>
  static IValue make(T v) {
    if constexpr (std::is_same_v<T, bool>) {
      return IValue(v);
    } else if constexpr (std::is_integral_v<T>) {
      return IValue(int64_t(v));
    } else {
      return IValue(double(v));
    }
  }
  IValue value_;
};

// torch.tensor: dtype inferred like PyTorch (bool < int64 < default float across all elements;
// an empty list is the default dtype); ragged lists are a ValueError.
Tensor tensor(const TensorData& data, TensorOptions opts = {});
// The same from a (nested) list or number IValue, as the boxed aten::tensor receives it.
Tensor tensor_from_ivalue(const IValue& data, std::optional<DType> dtype = std::nullopt,
                          std::optional<Device> device = std::nullopt, bool requires_grad = false);

}  // namespace ts
