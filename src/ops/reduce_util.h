// Shared pieces of the reduction ops (reduce.cpp, reduce_stats.cpp): dim lists, PyTorch's
// dtype names for messages, out= handling and the calls into the reduction kernels.
#pragma once

#include <tuple>

#include "ops/api_reduce.h"
#include "ops/boxing.h"
#include "stubs/reduce.h"
#include "tensor/iter.h"
#include "tensor/reduce_iter.h"

namespace ts {

namespace reduce {


inline bool is_half_type(DType t) { return t == DType::Float16 || t == DType::BFloat16; }

DimMask all_dims(int64_t ndim);
// A dim list: empty means every dim; "dim 0 appears multiple times in the list of dims".
DimMask dims_mask(const Tensor& self, IntArrayRef dims);
DimMask opt_dims_mask(const Tensor& self, OptDims dims);
// OptDims as the boxed form of `int[1]? dim` (for TS_AUTOGRAD).
inline std::optional<IntArrayRef> opt_list(OptDims d) {
  return d ? std::optional<IntArrayRef>(*d) : std::nullopt;
}
DimMask dim_mask(const Tensor& self, int64_t dim);
// Number of elements each output reduces.
int64_t reduced_numel(const Tensor& self, DimMask mask);
// "<name>: Expected reduction dim 0 to have non-zero size." for an empty input.
void check_nonempty_dims(const Tensor& self, DimMask mask, const char* name);

// Allocate the contiguous output and run one kernel. `in` has the kernel's input dtype.
Tensor run_sum(const Tensor& in, DimMask mask, bool keepdim, DType out_dtype, SumKind kind,
               const ReduceArgs& args = {}, const Tensor& center = {});
Tensor run_fold(const Tensor& in, DimMask mask, bool keepdim, FoldKind kind);
// (values, indices) of the first extreme element; values undefined unless `want_values`.
std::tuple<Tensor, Tensor> run_arg(const Tensor& self, DimMask mask, bool keepdim, bool is_max,
                                   bool want_values);
// Sum (or NanSum) with the result in `target`.
Tensor sum_to(const Tensor& self, DimMask mask, bool keepdim, DType target, SumKind kind);

// out=: resize `out` to r's shape as PyTorch does, then copy (and cast) r into it.
Tensor write_out(const Tensor& out, const Tensor& r);
// "Expected out tensor to have dtype float, but got double instead"
void check_out_dtype(const Tensor& out, DType want);

}  // namespace reduce

// Boxed calls bind `int[1]? dim` to OptDims through an optional list.
namespace ops::detail {
template <>
struct Arg<OptDims> {
  using Holder = std::optional<DimVector>;
  static Holder from(const IValue& v) {
    if (v.is_none()) return std::nullopt;
    return DimVector(v.to_int_list());
  }
};
}  // namespace ops::detail

}  // namespace ts
