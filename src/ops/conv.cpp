// conv2d (integer and string padding) with its backward, and max_pool2d with indices and its
// backward. Checks and messages follow PyTorch 1.13's Convolution.cpp and
// DilatedMaxPool2d.cpp / Pool.h; kernels are in kernels/cpu/conv.cpp.
#include "ops/ops.h"
#include "ops/linalg_nn_util.h"
#include "ops/registry.h"
#include "stubs/conv.h"
#include "stubs/pool.h"
#include "tensor/iter.h"

namespace ts {

TS_DEFINE_STUB(conv2d_stub);
TS_DEFINE_STUB(conv2d_backward_input_stub);
TS_DEFINE_STUB(conv2d_backward_weight_stub);
TS_DEFINE_STUB(max_pool2d_stub);
TS_DEFINE_STUB(max_pool2d_backward_stub);

using namespace lnn;

namespace {

DimVector expand_param(IntArrayRef p, const char* name, int64_t dim) {
  if (p.size() == 1) return DimVector(size_t(dim), p[0]);
  TS_CHECK(int64_t(p.size()) == dim, "expected ", name,
           " to be a single integer value or a list of ", dim,
           " values to match the convolution dimensions, but got ", name, "=", shape_str(p));
  return DimVector(p);
}

// A conv2d with explicit (possibly asymmetric) padding {top, left, bottom, right}.
struct ConvArgs {
  DimVector stride, dilation;
  int64_t pad[4];
  int64_t groups;
};

// PyTorch's _convolution argument checks (non-transposed, 2 spatial dims). A 1-d convolution
// runs lifted to 2-d: `shown_in` / `shown_w` are the caller's tensors, whose shapes the messages
// name.
ConvArgs check_conv(const Tensor& input, const Tensor& weight, const Tensor& bias,
                    IntArrayRef stride, IntArrayRef padding_lr, IntArrayRef dilation,
                    int64_t groups, const Tensor& shown_in = {}, const Tensor& shown_w = {}) {
  auto in_shape = [&] { return shape_str((shown_in.defined() ? shown_in : input).sizes()); };  // on error only
  auto w_shape = [&] { return shape_str((shown_w.defined() ? shown_w : weight).sizes()); };
  const int64_t k = weight.dim(), dim = k - 2;
  TS_CHECK(dim > 0, "weight should have at least three dimensions");
  TS_CHECK(groups > 0, "non-positive groups is not supported");
  ConvArgs a;
  a.stride = expand_param(stride, "stride", dim);
  // padding_lr is {top, left} (symmetric) or {top, left, bottom, right}.
  DimVector pad = expand_param(padding_lr.size() == 4 ? IntArrayRef(padding_lr.data(), 2) : padding_lr,
                               "padding", dim);
  a.dilation = expand_param(dilation, "dilation", dim);
  a.groups = groups;
  for (int64_t p : padding_lr) TS_CHECK(p >= 0, "negative padding is not supported");
  for (int64_t s : a.stride) TS_CHECK(s > 0, "non-positive stride is not supported");
  for (int64_t d : a.dilation)
    TS_CHECK(d > 0, "dilation should be greater than zero, but got ", shape_str(a.dilation));
  TS_CHECK(input.dim() == k, "Expected ", k, "-dimensional input for ", k, "-dimensional weight ",
           w_shape(), ", but got ", input.dim(), "-dimensional input of size ",
           in_shape(), " instead");
  TS_CHECK(weight.size(0) >= groups, "Given groups=", groups, ", expected weight to be at least ",
           groups, " at dimension 0, but got weight of size ", w_shape(),
           " instead");
  TS_CHECK(weight.size(0) % groups == 0, "Given groups=", groups,
           ", expected weight to be divisible by ", groups,
           " at dimension 0, but got weight of size [", w_shape(), "] instead");
  TS_CHECK(input.size(1) == weight.size(1) * groups, "Given groups=", groups, ", weight of size ",
           w_shape(), ", expected input", in_shape(), " to have ",
           weight.size(1) * groups, " channels, but got ", input.size(1), " channels instead");
  TS_CHECK(!bias.defined() || (bias.dim() == 1 && bias.size(0) == weight.size(0)),
           "Given weight of size ", w_shape(),
           ", expected bias to be 1-dimensional with ", weight.size(0),
           " elements, but got bias of size ", shape_str(bias.sizes()), " instead");
  a.pad[0] = pad[0];
  a.pad[1] = pad[1];
  a.pad[2] = padding_lr.size() == 4 ? padding_lr[2] : pad[0];
  a.pad[3] = padding_lr.size() == 4 ? padding_lr[3] : pad[1];
  bool ok = true;
  std::string in_s, k_s;
  // A lifted 1-d convolution's leading (size-1) dim is not the caller's: the message skips it.
  const int64_t first = shown_in.defined() ? input.dim() - shown_in.dim() : 0;
  for (int64_t i = 0; i < dim; ++i) {
    int64_t in_sz = input.size(i + 2) + a.pad[i] + a.pad[i + 2];
    int64_t k_sz = a.dilation[size_t(i)] * (weight.size(i + 2) - 1) + 1;
    if (in_sz < k_sz) ok = false;
    if (i < first) continue;
    in_s += (i > first ? " x " : "") + std::to_string(in_sz);
    k_s += (i > first ? " x " : "") + std::to_string(k_sz);
  }
  TS_CHECK(ok, "Calculated padded input size per channel: (", in_s, "). Kernel size: (", k_s,
           "). Kernel size can't be greater than actual input size");
  TS_CHECK(weight.dtype() == input.dtype(), "expected scalar type ",
           torch_type_name(input.dtype()), " but found ", torch_type_name(weight.dtype()));
  TS_CHECK(!bias.defined() || bias.dtype() == input.dtype(), "Input type (",
           cpp_type_name(input.dtype()), ") and bias type (", cpp_type_name(bias.dtype()),
           ") should be the same");
  DType t = input.dtype();
  if (t == DType::Bool || t == DType::Float16) not_implemented("slow_conv2d_cpu", t);
  return a;
}

DimVector conv_params(const ConvArgs& a) {
  return {a.stride[0], a.stride[1], a.pad[0], a.pad[1], a.dilation[0], a.dilation[1]};
}

// 4-d input; the padding already checked.
Tensor conv2d_4d(const Tensor& input_r, const Tensor& weight_r, const Tensor& bias_r,
                 const ConvArgs& a) {
  const DType t = input_r.dtype();
  // bfloat16 computes in float and rounds once.
  const bool via_float = t == DType::BFloat16;
  auto prep = [&](const Tensor& x) {
    if (!x.defined()) return x;
    return via_float ? to_dtype(x, DType::Float32) : contiguous(x);
  };
  Tensor input = prep(input_r), weight = prep(weight_r), bias = prep(bias_r);
  if (via_float) {
    input = contiguous(input);
    weight = contiguous(weight);
  }
  const int64_t n = input.size(0), cout = weight.size(0);
  // PyTorch's calc_output_size: an input without channels gives an output without channels.
  DimVector shape{n, input.size(1) == 0 ? 0 : cout, 0, 0};
  for (int64_t i = 0; i < 2; ++i) {
    int64_t ek = a.dilation[size_t(i)] * (weight.size(i + 2) - 1) + 1;
    shape[size_t(i + 2)] = (input.size(i + 2) + a.pad[i] + a.pad[i + 2] - ek) / a.stride[size_t(i)] + 1;
  }
  Tensor out = empty(shape, options_of(input));
  DimVector p = conv_params(a);
  conv2d_stub(input.device().type, out, input, weight, bias, p, a.groups);
  return via_float ? to_dtype(out, t) : out;
}

Tensor conv2d_any(const Tensor& input, const Tensor& weight, const Tensor& bias,
                  IntArrayRef stride, IntArrayRef padding, IntArrayRef dilation, int64_t groups) {
  TS_CHECK(input.dim() == 3 || input.dim() == 4,
           "Expected 3D (unbatched) or 4D (batched) input to conv2d, but got input of size: ",
           shape_str(input.sizes()));
  const bool batched = input.dim() == 4;
  // Public unsqueeze/squeeze and convolution: conv2d is a composite on the autograd graph
  // (ConvolutionBackward0, with SqueezeBackward1 on top for unbatched input, as PyTorch).
  Tensor in = batched ? input : unsqueeze(input, 0);
  ConvArgs a = check_conv(in, weight, bias, stride, padding, dilation, groups);
  DimVector st{a.stride[0], a.stride[1]}, dil{a.dilation[0], a.dilation[1]};
  Tensor out;
  if (a.pad[0] == a.pad[2] && a.pad[1] == a.pad[3]) {
    out = convolution(in, weight, bias, st, {a.pad[0], a.pad[1]}, dil, false, {0, 0}, groups);
  } else {
    // padding="same" with an even extent (stride 1): pad the larger side on both ends and drop
    // the extra leading output row / column.
    DimVector pad{std::max(a.pad[0], a.pad[2]), std::max(a.pad[1], a.pad[3])};
    out = convolution(in, weight, bias, st, pad, dil, false, {0, 0}, groups);
    for (int64_t i = 0; i < 2; ++i)
      if (a.pad[i] < a.pad[i + 2]) out = slice(out, i + 2, 1, std::nullopt, 1);
  }
  return batched ? out : squeeze(out, 0);
}

}  // namespace

Tensor conv2d(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
              IntArrayRef padding, IntArrayRef dilation, int64_t groups) {
  TS_CHECK(padding.size() <= 2, "expected padding to be a single integer value or a list of 2 ",
           "values to match the convolution dimensions, but got padding=", shape_str(padding));
  return conv2d_any(input, weight, bias, stride, padding, dilation, groups);
}

Tensor conv2d_padding(const Tensor& input, const Tensor& weight, const Tensor& bias,
                      IntArrayRef stride, const std::string& padding, IntArrayRef dilation,
                      int64_t groups) {
  TS_CHECK(input.dim() == 3 || input.dim() == 4,
           "Expected 3D (unbatched) or 4D (batched) input to conv2d, but got input of size: ",
           shape_str(input.sizes()));
  if (padding == "valid") return conv2d_any(input, weight, bias, stride, {0}, dilation, groups);
  TS_CHECK(padding == "same", "Invalid padding string: '", padding, "'");
  const int64_t k = weight.dim(), dim = k - 2;
  TS_CHECK(k > 2, "weight should have at least three dimensions");
  const int64_t in_dim = input.dim() == 3 ? 4 : input.dim();
  TS_CHECK(k == in_dim, "Expected ", k, "-dimensional input for ", k, "-dimensional weight",
           shape_str(weight.sizes()), ", but got ", in_dim, "-dimensional input of size ",
           shape_str(input.sizes()), " instead");
  TS_CHECK(int64_t(stride.size()) == dim || stride.size() == 1U, "stride cannot broadcast to ",
           dim, " dimensions");
  TS_CHECK(int64_t(dilation.size()) == dim || dilation.size() == 1U,
           "dilation cannot broadcast to ", dim, " dimensions");
  for (int64_t s : stride)
    TS_CHECK(s == 1, "padding='same' is not supported for strided convolutions");
  // Total padding d * (k - 1), the odd one out on the bottom / right (PyTorch pads the input).
  DimVector pad(4, 0);
  for (int64_t i = 0; i < dim; ++i) {
    int64_t d = dilation.size() == 1 ? dilation[0] : dilation[size_t(i)];
    int64_t total = d * (weight.size(i + 2) - 1);
    pad[size_t(i)] = total / 2;
    pad[size_t(i + 2)] = total - total / 2;
  }
  return conv2d_any(input, weight, bias, stride, pad, dilation, groups);
}

std::tuple<Tensor, Tensor, Tensor> conv2d_backward(const Tensor& grad_output, const Tensor& input,
                                                   const Tensor& weight, IntArrayRef stride,
                                                   IntArrayRef padding, IntArrayRef dilation,
                                                   int64_t groups,
                                                   std::array<bool, 3> output_mask) {
  ConvArgs a = check_conv(input, weight, Tensor(), stride, padding, dilation, groups);
  const DType t = input.dtype();
  const bool via_float = t == DType::BFloat16;
  auto prep = [&](const Tensor& x) {
    return contiguous(via_float ? to_dtype(x, DType::Float32) : x);
  };
  Tensor go = prep(grad_output), in = prep(input), w = prep(weight);
  TS_CHECK(go.dim() == 4 && go.size(0) == in.size(0) && go.size(1) == w.size(0),
           "conv2d_backward: grad_output of size ", shape_str(grad_output.sizes()),
           " does not match the convolution output");
  DimVector p = conv_params(a);
  Tensor gi, gw, gb;
  if (output_mask[0]) {
    gi = empty(in.sizes(), options_of(in));
    conv2d_backward_input_stub(in.device().type, gi, go, w, p, groups);
  }
  if (output_mask[1] || output_mask[2]) {
    Tensor gw_full = empty(w.sizes(), options_of(w));
    if (output_mask[2]) gb = empty({w.size(0)}, options_of(w));
    conv2d_backward_weight_stub(in.device().type, gw_full, gb, go, in, p, groups);
    if (output_mask[1]) gw = gw_full;
  }
  if (via_float) {
    if (gi.defined()) gi = to_dtype(gi, t);
    if (gw.defined()) gw = to_dtype(gw, t);
    if (gb.defined()) gb = to_dtype(gb, t);
  }
  return {gi, gw, gb};
}

namespace {

// convolution's arguments lifted to 2 spatial dims (1-d convolutions run as [N, C, 1, L]).
struct ConvNd {
  DimVector stride, padding, dilation, output_padding;
  bool lifted = false;
};

DimVector lift_param(IntArrayRef p, int64_t dims, int64_t fill, const char* name, bool lifted) {
  DimVector v;
  if (p.size() == 1) {
    v = DimVector(size_t(dims), p[0]);
  } else {
    TS_CHECK(int64_t(p.size()) == dims, "expected ", name, " to be a single integer value or a list of ",
             dims, " values to match the convolution dimensions, but got ", name, "=", shape_str(p));
    v = DimVector(p);
  }
  if (lifted) v.insert(0, fill);
  return v;
}

ConvNd conv_nd(const Tensor& weight, IntArrayRef stride, IntArrayRef padding, IntArrayRef dilation,
               IntArrayRef output_padding) {
  const int64_t dims = weight.dim() - 2;
  TS_CHECK(dims > 0, "weight should have at least three dimensions");
  TS_CHECK(dims <= 2, "convolution: only 1-d and 2-d convolutions are implemented, got a ", dims,
           "-d weight of size ", shape_str(weight.sizes()));
  ConvNd c;
  c.lifted = dims == 1;
  c.stride = lift_param(stride, dims, 1, "stride", c.lifted);
  c.padding = lift_param(padding, dims, 0, "padding", c.lifted);
  c.dilation = lift_param(dilation, dims, 1, "dilation", c.lifted);
  c.output_padding = lift_param(output_padding.empty() ? IntArrayRef({0}) : output_padding, dims,
                                0, "output_padding", c.lifted);
  return c;
}

Tensor lift(const Tensor& t, bool lifted) { return lifted && t.defined() ? unsqueeze_view(t, 2) : t; }
Tensor unlift(const Tensor& t, bool lifted) { return lifted && t.defined() ? squeeze_view(t, 2) : t; }

// A transposed 2-d convolution: the input-gradient of the convolution it transposes. Checks in
// the order of PyTorch's _convolution / check_shape_forward / slow_conv_transpose2d; a lifted
// 1-d convolution's messages name the caller's tensors `shown_in` / `shown_w`.
Tensor conv_transpose2d_4d(const Tensor& input_r, const Tensor& weight_r, const Tensor& bias,
                           const ConvNd& c, int64_t groups, const Tensor& shown_in,
                           const Tensor& shown_w) {
  const Tensor& input = input_r;
  auto in_shape = [&] { return shape_str(shown_in.sizes()); };  // on error only
  auto w_shape = [&] { return shape_str(shown_w.sizes()); };
  TS_CHECK(groups > 0, "non-positive groups is not supported");
  for (int64_t p : c.padding) TS_CHECK(p >= 0, "negative padding is not supported");
  for (int64_t p : c.output_padding) TS_CHECK(p >= 0, "negative output_padding is not supported");
  for (int64_t s : c.stride) TS_CHECK(s > 0, "non-positive stride is not supported");
  TS_CHECK(input.dim() == 4, "Expected 4-dimensional input for 4-dimensional weight ",
           shape_str(weight_r.sizes()), ", but got ", input.dim(), "-dimensional input of size ",
           shape_str(input.sizes()), " instead");
  TS_CHECK(weight_r.size(0) >= groups, "Given groups=", groups, ", expected weight to be at least ",
           groups, " at dimension 0, but got weight of size ", w_shape(), " instead");
  TS_CHECK(weight_r.size(0) % groups == 0, "Given groups=", groups,
           ", expected weight to be divisible by ", groups, " at dimension 0, but got weight of size [",
           w_shape(), "] instead");
  TS_CHECK(input.size(1) == weight_r.size(0), "Given transposed=1, weight of size ",
           w_shape(), ", expected input", in_shape(), " to have ",
           weight_r.size(0), " channels, but got ", input.size(1), " channels instead");
  TS_CHECK(!bias.defined() || (bias.dim() == 1 && bias.size(0) == weight_r.size(1) * groups),
           "Given transposed=1, weight of size ", w_shape(),
           ", expected bias to be 1-dimensional with ", weight_r.size(1) * groups,
           " elements, but got bias of size ", shape_str(bias.sizes()), " instead");
  TS_CHECK(weight_r.dtype() == input.dtype(), "expected scalar type ",
           torch_type_name(input.dtype()), " but found ", torch_type_name(weight_r.dtype()));
  TS_CHECK(!bias.defined() || bias.dtype() == input.dtype(), "expected scalar type ",
           torch_type_name(input.dtype()), " but found ", torch_type_name(bias.dtype()));
  TS_CHECK(c.dilation[0] > 0 && c.dilation[1] > 0, "dilation should be greater than zero, but got dilation_height: ",
           c.dilation[0], ", dilation_width: ", c.dilation[1]);
  for (int64_t i = 0; i < 2; ++i)
    TS_CHECK(c.output_padding[size_t(i)] < c.stride[size_t(i)] ||
                 c.output_padding[size_t(i)] < c.dilation[size_t(i)],
             "output padding must be smaller than either stride or dilation, but got output_padding_height: ",
             c.output_padding[0], " output_padding_width: ", c.output_padding[1], " stride_height: ",
             c.stride[0], " stride_width: ", c.stride[1], " dilation_height: ", c.dilation[0],
             " dilation_width: ", c.dilation[1]);
  const DType t = input.dtype();
  if (t == DType::Bool || t == DType::Float16) not_implemented("slow_conv_transpose2d_out_cpu", t);
  const bool via_float = t == DType::BFloat16;
  auto prep = [&](const Tensor& x) { return contiguous(via_float ? to_dtype(x, DType::Float32) : x); };
  Tensor in = prep(input), w = prep(weight_r);
  DimVector shape{in.size(0), w.size(1) * groups, 0, 0};
  for (int64_t i = 0; i < 2; ++i)
    shape[size_t(i + 2)] = (in.size(i + 2) - 1) * c.stride[size_t(i)] - 2 * c.padding[size_t(i)] +
                           c.dilation[size_t(i)] * (w.size(i + 2) - 1) + c.output_padding[size_t(i)] + 1;
  TS_CHECK(shape[2] > 0 && shape[3] > 0, "Given input size per channel: (", in.size(2), " x ", in.size(3),
           "). Calculated output size per channel: (", shape[2], " x ", shape[3],
           "). Output size is too small");
  Tensor out = empty(shape, options_of(in));
  DimVector p{c.stride[0], c.stride[1], c.padding[0], c.padding[1], c.dilation[0], c.dilation[1]};
  if (out.numel() > 0) conv2d_backward_input_stub(in.device().type, out, in, w, p, groups);
  if (bias.defined()) {
    Tensor b = via_float ? to_dtype(bias, DType::Float32) : bias;
    add_(out, reshape_local(b, {1, b.numel(), 1, 1}));
  }
  return via_float ? to_dtype(out, t) : out;
}

}  // namespace

Tensor convolution(const Tensor& input, const Tensor& weight, const Tensor& bias,
                   IntArrayRef stride, IntArrayRef padding, IntArrayRef dilation, bool transposed,
                   IntArrayRef output_padding, int64_t groups) {
  TS_AUTOGRAD("convolution", input, weight, bias, stride, padding, dilation, transposed,
              output_padding, groups);
  ConvNd c = conv_nd(weight, stride, padding, dilation, output_padding);
  TS_CHECK(input.dim() == weight.dim(), "Expected ", weight.dim(), "-dimensional input for ",
           weight.dim(), "-dimensional weight ", shape_str(weight.sizes()), ", but got ",
           input.dim(), "-dimensional input of size ", shape_str(input.sizes()), " instead");
  Tensor in = lift(input, c.lifted), w = lift(weight, c.lifted);
  Tensor out;
  if (transposed) {
    out = conv_transpose2d_4d(in, w, bias, c, groups, input, weight);
  } else {
    ConvArgs a = check_conv(in, w, bias, c.stride, c.padding, c.dilation, groups, input, weight);
    out = conv2d_4d(in, w, bias, a);
  }
  return unlift(out, c.lifted);
}

std::tuple<Tensor, Tensor, Tensor> convolution_backward(
    const Tensor& grad_output, const Tensor& input, const Tensor& weight, IntArrayRef stride,
    IntArrayRef padding, IntArrayRef dilation, bool transposed, IntArrayRef output_padding,
    int64_t groups, std::array<bool, 3> mask) {
  if (GradMode::is_enabled() && ops::any_requires_grad(grad_output, input, weight)) {
    static const ops::OpDef& op = ops::find_op("convolution_backward");
    Stack s{IValue(grad_output), IValue(input), IValue(weight), IValue(),
            IValue(stride),      IValue(padding), IValue(dilation), IValue(transposed),
            IValue(output_padding), IValue(groups),
            IValue::list({IValue(mask[0]), IValue(mask[1]), IValue(mask[2])})};
    ops::autograd_hook()(op, s);
    auto get = [&](size_t i) { return s.at(i).is_tensor() ? s[i].to_tensor() : Tensor(); };
    return {get(0), get(1), get(2)};
  }
  if (!transposed && input.dim() > 1 && input.size(1) == 0) {
    // No input channels: the output had none either (calc_output_size); zero gradients.
    return {mask[0] ? zeros_like(input) : Tensor(), mask[1] ? zeros_like(weight) : Tensor(),
            mask[2] ? zeros({weight.size(0)}, options_of(weight)) : Tensor()};
  }
  ConvNd c = conv_nd(weight, stride, padding, dilation, output_padding);
  Tensor go = lift(grad_output, c.lifted), in = lift(input, c.lifted), w = lift(weight, c.lifted);
  Tensor gi, gw, gb;
  if (!transposed) {
    std::tie(gi, gw, gb) = conv2d_backward(go, in, w, c.stride, c.padding, c.dilation, groups, mask);
  } else {
    // y = conv_transpose(x, w): dx = conv(dy, w); dw = the weight-gradient of conv(dy) -> x.
    // With output_padding, conv(dy) may be longer than x by floor(output_padding / stride)
    // per dim: its extra trailing rows are dropped (dx), or matched with zeros (dw).
    ConvArgs a = check_conv(go, w, Tensor(), c.stride, c.padding, c.dilation, groups);
    DimVector extra(2, 0);
    for (size_t i = 0; i < 2; ++i)
      extra[i] = (go.size(int64_t(i) + 2) + 2 * c.padding[i] - c.dilation[i] * (w.size(int64_t(i) + 2) - 1) - 1) /
                     c.stride[i] + 1 - in.size(int64_t(i) + 2);
    if (mask[0]) {
      gi = conv2d_4d(go, w, Tensor(), a);
      for (int64_t i = 0; i < 2; ++i)
        if (extra[size_t(i)] > 0) gi = narrow(gi, i + 2, 0, in.size(i + 2));
    }
    Tensor in_pad = extra[0] > 0 || extra[1] > 0 ? constant_pad_nd(in, {0, extra[1], 0, extra[0]}) : in;
    if (mask[1]) gw = std::get<1>(conv2d_backward(in_pad, go, w, c.stride, c.padding, c.dilation, groups,
                                                  {false, true, false}));
    if (mask[2]) {
      DimVector dims{0, 2, 3};
      gb = sum(go, IntArrayRef(dims));
    }
  }
  return {unlift(gi, c.lifted), unlift(gw, c.lifted), gb};
}

Tensor conv1d(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
              IntArrayRef padding, IntArrayRef dilation, int64_t groups) {
  TS_CHECK(input.dim() == 2 || input.dim() == 3,
           "Expected 2D (unbatched) or 3D (batched) input to conv1d, but got input of size: ",
           shape_str(input.sizes()));
  const bool batched = input.dim() == 3;
  Tensor in = batched ? input : unsqueeze(input, 0);
  Tensor out = convolution(in, weight, bias, stride, padding, dilation, false, {0}, groups);
  return batched ? out : squeeze(out, 0);
}

Tensor conv1d_padding(const Tensor& input, const Tensor& weight, const Tensor& bias,
                      IntArrayRef stride, const std::string& padding, IntArrayRef dilation,
                      int64_t groups) {
  // As a 2-d convolution over [N, C, 1, L]: the "same" rules are per dim.
  TS_CHECK(input.dim() == 2 || input.dim() == 3,
           "Expected 2D (unbatched) or 3D (batched) input to conv1d, but got input of size: ",
           shape_str(input.sizes()));
  TS_CHECK(weight.dim() == 3, "Expected 3-dimensional weight for conv1d, but got weight of size ",
           shape_str(weight.sizes()));
  const bool batched = input.dim() == 3;
  Tensor in = unsqueeze(batched ? input : unsqueeze(input, 0), 2);
  DimVector st{1, stride.empty() ? 1 : stride[0]}, dil{1, dilation.empty() ? 1 : dilation[0]};
  Tensor out = conv2d_padding(in, unsqueeze(weight, 2), bias, st, padding, dil, groups);
  out = squeeze(out, 2);
  return batched ? out : squeeze(out, 0);
}

namespace {
Tensor conv_transpose_any(const Tensor& input, const Tensor& weight, const Tensor& bias,
                          IntArrayRef stride, IntArrayRef padding, IntArrayRef output_padding,
                          int64_t groups, IntArrayRef dilation, int64_t dims, const char* name) {
  TS_CHECK(input.dim() == dims + 1 || input.dim() == dims + 2, "Expected ", dims + 1,
           "D (unbatched) or ", dims + 2, "D (batched) input to ", name,
           ", but got input of size: ", shape_str(input.sizes()));
  const bool batched = input.dim() == dims + 2;
  Tensor in = batched ? input : unsqueeze(input, 0);
  Tensor out = convolution(in, weight, bias, stride, padding, dilation, true, output_padding, groups);
  return batched ? out : squeeze(out, 0);
}
}  // namespace

Tensor conv_transpose1d(const Tensor& input, const Tensor& weight, const Tensor& bias,
                        IntArrayRef stride, IntArrayRef padding, IntArrayRef output_padding,
                        int64_t groups, IntArrayRef dilation) {
  return conv_transpose_any(input, weight, bias, stride, padding, output_padding, groups, dilation,
                            1, "conv_transpose1d");
}

Tensor conv_transpose2d(const Tensor& input, const Tensor& weight, const Tensor& bias,
                        IntArrayRef stride, IntArrayRef padding, IntArrayRef output_padding,
                        int64_t groups, IntArrayRef dilation) {
  return conv_transpose_any(input, weight, bias, stride, padding, output_padding, groups, dilation,
                            2, "conv_transpose2d");
}

namespace {

// Floor division (PyTorch's div_rtn).
int64_t div_rtn(int64_t x, int64_t y) {
  int64_t q = x / y, r = x % y;
  if (r != 0 && ((r < 0) != (y < 0))) --q;
  return q;
}

int64_t pooling_output_shape(int64_t in, int64_t k, int64_t pad, int64_t stride, int64_t dil,
                             bool ceil_mode) {
  TS_CHECK(stride != 0, "stride should not be zero");
  TS_CHECK(pad >= 0, "pad must be non-negative, but got pad: ", pad);
  TS_CHECK(pad <= k / 2, "pad should be at most half of kernel size, but got pad=", pad,
           " and kernel_size=", k);
  int64_t out = div_rtn(in + 2 * pad - dil * (k - 1) - 1 + (ceil_mode ? stride - 1 : 0), stride) + 1;
  if (ceil_mode && (out - 1) * stride >= in + pad) --out;
  return out;
}

struct PoolArgs {
  int64_t kh, kw, dh, dw, ph, pw, dilh, dilw, oh, ow;
};

PoolArgs check_pool(const Tensor& self, IntArrayRef ks, IntArrayRef stride, IntArrayRef padding,
                    IntArrayRef dilation, bool ceil_mode) {
  PoolArgs a;
  std::tie(a.kh, a.kw) =
      int_pair(ks, "max_pool2d: kernel_size must either be a single int, or a tuple of two ints");
  std::tie(a.dh, a.dw) = int_pair(
      stride, "max_pool2d: stride must either be omitted, a single int, or a tuple of two ints",
      std::pair<int64_t, int64_t>{a.kh, a.kw});
  std::tie(a.ph, a.pw) =
      int_pair(padding, "max_pool2d: padding must be either be a single int, or a tuple of two ints");
  std::tie(a.dilh, a.dilw) =
      int_pair(dilation, "max_pool2d: dilation must be either a single int, or a tuple of two ints");
  TS_CHECK(self.dim() == 3 || self.dim() == 4,
           "non-empty 3D or 4D (batch mode) tensor expected for input");
  const int64_t ih = self.size(-2), iw = self.size(-1), planes = self.size(-3);
  a.oh = pooling_output_shape(ih, a.kh, a.ph, a.dh, a.dilh, ceil_mode);
  a.ow = pooling_output_shape(iw, a.kw, a.pw, a.dw, a.dilw, ceil_mode);
  TS_CHECK(a.kw > 0 && a.kh > 0, "kernel size should be greater than zero, but got kH: ", a.kh,
           " kW: ", a.kw);
  TS_CHECK(a.dw > 0 && a.dh > 0, "stride should be greater than zero, but got dH: ", a.dh,
           " dW: ", a.dw);
  TS_CHECK(a.dilh > 0 && a.dilw > 0, "dilation should be greater than zero, but got dilationH: ",
           a.dilh, " dilationW: ", a.dilw);
  const bool valid = self.size(1) != 0 && self.size(2) != 0;
  TS_CHECK((self.dim() == 3 && self.size(0) != 0 && valid) ||
               (self.dim() == 4 && valid && self.size(3) != 0),
           "Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, but got:",
           shape_str(self.sizes()));
  TS_CHECK(a.kw / 2 >= a.pw && a.kh / 2 >= a.ph,
           "pad should be smaller than or equal to half of kernel size, but got padW = ", a.pw,
           ", padH = ", a.ph, ", kW = ", a.kw, ", kH = ", a.kh);
  TS_CHECK(a.ow >= 1 && a.oh >= 1, "Given input size: (", planes, "x", ih, "x", iw, "). ",
           "Calculated output size: (", planes, "x", a.oh, "x", a.ow, "). ",
           "Output size is too small");
  DType t = self.dtype();
  if (t != DType::Float32 && t != DType::Float64 && t != DType::BFloat16)
    not_implemented("max_pool2d", t);
  return a;
}

DimVector pool_out_shape(const Tensor& self, const PoolArgs& a) {
  DimVector s(self.sizes());
  s[s.size() - 2] = a.oh;
  s[s.size() - 1] = a.ow;
  return s;
}

}  // namespace

std::tuple<Tensor, Tensor> max_pool2d_with_indices(const Tensor& self, IntArrayRef kernel_size,
                                                   IntArrayRef stride, IntArrayRef padding,
                                                   IntArrayRef dilation, bool ceil_mode) {
  TS_AUTOGRAD("max_pool2d_with_indices", self, kernel_size, stride, padding, dilation, ceil_mode);
  PoolArgs a = check_pool(self, kernel_size, stride, padding, dilation, ceil_mode);
  DimVector shape = pool_out_shape(self, a);
  Tensor out = empty(shape, options_of(self));
  Tensor idx = empty(shape, options_of(self, DType::Int64));
  if (out.numel() == 0) return {out, idx};
  Tensor in = contiguous(self);
  DimVector p{a.kh, a.kw, a.dh, a.dw, a.ph, a.pw, a.dilh, a.dilw};
  max_pool2d_stub(in.device().type, out, idx, in, IntArrayRef(p));
  return {out, idx};
}

// A composite: the public with_indices op records MaxPool2DWithIndicesBackward0, as PyTorch.
Tensor max_pool2d(const Tensor& self, IntArrayRef kernel_size, IntArrayRef stride,
                  IntArrayRef padding, IntArrayRef dilation, bool ceil_mode) {
  return std::get<0>(max_pool2d_with_indices(self, kernel_size, stride, padding, dilation, ceil_mode));
}

Tensor max_pool2d_with_indices_backward(const Tensor& grad_output, const Tensor& self,
                                        IntArrayRef kernel_size, IntArrayRef stride,
                                        IntArrayRef padding, IntArrayRef dilation, bool ceil_mode,
                                        const Tensor& indices) {
  TS_AUTOGRAD("max_pool2d_with_indices_backward", grad_output, self, kernel_size, stride, padding,
              dilation, ceil_mode, indices);
  PoolArgs a = check_pool(self, kernel_size, stride, padding, dilation, ceil_mode);
  DimVector shape = pool_out_shape(self, a);
  TS_CHECK(grad_output.sizes() == IntArrayRef(shape) && indices.sizes() == IntArrayRef(shape),
           "max_pool2d_with_indices_backward: expected grad_output and indices of size ",
           shape_str(shape), " but got ", shape_str(grad_output.sizes()), " and ",
           shape_str(indices.sizes()));
  TS_CHECK(indices.dtype() == DType::Int64, "expected scalar type Long but found ",
           torch_type_name(indices.dtype()));
  TS_CHECK(grad_output.dtype() == self.dtype(), "expected scalar type ",
           torch_type_name(self.dtype()), " but found ", torch_type_name(grad_output.dtype()));
  Tensor gi = empty(self.sizes(), options_of(self));
  if (gi.numel() == 0) return gi;
  Tensor go = contiguous(grad_output), ix = contiguous(indices);
  max_pool2d_backward_stub(go.device().type, gi, go, ix);
  return gi;
}

namespace {

std::array<bool, 3> bool3(const IValue& v) {
  const auto& it = v.items();
  return {it.at(0).to_bool(), it.at(1).to_bool(), it.at(2).to_bool()};
}

IValue opt_tensor(const Tensor& t) { return t.defined() ? IValue(t) : IValue(); }

}  // namespace

TS_REGISTER_OPS(conv) {
  r.def<&conv2d>("conv2d(Tensor input, Tensor weight, Tensor? bias=None, int[2] stride=1, int[2] padding=0, int[2] dilation=1, int groups=1) -> Tensor").composite_op();
  r.def<&conv2d_padding>("conv2d.padding(Tensor input, Tensor weight, Tensor? bias=None, int[2] stride=1, str padding=\"valid\", int[2] dilation=1, int groups=1) -> Tensor").composite_op();
  r.def<&conv1d>("conv1d(Tensor input, Tensor weight, Tensor? bias=None, int[1] stride=[1], int[1] padding=[0], int[1] dilation=[1], int groups=1) -> Tensor").composite_op();
  r.def<&conv1d_padding>("conv1d.padding(Tensor input, Tensor weight, Tensor? bias=None, int[1] stride=[1], str padding=\"valid\", int[1] dilation=[1], int groups=1) -> Tensor").composite_op();
  r.def<&conv_transpose1d>("conv_transpose1d(Tensor input, Tensor weight, Tensor? bias=None, int[1] stride=[1], int[1] padding=[0], int[1] output_padding=[0], int groups=1, int[1] dilation=[1]) -> Tensor").composite_op();
  r.def<&conv_transpose2d>("conv_transpose2d.input(Tensor input, Tensor weight, Tensor? bias=None, int[2] stride=1, int[2] padding=0, int[2] output_padding=0, int groups=1, int[2] dilation=1) -> Tensor").composite_op();
  r.def<&convolution>("convolution(Tensor input, Tensor weight, Tensor? bias, int[] stride, int[] padding, int[] dilation, bool transposed, int[] output_padding, int groups) -> Tensor")
      .variants("function")
      .grad("ConvolutionBackward0", "input:weight weight:input", TS_GRAD({
        // The gradient of one side needs only the other side's values and this side's shape.
        auto placeholder = [&](size_t i) { return empty(c.sizes(i), TensorOptions(c.dtype(i))); };
        Tensor in = c.need(1) ? c.in(0) : placeholder(0);
        Tensor w = c.need(0) ? c.in(1) : placeholder(1);
        auto [gi, gw, gb] = convolution_backward(c.grad(), in, w, c.ints(3), c.ints(4), c.ints(5),
                                                 c.flag(6), c.ints(7), c.i64(8),
                                                 {c.need(0), c.need(1), c.need(2)});
        return {gi, gw, gb};
      }));
  r.def("convolution_backward(Tensor grad_output, Tensor input, Tensor weight, SymInt[]? bias_sizes, int[] stride, int[] padding, int[] dilation, bool transposed, int[] output_padding, int groups, bool[3] output_mask) -> (Tensor, Tensor, Tensor)",
        [](Stack& s) {
          auto [gi, gw, gb] = convolution_backward(
              s[0].to_tensor(), s[1].to_tensor(), s[2].to_tensor(), s[4].to_int_list(),
              s[5].to_int_list(), s[6].to_int_list(), s[7].to_bool(), s[8].to_int_list(),
              s[9].to_int(), bool3(s[10]));
          s.clear();
          s.push_back(opt_tensor(gi));
          s.push_back(opt_tensor(gw));
          s.push_back(opt_tensor(gb));
        })
      .variants("function")
      .grad("ConvolutionBackwardBackward0", "grad_output input weight", TS_GRAD({
        // PyTorch's _convolution_double_backward: the backward is bilinear in (grad_output,
        // weight) and (grad_output, input).
        const Tensor &go = c.in(0), &x = c.in(1), &w = c.in(2);
        // Only the outputs output_mask asked for exist (and have an incoming gradient).
        Tensor gg[3];
        const std::vector<IValue> mask = c.args[10].items();
        for (size_t i = 0, k = 0; i < 3; ++i)
          if (mask.at(i).to_bool() && k < c.grads.size()) gg[i] = c.grads[k++];
        const Tensor &ggi = gg[0], &ggw = gg[1], &ggb = gg[2];
        auto st = c.ints(4), pad = c.ints(5), dil = c.ints(6), opad = c.ints(8);
        const bool tr = c.flag(7);
        const int64_t groups = c.i64(9);
        Tensor g_go, g_x, g_w;
        if (c.need(0)) {
          if (ggi.defined()) g_go = convolution(ggi, w, Tensor(), st, pad, dil, tr, opad, groups);
          if (ggw.defined()) {
            Tensor t = convolution(x, ggw, Tensor(), st, pad, dil, tr, opad, groups);
            g_go = g_go.defined() ? g_go + t : t;
          }
          if (ggb.defined()) {
            DimVector shape(size_t(go.dim()), 1);
            shape[1] = ggb.numel();
            Tensor t = expand(reshape(ggb, shape), go.sizes());
            g_go = g_go.defined() ? g_go + t : t;
          }
        }
        if (c.need(1) && ggw.defined())
          g_x = std::get<0>(convolution_backward(go, x, ggw, st, pad, dil, tr, opad, groups,
                                                 {true, false, false}));
        if (c.need(2) && ggi.defined())
          g_w = std::get<1>(convolution_backward(go, ggi, w, st, pad, dil, tr, opad, groups,
                                                 {false, true, false}));
        return {g_go, g_x, g_w};
      }));
  r.def<&max_pool2d>("max_pool2d(Tensor self, int[2] kernel_size, int[2] stride=[], int[2] padding=0, int[2] dilation=1, bool ceil_mode=False) -> Tensor")
      .composite_op();
  r.def<&max_pool2d_with_indices>("max_pool2d_with_indices(Tensor self, int[2] kernel_size, int[2] stride=[], int[2] padding=0, int[2] dilation=1, bool ceil_mode=False) -> (Tensor, Tensor)")
      .variants("function")
      .grad("MaxPool2DWithIndicesBackward0", "self result1", TS_GRAD({
        return {max_pool2d_with_indices_backward(c.grad(0), c.in(0), c.ints(1), c.ints(2),
                                                 c.ints(3), c.ints(4), c.flag(5), c.result(1))};
      }));
  r.def<&max_pool2d_with_indices_backward>("max_pool2d_with_indices_backward(Tensor grad_output, Tensor self, int[2] kernel_size, int[2] stride, int[2] padding, int[2] dilation, bool ceil_mode, Tensor indices) -> Tensor")
      .variants("function")
      .grad("MaxPool2DWithIndicesBackwardBackward0", "indices", TS_GRAD({
        // max_pool_double_backward: pick the grad-grad at the recorded argmax positions.
        const Tensor& idx = c.in(7);
        Tensor gg = gather(flatten(c.grad(), -2), -1, flatten(idx, -2));
        return {TS_IF(0, reshape(gg, idx.sizes())), TS_IF(1, zeros_like(c.grad())), Tensor()};
      }));
}

}  // namespace ts
