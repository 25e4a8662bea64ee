// Helpers shared by the shape, slicing, join and creation ops (not part of the public API).
#pragma once

#include <cstdint>
#include <utility>

#include "tensor/tensor.h"

namespace ts::shape_detail {

// Bytes of storage a geometry needs (PyTorch's computeStorageNbytes), with its overflow error
// for negative sizes or strides that do not fit.
int64_t storage_nbytes(IntArrayRef sizes, IntArrayRef strides, int64_t itemsize,
                       int64_t storage_offset = 0);

// A view of `self`'s storage with this geometry.
inline Tensor alias_with(const Tensor& self, DimVector sizes, DimVector strides, int64_t offset) {
  return make_view(self, std::move(sizes), std::move(strides), offset);
}


}  // namespace ts::shape_detail
