// Binary and ternary pointwise ops: pow, comparisons, where, masked_fill, remainder, bitwise
// and logical ops, lerp, addcmul/addcdiv, isclose, ... (add/sub/mul/div are in api_binary.h).
// Numbers passed as `Scalar` take part in type promotion as wrapped numbers, as in PyTorch.
#pragma once

#include "tensor/tensor.h"

namespace ts {


// X(self, other), X_(self, other), X_out(self, other, out).
#define TS_BINARY_API_DECL(n, Other)                       \
  Tensor n(const Tensor& self, const Other& other);        \
  Tensor n##_(const Tensor& self, const Other& other);     \
  Tensor n##_out(const Tensor& self, const Other& other, const Tensor& out);

// The rows of stubs/binary_ops.def: atan2, hypot, logaddexp, logaddexp2, fmax and fmin
// (NaN-ignoring max/min), logical_and/or/xor.
#define TS_BINARY_API_pair(n)                                \
  Tensor n(const Tensor& self, const Tensor& other);         \
  Tensor n##_out(const Tensor& self, const Tensor& other, const Tensor& out);
#define TS_BINARY_API_trio(n) \
  TS_BINARY_API_pair(n)       \
  Tensor n##_(const Tensor& self, const Tensor& other);
#define TS_BINARY_OP(n, rule, variants, ...) TS_BINARY_API_##variants(n)
#define TS_BINARY_OP_NO_GRAD(n, rule, variants) TS_BINARY_API_##variants(n)
#include "stubs/binary_ops.def"
#undef TS_BINARY_API_pair
#undef TS_BINARY_API_trio

// ---- pow ----
TS_BINARY_API_DECL(pow, Tensor)
TS_BINARY_API_DECL(pow, Scalar)
Tensor pow(const Scalar& self, const Tensor& exponent);
Tensor pow_out(const Scalar& self, const Tensor& exponent, const Tensor& out);
// pow computed in float64.
TS_BINARY_API_DECL(float_power, Tensor)
TS_BINARY_API_DECL(float_power, Scalar)
Tensor float_power(const Scalar& self, const Tensor& exponent);
Tensor float_power_out(const Scalar& self, const Tensor& exponent, const Tensor& out);

// ---- comparisons (bool result; X_ writes 0/1 in self's dtype) ----
#define TS_CMP_API_DECL(n) TS_BINARY_API_DECL(n, Tensor) TS_BINARY_API_DECL(n, Scalar)
TS_CMP_API_DECL(eq)
TS_CMP_API_DECL(ne)
TS_CMP_API_DECL(lt)
TS_CMP_API_DECL(le)
TS_CMP_API_DECL(gt)
TS_CMP_API_DECL(ge)
#undef TS_CMP_API_DECL

// ---- maximum/minimum (propagate NaN; fmax/fmin, which ignore it, are table rows above) ----
Tensor maximum(const Tensor& self, const Tensor& other);
Tensor maximum_out(const Tensor& self, const Tensor& other, const Tensor& out);
Tensor minimum(const Tensor& self, const Tensor& other);
Tensor minimum_out(const Tensor& self, const Tensor& other, const Tensor& out);

// ---- division family ----
// Python's %: the result has the divisor's sign. Integer division by zero is an error.
TS_BINARY_API_DECL(remainder, Tensor)
TS_BINARY_API_DECL(remainder, Scalar)
Tensor remainder(const Scalar& self, const Tensor& other);
Tensor remainder_out(const Scalar& self, const Tensor& other, const Tensor& out);
// C's fmod: the result has the dividend's sign.
TS_BINARY_API_DECL(fmod, Tensor)
TS_BINARY_API_DECL(fmod, Scalar)
TS_BINARY_API_DECL(floor_divide, Tensor)
TS_BINARY_API_DECL(floor_divide, Scalar)
TS_BINARY_API_DECL(true_divide, Tensor)
TS_BINARY_API_DECL(true_divide, Scalar)
// other - alpha * self
Tensor rsub(const Tensor& self, const Tensor& other, const Scalar& alpha = 1);
Tensor rsub(const Tensor& self, const Scalar& other, const Scalar& alpha = 1);
Tensor rsub_out(const Tensor& self, const Tensor& other, const Scalar& alpha, const Tensor& out);
Tensor rsub_out(const Tensor& self, const Scalar& other, const Scalar& alpha, const Tensor& out);

// ---- bitwise (integer and bool dtypes) ----
#define TS_BITWISE_API_DECL(n)                                       \
  TS_BINARY_API_DECL(n, Tensor)                                      \
  TS_BINARY_API_DECL(n, Scalar)                                      \
  Tensor n(const Scalar& self, const Tensor& other);                 \
  Tensor n##_out(const Scalar& self, const Tensor& other, const Tensor& out);
TS_BITWISE_API_DECL(bitwise_and)
TS_BITWISE_API_DECL(bitwise_or)
TS_BITWISE_API_DECL(bitwise_xor)
#undef TS_BITWISE_API_DECL

// ---- float binary math ----
TS_BINARY_API_DECL(copysign, Tensor)
TS_BINARY_API_DECL(copysign, Scalar)
// self * log(other), 0 where self == 0 (unless other is NaN).
TS_BINARY_API_DECL(xlogy, Tensor)
TS_BINARY_API_DECL(xlogy, Scalar)
Tensor xlogy(const Scalar& self, const Tensor& other);
Tensor xlogy_out(const Scalar& self, const Tensor& other, const Tensor& out);
#undef TS_BINARY_API_DECL

// ---- ternary ----
// condition ? self : other (condition: bool; uint8 is accepted as PyTorch still does).
Tensor where(const Tensor& condition, const Tensor& self, const Tensor& other);
Tensor where(const Tensor& condition, const Tensor& self, const Scalar& other);
Tensor where(const Tensor& condition, const Scalar& self, const Tensor& other);
Tensor where(const Tensor& condition, const Scalar& self, const Scalar& other);
Tensor where_out(const Tensor& condition, const Tensor& self, const Tensor& other, const Tensor& out);

// Writes `value` where `mask` is true. The result keeps self's dtype.
Tensor masked_fill(const Tensor& self, const Tensor& mask, const Scalar& value);
Tensor masked_fill(const Tensor& self, const Tensor& mask, const Tensor& value);
Tensor masked_fill_(const Tensor& self, const Tensor& mask, const Scalar& value);
Tensor masked_fill_(const Tensor& self, const Tensor& mask, const Tensor& value);
Tensor masked_fill_out(const Tensor& self, const Tensor& mask, const Scalar& value, const Tensor& out);
Tensor masked_fill_out(const Tensor& self, const Tensor& mask, const Tensor& value, const Tensor& out);

// self + weight * (end - self) (floating dtypes; end and weight must have self's dtype).
Tensor lerp(const Tensor& self, const Tensor& end, const Scalar& weight);
Tensor lerp(const Tensor& self, const Tensor& end, const Tensor& weight);
Tensor lerp_(const Tensor& self, const Tensor& end, const Scalar& weight);
Tensor lerp_(const Tensor& self, const Tensor& end, const Tensor& weight);
Tensor lerp_out(const Tensor& self, const Tensor& end, const Scalar& weight, const Tensor& out);
Tensor lerp_out(const Tensor& self, const Tensor& end, const Tensor& weight, const Tensor& out);

// self + value * tensor1 * tensor2, self + value * tensor1 / tensor2.
Tensor addcmul(const Tensor& self, const Tensor& tensor1, const Tensor& tensor2, const Scalar& value = 1);
Tensor addcmul_(const Tensor& self, const Tensor& tensor1, const Tensor& tensor2, const Scalar& value = 1);
Tensor addcmul_out(const Tensor& self, const Tensor& tensor1, const Tensor& tensor2,
                   const Scalar& value, const Tensor& out);
Tensor addcdiv(const Tensor& self, const Tensor& tensor1, const Tensor& tensor2, const Scalar& value = 1);
Tensor addcdiv_(const Tensor& self, const Tensor& tensor1, const Tensor& tensor2, const Scalar& value = 1);
Tensor addcdiv_out(const Tensor& self, const Tensor& tensor1, const Tensor& tensor2,
                   const Scalar& value, const Tensor& out);

// |self - other| <= atol + rtol * |other| (exact equality for integer and bool dtypes).
Tensor isclose(const Tensor& self, const Tensor& other, double rtol = 1e-05, double atol = 1e-08,
               bool equal_nan = false);
bool allclose(const Tensor& self, const Tensor& other, double rtol = 1e-05, double atol = 1e-08,
              bool equal_nan = false);
// Same sizes and equal elements.
bool equal(const Tensor& self, const Tensor& other);

}  // namespace ts
