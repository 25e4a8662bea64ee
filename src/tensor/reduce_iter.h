// ReducePlan: the geometry of one reduction, seen as [output dims] x [reduced dims] with
// element strides, innermost first and coalesced. Kernels handle two shapes of it:
//   row: each output reduces one contiguous run of memory (x.sum(-1) on a contiguous x),
//   col: the innermost output dim is contiguous and reduced dims lie outside it (x.sum(0)),
// so the plan copies any other input into an order where the reduced dims are innermost.
// Outputs are contiguous tensors in the keepdim=True shape (PyTorch's reductions return
// contiguous results), so every output shares one set of strides.
#pragma once

#include <cstdint>

#include "tensor/tensor.h"

namespace ts {

// A set of dims (bit d = dim d); tensors have at most 64 dims.
using DimMask = uint64_t;

struct ReducePlan {
  // Output dims (size > 1), innermost first: size, input stride, output stride (elements).
  DimVector out_sizes, out_in_strides, out_strides;
  // Reduced dims (size > 1), innermost first: size, input stride (elements). Never empty: a
  // reduction over size-1 dims gets one dim of size 1.
  DimVector red_sizes, red_strides;
  int64_t num_outputs = 1;
  int64_t reduce_size = 1;
  Tensor input;  // what the kernel reads (a reordered copy of the op's input when needed)
  DType out_dtype = DType::Float32;  // the kernel's output (and center) dtype

  // Filled by the op before calling the kernel.
  const char* in = nullptr;
  char* out = nullptr;           // first output (values)
  char* out2 = nullptr;          // second output (indices of max.dim, ...)
  const char* center = nullptr;  // per-output values with the outputs' strides (var: the mean)

  bool is_row() const { return red_sizes.size() == 1 && (red_strides[0] == 1 || red_sizes[0] == 1); }
  bool is_col() const { return !out_sizes.empty() && out_in_strides[0] == 1; }
  // Element offsets of output `o` (in plan order) in the input and the outputs.
  void offsets(int64_t o, int64_t& in_off, int64_t& out_off) const;
};

// What a sum-shaped reduction adds up and how each output is finished.
enum class SumKind : uint8_t {
  Sum,           // x
  NanSum,        // x, NaN counted as 0
  Mean,          // sum / args.divisor
  NanMean,       // NaN-free sum / center (the count of non-NaN values)
  Var,           // sum (x - center)^2 / args.divisor
  Std,           // sqrt of Var
  Norm0,         // number of nonzeros
  Norm1,         // sum |x|
  Norm2,         // sqrt(sum x^2)
  NormP,         // (sum |x|^p)^(1/p)
  LogSumExp,     // log(sum exp(x - c)) + c, c = center (the max) or 0 where it is infinite
  CountNonZero,  // int64 counts
  CountNonNan,
  All,           // count of nonzeros == reduce_size, written as bool or uint8
  Any,           // count of nonzeros > 0
};
struct ReduceArgs {
  double divisor = 1;
  double p = 2;
};
// Reductions by an associative operation with lanes, no cascade needed.
enum class FoldKind : uint8_t { Prod, Max, Min, AbsMax, AbsMin };

// Plans reducing `in` over `mask`. The reduced dims keep their logical order inside a row
// when the input is reordered, so arg-reductions over one dim see indices in order.
ReducePlan make_reduce_plan(const Tensor& in, DimMask mask);

// The keepdim=True shape of reducing `sizes` over `mask`, and the shape with those dims
// removed (keepdim=False).
DimVector reduced_shape(IntArrayRef sizes, DimMask mask, bool keepdim);

}  // namespace ts
