// Padding: constant_pad_nd, reflection_pad{1,2,3}d, replication_pad{1,2,3}d, _pad_circular and
// F.pad, which picks one by mode. Checks and messages follow PyTorch 1.13 (PadNd.cpp,
// ReflectionPad.cpp, ReplicationPadding.cpp), quirks included. Reflect / replicate / circular
// padding are composites over index_select (one gather per padded dim, differentiable through
// it); constant_pad_nd carries its own derivative (itself with the pads negated).
#include <algorithm>
#include <sstream>

#include "ops/api_padding.h"
#include "ops/linalg_nn_util.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "ops/sort_util.h"
#include "tensor/grad_mode.h"

namespace ts {

using namespace lnn;

namespace {

enum class PadMode { Reflect, Replicate, Circular };

// Source position of every output position of one padded dim. Circular padding wraps within
// what is left after negative padding crops (PyTorch copies the cropped interior first).
Tensor pad_index(int64_t size, int64_t lo, int64_t hi, PadMode mode) {
  const int64_t n = std::max<int64_t>(size + lo + hi, 0);
  Tensor idx = empty({n}, TensorOptions(DType::Int64));
  int64_t* p = idx.data<int64_t>();
  const int64_t crop_lo = std::max<int64_t>(-lo, 0), crop_hi = std::max<int64_t>(-hi, 0);
  const int64_t inner = size - crop_lo - crop_hi, plo = std::max<int64_t>(lo, 0);
  for (int64_t j = 0; j < n; ++j) {
    int64_t i = j - lo;
    if (mode == PadMode::Reflect) {
      if (i < 0) i = -i;
      if (i >= size) i = 2 * (size - 1) - i;
    } else if (mode == PadMode::Replicate) {
      i = std::clamp<int64_t>(i, 0, size - 1);
    } else {
      i = crop_lo + (((j - plo) % inner) + inner) % inner;
    }
    p[j] = i;
  }
  return idx;
}

// Pads the last pad.size() / 2 dims by gathering along each in turn.
Tensor pad_by_index(const Tensor& self, IntArrayRef pad, PadMode mode) {
  Tensor out = self;
  const int64_t k = int64_t(pad.size()) / 2;
  for (int64_t d = 0; d < k; ++d) {
    const int64_t dim = self.dim() - 1 - d;
    if (pad[size_t(2 * d)] == 0 && pad[size_t(2 * d + 1)] == 0) continue;
    if (self.size(dim) == 0) continue;  // only batch dims may be empty here
    out = index_select(out, dim, pad_index(self.size(dim), pad[size_t(2 * d)], pad[size_t(2 * d + 1)], mode));
  }
  // A fresh tensor even with zero padding, as PyTorch's kernels return.
  return out.impl() == self.impl() ? clone(self) : out;
}

// "[ torch.FloatTensor{2,0,3} ]": how PyTorch prints a tensor argument in a check message.
std::string tensor_repr(const Tensor& t) {
  std::ostringstream s;
  s << "[ " << sorting::legacy_type_name(t.dtype()) << "{";
  for (int64_t i = 0; i < t.dim(); ++i) s << (i ? "," : "") << t.size(i);
  s << "} ]";
  return s.str();
}

// check_valid_input<D> of the padding kernels: [N,] C, spatial... with only N possibly 0.
void check_pad_input(const Tensor& in, int64_t d) {
  bool valid = true;
  for (int64_t i = 1; i <= d; ++i) valid = valid && size_at(in, i) != 0;
  const int64_t nd = in.dim();
  TS_CHECK((nd == d + 1 && valid && in.size(0) != 0) || (nd == d + 2 && valid && in.size(d + 1) != 0), "Expected ",
           d + 1, "D or ", d + 2,
           "D (batch mode) tensor with possibly 0 batch size and other non-zero dimensions for "
           "input, but got: ", shape_str(in.sizes()));
}

void check_pad_dtype(const Tensor& self, const char* kernel, bool half_ok) {
  const DType t = self.dtype();
  if (!(t == DType::Float32 || t == DType::Float64 || (half_ok && t == DType::Float16)))
    not_implemented(kernel, t);
}

void check_pad_len(IntArrayRef padding, size_t n) {
  TS_CHECK(padding.size() == n, "padding size is expected to be ", n);
}

}  // namespace

Tensor constant_pad_nd(const Tensor& self, IntArrayRef pad, const Scalar& value) {
  TS_AUTOGRAD("constant_pad_nd", self, pad, value);
  TS_CHECK(pad.size() % 2 == 0, "Length of pad must be even but instead it equals ", pad.size());
  const int64_t l_inp = self.dim();
  const int64_t l_pad = int64_t(pad.size()) / 2;
  const int64_t l_diff = l_inp - l_pad;
  TS_CHECK(l_pad <= l_inp, "Length of pad should be no more than twice the number of dimensions "
           "of the input. Pad length is ", pad.size(), "while the input has ", l_inp, "dimensions.");
  bool all_non_positive = true;
  Tensor c_input = self;
  for (int64_t i = l_diff; i < l_inp; ++i) {
    const int64_t pi = 2 * (l_inp - i - 1);
    const int64_t lo = pad[size_t(pi)], hi = pad[size_t(pi + 1)];
    if (lo < 0) c_input = narrow(c_input, i, -lo, c_input.size(i) + lo);
    else if (lo != 0) all_non_positive = false;
    if (hi < 0) c_input = narrow(c_input, i, 0, c_input.size(i) + hi);
    else if (hi != 0) all_non_positive = false;
  }
  if (all_non_positive) return clone(c_input);
  DimVector shape(self.sizes());
  for (int64_t i = 0; i < l_pad; ++i) {
    const int64_t pi = 2 * (l_pad - i - 1);
    const int64_t in = self.size(l_diff + i);
    const int64_t nd = in + pad[size_t(pi)] + pad[size_t(pi + 1)];
    TS_CHECK(nd > 0, "The input size ", in, ", plus negative padding ", pad[size_t(pi)], " and ",
             pad[size_t(pi + 1)], " resulted in a negative output size, which is invalid. Check "
             "dimension ", l_diff + i, " of your input.");
    shape[size_t(l_diff + i)] = nd;
  }
  Tensor out = full(shape, value, options_of(self));
  Tensor c_out = out;
  for (int64_t i = l_diff; i < l_inp; ++i) {
    const int64_t pi = 2 * (l_inp - i - 1);
    const int64_t lo = pad[size_t(pi)], hi = pad[size_t(pi + 1)];
    if (lo > 0) c_out = narrow(c_out, i, lo, c_out.size(i) - lo);
    if (hi > 0) c_out = narrow(c_out, i, 0, c_out.size(i) - hi);
  }
  copy_(c_out, c_input);
  return out;
}

Tensor reflection_pad1d(const Tensor& self, IntArrayRef padding) {
  check_pad_len(padding, 2);
  const int64_t nd = self.dim();
  TS_CHECK((nd == 2 && self.size(1) != 0) || (nd == 3 && self.size(1) != 0 && self.size(2) != 0),
           "2D or 3D (batch mode) tensor expected for input, but got: ", tensor_repr(self));
  const int64_t dim_w = nd - 1, w = self.size(dim_w);
  TS_CHECK(padding[0] < w && padding[1] < w, "Argument #4: Padding size should be less than the "
           "corresponding input dimension, but got: padding (", padding[0], ", ", padding[1],
           ") at dimension ", dim_w, " of input ", shape_str(self.sizes()));
  const int64_t ow = w + padding[0] + padding[1];
  TS_CHECK(ow >= 1, 2, "input (W: ", w, ")is too small. Calculated output W: ", ow);
  check_pad_dtype(self, "reflection_pad1d", false);
  return pad_by_index(self, padding, PadMode::Reflect);
}

Tensor reflection_pad2d(const Tensor& self, IntArrayRef padding) {
  check_pad_len(padding, 4);
  const bool valid = size_at(self, 1) != 0 && size_at(self, 2) != 0;
  const int64_t nd = self.dim();
  TS_CHECK((nd == 3 && valid) || (nd == 4 && valid && self.size(3) != 0),
           "3D or 4D (batch mode) tensor expected for input, but got: ", tensor_repr(self));
  const int64_t w = self.size(-1), h = self.size(-2);
  TS_CHECK(padding[0] < w && padding[1] < w, "Argument #4: Padding size should be less than the "
           "corresponding input dimension, but got: padding (", padding[0], ", ", padding[1],
           ") at dimension ", nd - 1, " of input ", nd);
  TS_CHECK(padding[2] < h && padding[3] < h, "Argument #6: Padding size should be less than the "
           "corresponding input dimension, but got: padding (", padding[2], ", ", padding[3],
           ") at dimension ", nd - 2, " of input ", nd);
  const int64_t ow = w + padding[0] + padding[1], oh = h + padding[2] + padding[3];
  TS_CHECK(ow >= 1 || oh >= 1, "input (H: ", h, ", W: ", w, ")is too small. Calculated output H: ",
           oh, " W: ", ow);
  check_pad_dtype(self, "reflection_pad2d", false);
  return pad_by_index(self, padding, PadMode::Reflect);
}

Tensor reflection_pad3d(const Tensor& self, IntArrayRef padding) {
  check_pad_len(padding, 6);
  check_pad_input(self, 3);
  const int64_t nd = self.dim();
  for (int64_t i = 0; i < 3; ++i) {
    const int64_t s = self.size(nd - 1 - i);
    TS_CHECK(padding[size_t(2 * i)] < s && padding[size_t(2 * i + 1)] < s, "Argument #",
             4 + 2 * i, ": Padding size should be less than the corresponding input dimension, "
             "but got: padding (", padding[size_t(2 * i)], ", ", padding[size_t(2 * i + 1)],
             ") at dimension ", nd - 1 - i, " of input ", shape_str(self.sizes()));
  }
  int64_t o[3];
  for (int64_t i = 0; i < 3; ++i) o[i] = self.size(nd - 1 - i) + padding[size_t(2 * i)] + padding[size_t(2 * i + 1)];
  TS_CHECK(o[0] >= 1 || o[1] >= 1 || o[2] >= 1, "input (D: ", self.size(-3), " H: ", self.size(-2),
           ", W: ", self.size(-1), ") is too small. Calculated output D: ", o[2], " H: ", o[1],
           " W: ", o[0]);
  check_pad_dtype(self, "reflection_pad3d", true);
  return pad_by_index(self, padding, PadMode::Reflect);
}

namespace {

Tensor replication_pad(const Tensor& self, IntArrayRef padding, int64_t d, const char* kernel) {
  check_pad_len(padding, size_t(2 * d));
  if (d == 1) {
    const int64_t nd = self.dim();
    TS_CHECK((nd == 2 && self.size(1) != 0) || (nd == 3 && self.size(1) != 0 && self.size(2) != 0),
             "Expected 2D or 3D (batch mode) tensor with possibly 0 batch size and other non-zero "
             "dimensions for input, but got: ", shape_str(self.sizes()));
  } else {
    check_pad_input(self, d);
  }
  const int64_t nd = self.dim();
  int64_t o[3];
  bool ok = true;
  for (int64_t i = 0; i < d; ++i) {
    o[i] = self.size(nd - 1 - i) + padding[size_t(2 * i)] + padding[size_t(2 * i + 1)];
    ok = ok && o[i] >= 1;
  }
  if (!ok) {
    // PyTorch's wording differs per rank ("(W: 3)", "(H: 3, W: 3 )", "(D: 3 H: 3, W: 3)").
    std::ostringstream s;
    if (d == 1) s << "input (W: " << self.size(-1) << ") is too small. Calculated output W: " << o[0];
    if (d == 2)
      s << "input (H: " << self.size(-2) << ", W: " << self.size(-1)
        << " ) is too small. Calculated output H: " << o[1] << " W: " << o[0];
    if (d == 3)
      s << "input (D: " << self.size(-3) << " H: " << self.size(-2) << ", W: " << self.size(-1)
        << ") is too small. Calculated output D: " << o[2] << " H: " << o[1] << " W: " << o[0];
    TS_ERROR(s.str());
  }
  check_pad_dtype(self, kernel, false);
  return pad_by_index(self, padding, PadMode::Replicate);
}

}  // namespace

Tensor replication_pad1d(const Tensor& self, IntArrayRef padding) {
  return replication_pad(self, padding, 1, "replication_pad1d_cpu");
}
Tensor replication_pad2d(const Tensor& self, IntArrayRef padding) {
  return replication_pad(self, padding, 2, "replication_pad2d_cpu");
}
Tensor replication_pad3d(const Tensor& self, IntArrayRef padding) {
  return replication_pad(self, padding, 3, "replication_pad3d_cpu");
}

Tensor _pad_circular(const Tensor& self, IntArrayRef pad) {
  const int64_t ndim = self.dim() - 2;
  TS_CHECK(int64_t(pad.size()) + 4 == self.dim() * 2, "Invalid padding size, expected ", ndim * 2,
           " but got ", pad.size());
  for (int64_t i = 0; i < ndim; ++i) {
    const int64_t lo = pad[size_t(2 * (ndim - i - 1))], hi = pad[size_t(2 * (ndim - i - 1) + 1)];
    const int64_t size = self.size(2 + i);
    TS_CHECK(lo <= size && hi <= size, "Padding value causes wrapping around more than once.");
    TS_CHECK(size + lo + hi >= 0, "Negative padding value is resulting in an empty dimension.");
  }
  return pad_by_index(self, pad, PadMode::Circular);
}

Tensor pad(const Tensor& self, IntArrayRef padv, const std::string& mode, std::optional<double> value) {
  if (mode != "constant" && mode != "reflect" && mode != "replicate" && mode != "circular")
    util::throw_error(ErrorKind::NotImplemented, util::str("Unrecognised padding mode ", mode));
  const int64_t nd = self.dim();
  TS_CHECK(padv.size() % 2 == 0, "Padding length must be divisible by 2");
  TS_CHECK(int64_t(padv.size()) <= nd * 2, "Padding length too large");
  if (mode == "constant") return constant_pad_nd(self, padv, value.value_or(0.0));
  TS_CHECK(!value || *value == 0, "Padding mode \"", mode, "\" doesn't take in value argument");
  const size_t n = padv.size();
  const bool reflect = mode == "reflect", replicate = mode == "replicate";
  if (n == 2 && (nd == 2 || nd == 3))
    return reflect ? reflection_pad1d(self, padv) : replicate ? replication_pad1d(self, padv) : _pad_circular(self, padv);
  if (n == 4 && (nd == 3 || nd == 4))
    return reflect ? reflection_pad2d(self, padv) : replicate ? replication_pad2d(self, padv) : _pad_circular(self, padv);
  if (n == 6 && (nd == 4 || nd == 5))
    return reflect ? reflection_pad3d(self, padv) : replicate ? replication_pad3d(self, padv) : _pad_circular(self, padv);
  util::throw_error(ErrorKind::NotImplemented,
                    "Only 2D, 3D, 4D, 5D padding with non-constant padding are supported for now");
}

TS_REGISTER_OPS(padding) {
  r.def<&pad>("pad(Tensor self, int[] pad, str mode=\"constant\", float? value=None) -> Tensor").composite_op().variants("");
  r.def<&constant_pad_nd>("constant_pad_nd(Tensor self, int[] pad, Scalar value=0) -> Tensor").variants("function")
      .grad("ConstantPadNdBackward0", "", TS_GRAD({
        std::vector<int64_t> p = c.ints(1);
        for (int64_t& v : p) v = -v;
        return {constant_pad_nd(c.grad(), p, 0)};
      }));
  r.def<&reflection_pad1d>("reflection_pad1d(Tensor self, int[2] padding) -> Tensor").composite_op().variants("");
  r.def<&reflection_pad2d>("reflection_pad2d(Tensor self, int[4] padding) -> Tensor").composite_op().variants("");
  r.def<&reflection_pad3d>("reflection_pad3d(Tensor self, int[6] padding) -> Tensor").composite_op().variants("");
  r.def<&replication_pad1d>("replication_pad1d(Tensor self, int[2] padding) -> Tensor").composite_op().variants("");
  r.def<&replication_pad2d>("replication_pad2d(Tensor self, int[4] padding) -> Tensor").composite_op().variants("");
  r.def<&replication_pad3d>("replication_pad3d(Tensor self, int[6] padding) -> Tensor").composite_op().variants("");
  r.def<&_pad_circular>("_pad_circular(Tensor self, int[] pad) -> Tensor").composite_op().variants("function");
}

}  // namespace ts
