// Shared pieces of the sorting, unique and scan ops (sort.cpp, unique.cpp, scan.cpp).
#pragma once

#include <tuple>

#include "tensor/iter.h"
#include "tensor/tensor.h"

namespace ts::sorting {

// PyTorch's dispatch error ("\"topk_cpu\" not implemented for 'Half'") for the dtypes a CPU
// kernel leaves out.
void check_dtype(const Tensor& t, const char* name, bool half_ok, bool bf16_ok, bool bool_ok);
TensorOptions options(DType t, Device d);
// `self` with dim `d` moved last, contiguous (a new tensor when `force_copy`).
Tensor rows_last(const Tensor& self, int64_t d, bool force_copy);
// The inverse of rows_last for a result whose last dim is dim `d`; contiguous.
Tensor from_rows_last(const Tensor& r, int64_t d);
DimVector without_last(IntArrayRef sizes);
// "torch.FloatTensor": the legacy type names of PyTorch's checkScalarType messages.
const char* legacy_type_name(DType t);
// out= for two results: resize and copy each, return the out tensors.
std::tuple<Tensor, Tensor> write_pair(const Tensor& values, const Tensor& indices, const Tensor& v,
                                      const Tensor& i);

}  // namespace ts::sorting
