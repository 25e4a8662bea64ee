// Padding ops (F.pad and the aten ops under it: PadNd.cpp, ReflectionPad.cpp,
// ReplicationPadding.cpp). Defined in ops/padding.cpp.
#pragma once

#include <optional>
#include <string>

#include "tensor/tensor.h"

namespace ts {

// mode: "constant", "reflect", "replicate" or "circular"; value only for "constant".
Tensor pad(const Tensor& self, IntArrayRef pad, const std::string& mode = "constant",
           std::optional<double> value = std::nullopt);
// Negative entries crop. pad = [last_lo, last_hi, second_last_lo, ...].
Tensor constant_pad_nd(const Tensor& self, IntArrayRef pad, const Scalar& value = 0);
Tensor reflection_pad1d(const Tensor& self, IntArrayRef padding);
Tensor reflection_pad2d(const Tensor& self, IntArrayRef padding);
Tensor reflection_pad3d(const Tensor& self, IntArrayRef padding);
Tensor replication_pad1d(const Tensor& self, IntArrayRef padding);
Tensor replication_pad2d(const Tensor& self, IntArrayRef padding);
Tensor replication_pad3d(const Tensor& self, IntArrayRef padding);
Tensor _pad_circular(const Tensor& self, IntArrayRef pad);

}  // namespace ts
