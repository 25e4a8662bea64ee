// Helpers of the binary and ternary pointwise ops' files (pointwise.cpp, pow.cpp,
// pointwise_ternary.cpp, special.cpp): running a stub over a two-input iterator, the overload
// signatures, numbers as wrapped tensors, and the result type of a pair.
#pragma once

#include "ops/api_core.h"
#include "tensor/iter.h"

namespace ts::pointwise {

using Stub = DispatchStub<void(TensorIter&)>;
using IterMaker = TensorIter (*)(const Tensor&, const Tensor&, const Tensor&);

inline Tensor run(const Stub& stub, IterMaker make, const Tensor& out, const Tensor& a, const Tensor& b) {
  auto it = make(out, a, b);
  stub(it.device().type, it);
  return it.output();
}

// The C++ signatures of a binary op's overloads (Tensor/Scalar operands, with out=), for picking
// one with static_cast in a registration: r.def<static_cast<TS>(&pow)>(...).
namespace sig {
using TT = Tensor (*)(const Tensor&, const Tensor&);
using TS = Tensor (*)(const Tensor&, const Scalar&);
using ST = Tensor (*)(const Scalar&, const Tensor&);
using TTO = Tensor (*)(const Tensor&, const Tensor&, const Tensor&);
using TSO = Tensor (*)(const Tensor&, const Scalar&, const Tensor&);
using STO = Tensor (*)(const Scalar&, const Tensor&, const Tensor&);
}  // namespace sig

inline Tensor wrap(const Scalar& s) { return scalar_to_tensor(s); }

inline DType result_type2(const Tensor& a, const Tensor& b) {
  Tensor both[2] = {a, b};
  return result_type(util::ArrayRef<Tensor>(both, 2));
}

}  // namespace ts::pointwise
