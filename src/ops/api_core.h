// Copies, conversions and fills: the ops everything else builds on.
#pragma once

#include "tensor/tensor.h"

namespace ts {

Tensor copy_(const Tensor& self, const Tensor& src, bool non_blocking = false);
Tensor to_dtype(const Tensor& self, DType dtype, bool non_blocking = false, bool copy = false);
Tensor contiguous(const Tensor& self);
Tensor clone(const Tensor& self);
Tensor fill_(const Tensor& self, const Scalar& value);
Tensor zero_(const Tensor& self);
Tensor empty_like(const Tensor& self, std::optional<DType> dtype = std::nullopt);

}  // namespace ts
