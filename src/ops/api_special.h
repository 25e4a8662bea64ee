// Special pointwise ops (special.cpp): heaviside, nextafter, i0, polygamma and the bit shifts
// (bitwise_left_shift/right_shift and the operator forms __lshift__/__rshift__).
#pragma once

#include "tensor/tensor.h"

namespace ts {

// heaviside: values where self == 0, else (self > 0); both must have the same dtype.
Tensor heaviside(const Tensor& self, const Tensor& values);
Tensor heaviside_(const Tensor& self, const Tensor& values);
Tensor heaviside_out(const Tensor& self, const Tensor& values, const Tensor& out);
Tensor nextafter(const Tensor& self, const Tensor& other);
Tensor nextafter_(const Tensor& self, const Tensor& other);
Tensor nextafter_out(const Tensor& self, const Tensor& other, const Tensor& out);

// Integer inputs compute in the default float dtype.
Tensor i0(const Tensor& self);
Tensor i0_(const Tensor& self);
Tensor i0_out(const Tensor& self, const Tensor& out);
Tensor special_i1(const Tensor& self);
Tensor special_i1_out(const Tensor& self, const Tensor& out);
// The n-th derivative of digamma (n >= 0).
Tensor polygamma(int64_t n, const Tensor& self);
Tensor polygamma_(const Tensor& self, int64_t n);
Tensor polygamma_out(int64_t n, const Tensor& self, const Tensor& out);

// Integer shifts with type promotion; the count wraps at the shifted width.
Tensor bitwise_left_shift(const Tensor& self, const Tensor& other);
Tensor bitwise_left_shift(const Tensor& self, const Scalar& other);
Tensor bitwise_left_shift(const Scalar& self, const Tensor& other);
Tensor bitwise_left_shift_(const Tensor& self, const Tensor& other);
Tensor bitwise_left_shift_(const Tensor& self, const Scalar& other);
Tensor bitwise_left_shift_out(const Tensor& self, const Tensor& other, const Tensor& out);
Tensor bitwise_left_shift_out(const Tensor& self, const Scalar& other, const Tensor& out);
Tensor bitwise_left_shift_out(const Scalar& self, const Tensor& other, const Tensor& out);
Tensor bitwise_right_shift(const Tensor& self, const Tensor& other);
Tensor bitwise_right_shift(const Tensor& self, const Scalar& other);
Tensor bitwise_right_shift(const Scalar& self, const Tensor& other);
Tensor bitwise_right_shift_(const Tensor& self, const Tensor& other);
Tensor bitwise_right_shift_(const Tensor& self, const Scalar& other);
Tensor bitwise_right_shift_out(const Tensor& self, const Tensor& other, const Tensor& out);
Tensor bitwise_right_shift_out(const Tensor& self, const Scalar& other, const Tensor& out);
Tensor bitwise_right_shift_out(const Scalar& self, const Tensor& other, const Tensor& out);

}  // namespace ts
