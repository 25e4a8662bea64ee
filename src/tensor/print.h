// Tensor printing, byte for byte what PyTorch 1.13 shows for repr(t) / print(t)
// (torch/_tensor_str.py), with the same global print options as torch.set_printoptions.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

#include "tensor/tensor.h"

namespace ts {

// torch._tensor_str.PRINT_OPTS. Global and unsynchronized, as in PyTorch.
struct PrintOptions {
  int64_t precision = 4;
  double threshold = 1000;  // may be infinity (profile "full")
  int64_t edgeitems = 3;
  int64_t linewidth = 80;
  std::optional<bool> sci_mode;  // nullopt: chosen per tensor
};

PrintOptions& print_options();

// torch.set_printoptions: a profile ("default", "short", "full"; anything else is ignored, as in
// PyTorch) is applied first, then each given option. sci_mode is always assigned, so leaving it
// out resets it to automatic, as in PyTorch.
void set_printoptions(std::optional<int64_t> precision = std::nullopt,
                      std::optional<double> threshold = std::nullopt,
                      std::optional<int64_t> edgeitems = std::nullopt,
                      std::optional<int64_t> linewidth = std::nullopt,
                      std::optional<std::string_view> profile = std::nullopt,
                      std::optional<bool> sci_mode = std::nullopt);

// repr(t) / str(t): "tensor([1., 2.], dtype=torch.float64, requires_grad=True)".
// Values are read from CPU memory; a tensor on another device is printed with the two-argument
// form, given a CPU copy of its values.
std::string repr(const Tensor& t);
// `t` supplies the device, dtype and autograd suffixes; `cpu_values` (same sizes and dtype, on the
// CPU) the elements.
std::string repr(const Tensor& t, const Tensor& cpu_values);

// The bracketed body alone (PyTorch's _tensor_str): "[[1, 2],\n        [3, 4]]" for indent 7, the
// number of columns already used on the first line.
std::string tensor_str(const Tensor& t, int64_t indent);

// Python's "{:.<precision>f}" (spec 'f') or "{:.<precision>e}" (spec 'e') of a float:
// "nan", "inf", "-inf" for non-finite values, correctly rounded otherwise.
std::string format_scalar(double v, char spec, int64_t precision);

std::ostream& operator<<(std::ostream& os, const Tensor& t);

}  // namespace ts
