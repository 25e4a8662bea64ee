// Reading golden samples into op arguments and comparing op results with PyTorch's.
// The golden format is described in tests/ops/README.md.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "ops/ivalue.h"

namespace ts::conform {

using Json = nlohmann::json;

// Relative and absolute tolerance for one floating dtype.
struct Tol {
  double rtol = 0, atol = 0;
};
// torch.testing's defaults for `dtype`, overridden by a sample's "tol" object
// ({"float32": [rtol, atol]} or {"*": [rtol, atol]}; null for none).
Tol tolerance_for(DType dtype, const Json* sample_tol);

// A sample argument as an IValue: tensors are rebuilt with the exact storage, sizes, strides
// and offset PyTorch had; {"float": hex} is a Python float, {"dtype": name} a torch.dtype.
IValue decode_value(const Json& j);

// Compares `actual` with the encoded PyTorch result. `self` is the sample's first argument
// (for "shares_self" checks on views). Returns an empty string when they match, else the
// first difference in words.
std::string compare_value(const IValue& actual, const Json& expected, const Tensor& self,
                          const Json* sample_tol, const std::string& path = "result");

// "1.5 (0x1.8p+0)": a float printed for diff lines.
std::string describe_float(double v);

}  // namespace ts::conform
