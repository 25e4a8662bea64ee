// conv3d and conv3d.padding: composites over conv2d (one 2-d convolution per kernel depth offset
// on strided depth slices, combined by sum), so they reuse the 2-d kernels and autograd records
// them. Checks and messages follow PyTorch 1.13 (Convolution.cpp).
#include <string>

#include "ops/api_nn.h"
#include "ops/linalg_nn_util.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "ops/sort_util.h"
#include "tensor/grad_mode.h"

namespace ts {

using namespace lnn;

namespace {

struct Triple {
  int64_t d, h, w;
};

// int[3] arguments given as one value or three.
Triple triple(IntArrayRef v, const char* msg, std::optional<Triple> dflt = std::nullopt) {
  if (v.empty() && dflt) return *dflt;
  TS_CHECK(v.size() == 1 || v.size() == 3, msg);
  return v.size() == 1 ? Triple{v[0], v[0], v[0]} : Triple{v[0], v[1], v[2]};
}

std::string tensor_type(DType t) { return sorting::legacy_type_name(t); }

}  // namespace

Tensor conv3d(const Tensor& input_, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
              IntArrayRef padding, IntArrayRef dilation, int64_t groups) {
  TS_CHECK(input_.dim() == 4 || input_.dim() == 5, "Expected 4D (unbatched) or 5D (batched) input "
           "to conv3d, but got input of size: ", shape_str(input_.sizes()));
  const bool batched = input_.dim() == 5;
  Tensor input = batched ? input_ : unsqueeze(input_, 0);
  TS_CHECK(weight.dim() == 5, "expected stride to be a single integer value or a list of ",
           weight.dim() - 2, " values to match the convolution dimensions, but got stride=",
           shape_str(stride.size() == 1 ? IntArrayRef(DimVector(3, stride[0])) : stride));
  const Triple s = triple(stride, "expected stride to be a single integer value or a list of 3 values");
  const Triple p = triple(padding, "expected padding to be a single integer value or a list of 3 values");
  const Triple d = triple(dilation, "expected dilation to be a single integer value or a list of 3 values");
  TS_CHECK(groups > 0, "non-positive groups is not supported");
  TS_CHECK(weight.size(0) % groups == 0, "Given groups=", groups, ", expected weight to be divisible by ",
           groups, " at dimension 0, but got weight of size [", shape_str(weight.sizes()), "] instead");
  TS_CHECK(input.size(1) == weight.size(1) * groups, "Given groups=", groups, ", weight of size ",
           shape_str(weight.sizes()), ", expected input", shape_str(input.sizes()), " to have ",
           weight.size(1) * groups, " channels, but got ", input.size(1), " channels instead");
  TS_CHECK(!bias.defined() || (bias.dim() == 1 && bias.size(0) == weight.size(0)), "Given weight of size ",
           shape_str(weight.sizes()), ", expected bias to be 1-dimensional with ", weight.size(0),
           " elements, but got bias of size ", shape_str(bias.defined() ? bias.sizes() : IntArrayRef()),
           " instead");
  const int64_t pd[3] = {input.size(2) + 2 * p.d, input.size(3) + 2 * p.h, input.size(4) + 2 * p.w};
  const int64_t kk[3] = {(weight.size(2) - 1) * d.d + 1, (weight.size(3) - 1) * d.h + 1, (weight.size(4) - 1) * d.w + 1};
  TS_CHECK(pd[0] >= kk[0] && pd[1] >= kk[1] && pd[2] >= kk[2], "Calculated padded input size per "
           "channel: (", pd[0], " x ", pd[1], " x ", pd[2], "). Kernel size: (", kk[0], " x ", kk[1],
           " x ", kk[2], "). Kernel size can't be greater than actual input size");
  TS_CHECK(input.dtype() == weight.dtype(), "Input type (", tensor_type(input.dtype()),
           ") and weight type (", tensor_type(weight.dtype()), ") should be the same or input "
           "should be a MKLDNN tensor and weight is a dense tensor");
  const int64_t n = input.size(0), kd = weight.size(2), o = weight.size(0);
  const int64_t od = (pd[0] - kk[0]) / s.d + 1;
  Tensor xp = p.d > 0 ? constant_pad_nd(input, {0, 0, 0, 0, p.d, p.d}, 0) : input;
  Tensor acc;
  for (int64_t k = 0; k < kd; ++k) {
    Tensor xs = depth_slice(xp, k, d.d, s.d, od);  // [N, C, OD, H, W]
    Tensor x2 = reshape(permute(xs, {0, 2, 1, 3, 4}), {n * od, input.size(1), input.size(3), input.size(4)});
    Tensor y = conv2d(x2, select(weight, 2, k), Tensor(), {s.h, s.w}, {p.h, p.w}, {d.h, d.w}, groups);
    acc = k == 0 ? y : acc + y;
  }
  Tensor out = permute(reshape(acc, {n, od, o, acc.size(2), acc.size(3)}), {0, 2, 1, 3, 4});
  if (bias.defined()) out = out + reshape(bias, {1, o, 1, 1, 1});
  out = contiguous(out);
  return batched ? out : squeeze(out, 0);
}

Tensor conv3d_padding(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
                      const std::string& padding, IntArrayRef dilation, int64_t groups) {
  if (padding == "valid") return conv3d(input, weight, bias, stride, {0}, dilation, groups);
  TS_CHECK(padding == "same", "Invalid padding string: '", padding, "'");
  const Triple s = triple(stride, "expected stride to be a single integer value or a list of 3 values");
  TS_CHECK(s.d == 1 && s.h == 1 && s.w == 1, "padding='same' is not supported for strided convolutions");
  const Triple d = triple(dilation, "expected dilation to be a single integer value or a list of 3 values");
  TS_CHECK(weight.dim() == 5, "conv3d: expected a 5-D weight, got ", shape_str(weight.sizes()));
  const int64_t dil[3] = {d.d, d.h, d.w};
  DimVector sym(3), extra(6, 0);
  bool asym = false;
  for (int i = 0; i < 3; ++i) {
    const int64_t total = dil[i] * (weight.size(2 + i) - 1);
    sym[size_t(i)] = total / 2;
    // An odd total pads the extra element on the right, as PyTorch does with F.pad.
    if (total % 2) {
      asym = true;
      extra[size_t(2 * (2 - i) + 1)] = 1;
    }
  }
  Tensor in = asym ? constant_pad_nd(input, extra, 0) : input;
  return conv3d(in, weight, bias, stride, sym, dilation, groups);
}

TS_REGISTER_OPS(conv3d) {
  r.def<&conv3d>("conv3d(Tensor input, Tensor weight, Tensor? bias=None, int[3] stride=1, int[3] padding=0, int[3] dilation=1, int groups=1) -> Tensor").composite_op().variants("function");
  r.def<&conv3d_padding>("conv3d.padding(Tensor input, Tensor weight, Tensor? bias=None, int[3] stride=1, str padding=\"valid\", int[3] dilation=1, int groups=1) -> Tensor").composite_op().variants("function");
}

}  // namespace ts
