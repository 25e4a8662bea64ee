// Binary arithmetic: add, sub, mul, div and the Python operators on tensors.
#pragma once

#include <optional>
#include <string>

#include "tensor/tensor.h"

namespace ts {

Tensor add(const Tensor& self, const Tensor& other, const Scalar& alpha = 1);
Tensor add_(const Tensor& self, const Tensor& other, const Scalar& alpha = 1);
Tensor add_out(const Tensor& self, const Tensor& other, const Scalar& alpha, const Tensor& out);
Tensor sub(const Tensor& self, const Tensor& other, const Scalar& alpha = 1);
Tensor sub_(const Tensor& self, const Tensor& other, const Scalar& alpha = 1);
Tensor sub_out(const Tensor& self, const Tensor& other, const Scalar& alpha, const Tensor& out);
Tensor mul(const Tensor& self, const Tensor& other);
Tensor mul_(const Tensor& self, const Tensor& other);
Tensor mul_out(const Tensor& self, const Tensor& other, const Tensor& out);
// rounding_mode: none (true division), "trunc" or "floor".
Tensor div(const Tensor& self, const Tensor& other,
           std::optional<std::string> rounding_mode = std::nullopt);
Tensor div_(const Tensor& self, const Tensor& other,
            std::optional<std::string> rounding_mode = std::nullopt);
Tensor div_out(const Tensor& self, const Tensor& other, std::optional<std::string> rounding_mode,
               const Tensor& out);

inline Tensor operator+(const Tensor& a, const Tensor& b) { return add(a, b); }
inline Tensor operator-(const Tensor& a, const Tensor& b) { return sub(a, b); }
inline Tensor operator*(const Tensor& a, const Tensor& b) { return mul(a, b); }
inline Tensor operator/(const Tensor& a, const Tensor& b) { return div(a, b); }
inline Tensor operator+(const Tensor& a, const Scalar& b) { return add(a, scalar_to_tensor(b)); }
inline Tensor operator-(const Tensor& a, const Scalar& b) { return sub(a, scalar_to_tensor(b)); }
inline Tensor operator*(const Tensor& a, const Scalar& b) { return mul(a, scalar_to_tensor(b)); }
inline Tensor operator/(const Tensor& a, const Scalar& b) { return div(a, scalar_to_tensor(b)); }
inline Tensor operator+(const Scalar& a, const Tensor& b) { return add(b, scalar_to_tensor(a)); }
inline Tensor operator*(const Scalar& a, const Tensor& b) { return mul(b, scalar_to_tensor(a)); }
inline Tensor operator-(const Scalar& a, const Tensor& b) { return sub(scalar_to_tensor(a), b); }
inline Tensor operator/(const Scalar& a, const Tensor& b) { return div(scalar_to_tensor(a), b); }
Tensor neg(const Tensor& self);  // api_unary.h
inline Tensor operator-(const Tensor& a) { return neg(a); }

}  // namespace ts
