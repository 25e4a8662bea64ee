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

// Ts ints are 64-bit (lang/README.md, differences from Python): an int result that does not fit
// raises OverflowError "integer overflow: A op B does not fit in 64 bits" (`op` is "+", "//",
// "<<"...). The unary form spells the expression itself ("-A", "abs(A)").
[[noreturn]] __attribute__((cold)) void int_overflow(const char* op, int64_t a, int64_t b);
[[noreturn]] __attribute__((cold)) void int_overflow_unary(const char* op, int64_t a);
// int(d) for a float with Python's errors: ValueError for NaN, OverflowError for infinities
// and for finite values outside the 64-bit range.
int64_t float_to_int(double d);

}  // namespace ts::runtime
