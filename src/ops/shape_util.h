// Helpers shared by the shape, join and creation ops (not part of the public API).
#pragma once

#include <cstdint>

#include "tensor/tensor.h"

namespace ts::shape_detail {

// Bytes of storage a geometry needs (PyTorch's computeStorageNbytes), with its overflow error
// for negative sizes or strides that do not fit.
int64_t storage_nbytes(IntArrayRef sizes, IntArrayRef strides, int64_t itemsize,
                       int64_t storage_offset = 0);


}  // namespace ts::shape_detail
