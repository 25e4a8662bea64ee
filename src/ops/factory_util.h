// Helpers shared by the factory ops (creation.cpp, tensor_data.cpp); not part of the public API.
#pragma once

#include "tensor/tensor.h"

namespace ts::factory {

// PyTorch's c10::overflows<To>(from) for a Scalar: whether `v` does not fit dtype `t`
// (creation.cpp).
bool scalar_overflows(const Scalar& v, DType t);

// requires_grad=True is checked before anything is made (PyTorch's order of errors)...
inline void check_requires_grad(bool requires_grad, DType t) {
  if (!requires_grad) return;
  TS_CHECK(is_floating(t),
           "Only Tensors of floating point and complex dtype can require gradients");
}
// ...and set on the finished tensor, which becomes a leaf.
inline Tensor leaf(Tensor t, bool requires_grad) {
  if (requires_grad) t.requires_grad_(true);
  return t;
}

}  // namespace ts::factory
