// Internal to src/runtime: the scalar-kind operators (aten::add, aten::eq, ...) on boxed values
// whose static types did not pick a kernel: numbers, sequences, and values typed Any that hold
// tensors at run time.
#pragma once

#include <string>
#include <vector>

#include "runtime/interp.h"

namespace ts::runtime {

// Python's result of operator `kind` on `in`, or its TypeError / ZeroDivisionError / IndexError.
IValue scalar_op(Interp& I, const std::string& kind, const std::vector<IValue>& in);
// The error Python raises when no implementation took the operands.
[[noreturn]] void scalar_error(const std::string& kind, const std::vector<IValue>& in);

}  // namespace ts::runtime
