// The native side of torch.utils.data and torchvision's datasets (src/data/README.md).
#pragma once

#include <cstdint>
#include <string>

#include "tensor/random.h"
#include "tensor/tensor.h"

namespace ts::data {

// Reads an IDX file (the MNIST format), gzip-compressed or raw, into a tensor with the stored
// shape and element type (uint8, int8, int16, int32, float32 or float64). Every problem (missing
// file, bad magic, truncated data, trailing bytes, corrupt gzip stream) is a RuntimeError that
// names the file.
Tensor read_idx(const std::string& path);

// A whole file as a 1-d uint8 tensor (CIFAR-10's binary batches). A missing or unreadable
// file is a RuntimeError naming it.
Tensor read_bytes(const std::string& path);

}  // namespace ts::data
