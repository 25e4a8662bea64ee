// Evaluation of the scalar `aten::` kinds (op null) with Python's semantics, shared by constant
// propagation and the runtime.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ops/ivalue.h"

namespace ts::ir {

// `kind` is "aten::add" or "add". Returns nullopt when the kind is not a scalar kind, the
// arguments do not fit, or Python would raise (division by zero, index out of range, int
// overflow a Python int would survive): the runtime reports those itself.
std::optional<IValue> eval_scalar(const std::string& kind, const std::vector<IValue>& in);

// Whether `kind` (with or without "aten::") is one of the scalar kinds eval_scalar knows.
bool is_scalar_kind(const std::string& kind);

// Python's repr of a float: "1.0", "0.1", "1e-05", "1e+16", "inf", "nan".
std::string float_repr(double d);

}  // namespace ts::ir
