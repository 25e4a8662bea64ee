// avg_pool2d and adaptive_avg_pool2d with their backward ops. Checks and messages follow
// PyTorch 1.13's AveragePool2d.cpp, AdaptiveAveragePooling.cpp and Pool.h; kernels are in
// kernels/cpu/pool.cpp.
#include "ops/linalg_nn_util.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "stubs/pool.h"
#include "tensor/iter.h"

namespace ts {

TS_DEFINE_STUB(avg_pool2d_stub);
TS_DEFINE_STUB(avg_pool2d_backward_stub);
TS_DEFINE_STUB(adaptive_avg_pool2d_stub);
TS_DEFINE_STUB(adaptive_avg_pool2d_backward_stub);
TS_DEFINE_STUB(adaptive_max_pool2d_stub);

using namespace lnn;

namespace {

// Floor division (PyTorch's div_rtn).
int64_t div_rtn(int64_t x, int64_t y) {
  int64_t q = x / y, r = x % y;
  if (r != 0 && ((r < 0) != (y < 0))) --q;
  return q;
}

int64_t pooling_output_shape(int64_t in, int64_t k, int64_t pad, int64_t stride, bool ceil_mode) {
  TS_CHECK(stride != 0, "stride should not be zero");
  TS_CHECK(pad >= 0, "pad must be non-negative, but got pad: ", pad);
  TS_CHECK(pad <= k / 2, "pad should be at most half of kernel size, but got pad=", pad,
           " and kernel_size=", k);
  int64_t out = div_rtn(in + 2 * pad - (k - 1) - 1 + (ceil_mode ? stride - 1 : 0), stride) + 1;
  if (ceil_mode && (out - 1) * stride >= in + pad) --out;
  return out;
}

struct AvgArgs {
  int64_t kh, kw, dh, dw, ph, pw, oh, ow;
  DimVector params(bool count_include_pad, std::optional<int64_t> divisor) const {
    return {kh, kw, dh, dw, ph, pw, divisor.value_or(0), count_include_pad ? 1 : 0};
  }
};

// PyTorch's avg_pool2d meta function: argument lists, then pool2d_shape_check.
AvgArgs check_avg_pool(const Tensor& self, IntArrayRef ks, IntArrayRef stride,
                       IntArrayRef padding, bool ceil_mode,
                       std::optional<int64_t> divisor_override) {
  AvgArgs a;
  std::tie(a.kh, a.kw) =
      int_pair(ks, "avg_pool2d: kernel_size must either be a single int, or a tuple of two ints");
  std::tie(a.dh, a.dw) = int_pair(
      stride, "avg_pool2d: stride must either be omitted, a single int, or a tuple of two ints",
      std::pair<int64_t, int64_t>{a.kh, a.kw});
  std::tie(a.ph, a.pw) =
      int_pair(padding, "avg_pool2d: padding must either be a single int, or a tuple of two ints");
  TS_CHECK(!divisor_override || *divisor_override != 0, "divisor must be not zero");
  const int64_t planes = self.size(-3), ih = self.size(-2), iw = self.size(-1);
  a.oh = pooling_output_shape(ih, a.kh, a.ph, a.dh, ceil_mode);
  a.ow = pooling_output_shape(iw, a.kw, a.pw, a.dw, ceil_mode);
  TS_CHECK(a.kw > 0 && a.kh > 0, "kernel size should be greater than zero, but got kH: ", a.kh,
           " kW: ", a.kw);
  TS_CHECK(a.dw > 0 && a.dh > 0, "stride should be greater than zero, but got dH: ", a.dh,
           " dW: ", a.dw);
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
  if (t != DType::Float32 && t != DType::Float64 && t != DType::BFloat16 && t != DType::Int64)
    not_implemented("avg_pool2d", t);
  return a;
}

DimVector with_hw(IntArrayRef sizes, int64_t h, int64_t w) {
  DimVector s(sizes);
  s[s.size() - 2] = h;
  s[s.size() - 1] = w;
  return s;
}

// PyTorch's check_dim_size.
void check_dim_size(const Tensor& t, int64_t dim, int64_t dim_size, int64_t size) {
  TS_CHECK(t.dim() == dim && t.size(dim_size) == size, "Expected a tensor of dimension ", dim,
           " and tensor.size[", dim_size, "] == ", size, " but got: dimension ", t.dim(),
           " and tensor.size[", dim_size, "] = ", t.size(dim_size));
}

}  // namespace

Tensor avg_pool2d(const Tensor& self, IntArrayRef kernel_size, IntArrayRef stride,
                  IntArrayRef padding, bool ceil_mode, bool count_include_pad,
                  std::optional<int64_t> divisor_override) {
  TS_AUTOGRAD("avg_pool2d", self, kernel_size, stride, padding, ceil_mode, count_include_pad,
              divisor_override);
  AvgArgs a = check_avg_pool(self, kernel_size, stride, padding, ceil_mode, divisor_override);
  Tensor out = empty(with_hw(self.sizes(), a.oh, a.ow), options_of(self));
  if (out.numel() == 0) return out;
  Tensor in = contiguous(self);
  DimVector p = a.params(count_include_pad, divisor_override);
  avg_pool2d_stub(in.device().type, out, in, IntArrayRef(p));
  return out;
}

Tensor avg_pool2d_backward(const Tensor& grad_output, const Tensor& self, IntArrayRef kernel_size,
                           IntArrayRef stride, IntArrayRef padding, bool ceil_mode,
                           bool count_include_pad, std::optional<int64_t> divisor_override) {
  TS_AUTOGRAD("avg_pool2d_backward", grad_output, self, kernel_size, stride, padding, ceil_mode,
              count_include_pad, divisor_override);
  AvgArgs a = check_avg_pool(self, kernel_size, stride, padding, ceil_mode, divisor_override);
  const int64_t nd = self.dim();
  check_dim_size(grad_output, nd, nd - 3, self.size(-3));
  check_dim_size(grad_output, nd, nd - 2, a.oh);
  check_dim_size(grad_output, nd, nd - 1, a.ow);
  TS_CHECK(grad_output.dtype() == self.dtype(), "expected scalar type ",
           torch_type_name(self.dtype()), " but found ", torch_type_name(grad_output.dtype()));
  Tensor gi = empty(self.sizes(), options_of(self));
  if (gi.numel() == 0) return gi;
  Tensor go = contiguous(grad_output);
  DimVector p = a.params(count_include_pad, divisor_override);
  avg_pool2d_backward_stub(go.device().type, gi, go, IntArrayRef(p));
  return gi;
}

namespace {

void check_adaptive_output_size(IntArrayRef output_size) {
  TS_CHECK(output_size.size() == 2, "adaptive_avg_pool2d: output_size must be 2");
  TS_CHECK(output_size[0] >= 0 && output_size[1] >= 0,
           "adaptive_avg_pool2d: elements of output_size must be greater than or equal to 0 ",
           "but received {", output_size[0], ", ", output_size[1], "}");
}

}  // namespace

Tensor adaptive_avg_pool2d(const Tensor& self, IntArrayRef output_size) {
  check_adaptive_output_size(output_size);
  // PyTorch's global-pool shortcut (ResNet): a mean, recorded as MeanBackward1.
  if (output_size[0] == 1 && output_size[1] == 1) return mean(self, OptDims{-1, -2}, true);
  return _adaptive_avg_pool2d(self, output_size);
}

Tensor _adaptive_avg_pool2d(const Tensor& self, IntArrayRef output_size) {
  TS_AUTOGRAD("_adaptive_avg_pool2d", self, output_size);
  check_adaptive_output_size(output_size);
  const int64_t nd = self.dim();
  TS_CHECK(nd == 3 || nd == 4, "adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got ",
           shape_str(self.sizes()));
  for (int64_t i : {-2, -1})
    TS_CHECK(self.size(i) > 0,
             "adaptive_avg_pool2d(): Expected input to have non-zero size for non-batch "
             "dimensions, but input has sizes ",
             shape_str(self.sizes()), " with dimension ", i + nd, " being empty");
  Tensor out = empty(with_hw(self.sizes(), output_size[0], output_size[1]), options_of(self));
  if (out.numel() == 0) return out;
  DType t = self.dtype();
  if (t != DType::Float32 && t != DType::Float64 && t != DType::BFloat16)
    not_implemented("adaptive_avg_pool2d", t);
  Tensor in = contiguous(self);
  adaptive_avg_pool2d_stub(in.device().type, out, in);
  return out;
}

Tensor _adaptive_avg_pool2d_backward(const Tensor& grad_output, const Tensor& self) {
  TS_AUTOGRAD("_adaptive_avg_pool2d_backward", grad_output, self);
  const int64_t nd = grad_output.dim();
  for (int64_t i = 1; i < nd; ++i)
    TS_CHECK(grad_output.size(i) > 0,
             "adaptive_avg_pool2d_backward(): Expected grad_output to have non-zero size for "
             "non-batch dimensions, but grad_output has sizes ",
             shape_str(grad_output.sizes()), " with dimension ", i, " being empty");
  TS_CHECK(nd == 3 || nd == 4, "adaptive_avg_pool2d_backward(): Expected 3D or 4D tensor, but got ",
           shape_str(self.sizes()));
  TS_CHECK(self.dtype() == grad_output.dtype(), "expected dtype ", torch_type_name(self.dtype()),
           " for `grad_output` but got dtype ", torch_type_name(grad_output.dtype()));
  TS_CHECK(self.dim() == nd && grad_output.numel() / std::max<int64_t>(grad_output.size(-1) * grad_output.size(-2), 1) ==
                                   self.numel() / std::max<int64_t>(self.size(-1) * self.size(-2), 1),
           "adaptive_avg_pool2d_backward(): grad_output of size ", shape_str(grad_output.sizes()),
           " does not match input of size ", shape_str(self.sizes()));
  DType t = self.dtype();
  if (t != DType::Float32 && t != DType::Float64 && t != DType::BFloat16)
    not_implemented("adaptive_avg_pool2d_backward", t);
  Tensor gi = empty(self.sizes(), options_of(self));
  if (gi.numel() == 0) return gi;
  Tensor go = contiguous(grad_output);
  adaptive_avg_pool2d_backward_stub(go.device().type, gi, go);
  return gi;
}

std::tuple<Tensor, Tensor> adaptive_max_pool2d(const Tensor& self, IntArrayRef output_size) {
  TS_AUTOGRAD("adaptive_max_pool2d", self, output_size);
  const int64_t nd = self.dim();
  TS_CHECK(nd == 3 || nd == 4, "adaptive_max_pool2d(): Expected 3D or 4D tensor, but got: ",
           shape_str(self.sizes()));
  for (int64_t i = 1; i < nd; ++i)
    TS_CHECK(self.size(i) > 0,
             "adaptive_max_pool2d(): Expected input to have non-zero size for non-batch "
             "dimensions, but input has sizes ",
             shape_str(self.sizes()), " with dimension ", i, " being empty");
  TS_CHECK(output_size.size() == 2,
           "adaptive_max_pool2d(): internal error: output_size.size() must be 2");
  DimVector shape = with_hw(self.sizes(), output_size[0], output_size[1]);
  for (int64_t s : shape)
    TS_CHECK(s >= 0, "Trying to create tensor with negative dimension ", s, ": ",
             shape_str(shape));
  Tensor out = empty(shape, options_of(self));
  Tensor idx = empty(shape, options_of(self, DType::Int64));
  DType t = self.dtype();
  if (t != DType::Float32 && t != DType::Float64 && t != DType::BFloat16)
    not_implemented("adaptive_max_pool2d", t);
  if (out.numel() == 0) return {out, idx};
  Tensor in = contiguous(self);
  adaptive_max_pool2d_stub(in.device().type, out, idx, in);
  return {out, idx};
}

Tensor adaptive_max_pool2d_backward(const Tensor& grad_output, const Tensor& self,
                                    const Tensor& indices) {
  TS_AUTOGRAD("adaptive_max_pool2d_backward", grad_output, self, indices);
  const int64_t nd = grad_output.dim();
  TS_CHECK(nd == 3 || nd == 4,
           "adaptive_max_pooling2d_backward(): Expected 3D or 4D grad_output, but got: ",
           shape_str(grad_output.sizes()));
  for (int64_t i = 1; i < nd; ++i)
    TS_CHECK(grad_output.size(i) > 0,
             "adaptive_max_pooling2d_backward(): Expected grad_output to have non-zero size for "
             "non-batch dimensions, but grad_output has sizes ",
             shape_str(grad_output.sizes()), " with dimension ", i, " being empty");
  TS_CHECK(self.dtype() == grad_output.dtype(), "expected dtype ", cpp_type_name(self.dtype()),
           " for `grad_output` but got dtype ", cpp_type_name(grad_output.dtype()));
  TS_CHECK(indices.sizes() == grad_output.sizes() && indices.dtype() == DType::Int64 &&
               self.dim() == nd,
           "adaptive_max_pool2d_backward(): expected Long indices of size ",
           shape_str(grad_output.sizes()), " and input of ", nd, " dims");
  Tensor gi = empty(self.sizes(), options_of(self));
  if (gi.numel() == 0) return gi;
  Tensor go = contiguous(grad_output), ix = contiguous(indices);
  max_pool2d_backward_stub(go.device().type, gi, go, ix);
  return gi;
}

namespace {

// PyTorch's checkDimRange(fn, self, 2, 4) and check1d for the 1-d pooling ops.
void check_1d_input(const Tensor& self, const char* fn) {
  TS_CHECK(self.dim() >= 2 && self.dim() < 4, "Expected 2 to 3 dimensions, but got ", self.dim(),
           "-dimensional tensor for argument #1 'self' (while checking arguments for ", fn, ")");
}

void check1d(const char* fn, const char* arg, IntArrayRef v) {
  TS_CHECK(v.size() == 1, fn, "() argument '", arg, "' should contain one int (got ", v.size(),
           ")");
}

}  // namespace

Tensor max_pool1d(const Tensor& self, IntArrayRef kernel_size, IntArrayRef stride_in,
                  IntArrayRef padding, IntArrayRef dilation, bool ceil_mode) {
  // PyTorch's check_max_pool1d (its no-grad path; the grad path is this same composite).
  const int64_t nd = self.dim();
  TS_CHECK((nd == 2 && self.size(0) != 0 && self.size(1) != 0) ||
               (nd == 3 && self.size(1) != 0 && self.size(2) != 0),
           "max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim batch size for "
           "input, but got:",
           shape_str(self.sizes()));
  TS_CHECK(kernel_size.size() == 1,
           "max_pool1d() kernel_size must be an int, list of ints or tuple of ints of size 1 but "
           "got size ",
           kernel_size.size());
  TS_CHECK(stride_in.empty() || stride_in.size() == 1,
           "max_pool1d() stride must be None, an int, list of ints, or tuple of ints of size 1 "
           "but got size ",
           stride_in.size());
  TS_CHECK(padding.size() == 1,
           "max_pool1d() padding must be an int, list of ints, or tuple of ints of size 1 but "
           "got size ",
           padding.size());
  TS_CHECK(dilation.size() == 1,
           "max_pool1d() dilation must be an int, list of ints, or tuple of ints of size 1 but "
           "got size ",
           dilation.size());
  const int64_t k = kernel_size[0], st = stride_in.empty() ? k : stride_in[0], pad = padding[0],
                dil = dilation[0];
  TS_CHECK(k > 0, "max_pool1d() kernel_size must be greater than zero, but got ", k);
  TS_CHECK(st > 0, "max_pool1d() stride must be greater than zero, but got ", st);
  TS_CHECK(pad >= 0, "max_pool1d() padding must be non-negative, but got ", pad);
  TS_CHECK(pad <= k / 2, "max_pool1d() padding should be at most half of kernel size, but got "
           "padding=", pad, " and kernel_size=", k);
  TS_CHECK(dil > 0, "max_pool1d() dilation must be greater than zero, but got ", dil);
  int64_t ow = div_rtn(self.size(-1) + 2 * pad - dil * (k - 1) - 1 + (ceil_mode ? st - 1 : 0), st) + 1;
  if (ceil_mode && (ow - 1) * st >= self.size(-1) + pad) --ow;
  TS_CHECK(ow >= 0, "max_pool1d() Invalid computed output size: ", ow);
  DType t = self.dtype();
  if (t != DType::Float32 && t != DType::Float64 && t != DType::BFloat16)
    not_implemented("max_pool1d_impl", t);
  // PyTorch's no-grad kernel allows an empty output; its grad path (max_pool2d) refuses it.
  if (ow == 0 && !(GradMode::is_enabled() && self.requires_grad())) {
    DimVector shape(self.sizes());
    shape[shape.size() - 1] = 0;
    return empty(shape, options_of(self));
  }
  Tensor out = std::get<0>(max_pool2d_with_indices(unsqueeze(self, -2), {1, k}, {1, st}, {0, pad},
                                                   {1, dil}, ceil_mode));
  return squeeze(out, -2);
}

Tensor avg_pool1d(const Tensor& self, IntArrayRef kernel_size, IntArrayRef stride_in,
                  IntArrayRef padding, bool ceil_mode, bool count_include_pad) {
  IntArrayRef stride = stride_in.empty() ? kernel_size : stride_in;
  check_1d_input(self, "avg_pool1d");
  check1d("avg_pool1d", "kernel_size", kernel_size);
  check1d("avg_pool1d", "stride", stride);
  check1d("avg_pool1d", "padding", padding);
  Tensor out = avg_pool2d(unsqueeze(self, -2), {1, kernel_size[0]}, {1, stride[0]},
                          {0, padding[0]}, ceil_mode, count_include_pad);
  return squeeze(out, -2);
}

Tensor adaptive_avg_pool1d(const Tensor& self, IntArrayRef output_size) {
  check_1d_input(self, "adaptive_avg_pool1d");
  check1d("adaptive_avg_pool1d", "output_size", output_size);
  return squeeze(adaptive_avg_pool2d(unsqueeze(self, -2), {1, output_size[0]}), -2);
}

TS_REGISTER_OPS(pool) {
  r.def<&avg_pool2d>("avg_pool2d(Tensor self, int[2] kernel_size, int[2] stride=[], int[2] padding=0, bool ceil_mode=False, bool count_include_pad=True, int? divisor_override=None) -> Tensor")
      .variants("function")
      .grad("AvgPool2DBackward0", "self", TS_GRAD({
        std::optional<int64_t> div;
        if (!c.none(6)) div = c.i64(6);
        return {avg_pool2d_backward(c.grad(), c.in(0), c.ints(1), c.ints(2), c.ints(3),
                                    c.flag(4), c.flag(5), div)};
      }));
  r.def<&avg_pool2d_backward>("avg_pool2d_backward(Tensor grad_output, Tensor self, int[2] kernel_size, int[2] stride, int[2] padding, bool ceil_mode, bool count_include_pad, int? divisor_override) -> Tensor")
      .variants("function")
      .grad("AvgPool2DBackwardBackward0", "self", TS_GRAD({
        // Linear in grad_output: its gradient is the forward pooling of the incoming one.
        std::optional<int64_t> div;
        if (!c.none(7)) div = c.i64(7);
        return {TS_IF(0, avg_pool2d(c.grad(), c.ints(2), c.ints(3), c.ints(4), c.flag(5),
                                    c.flag(6), div)),
                TS_IF(1, zeros_like(c.in(1)))};
      }));
  r.def<&adaptive_avg_pool2d>("adaptive_avg_pool2d(Tensor self, SymInt[2] output_size) -> Tensor")
      .variants("function")
      .composite_op();
  r.def<&_adaptive_avg_pool2d>("_adaptive_avg_pool2d(Tensor self, SymInt[2] output_size) -> Tensor")
      .variants("function")
      .grad("AdaptiveAvgPool2DBackward0", "self", TS_GRAD({
        return {_adaptive_avg_pool2d_backward(c.grad(), c.in(0))};
      }));
  r.def<&_adaptive_avg_pool2d_backward>("_adaptive_avg_pool2d_backward(Tensor grad_output, Tensor self) -> Tensor")
      .variants("function")
      .grad("AdaptiveAvgPool2DBackwardBackward0", "self", TS_GRAD({
        const Tensor& g = c.grad();
        return {TS_IF(0, _adaptive_avg_pool2d(g, {c.sizes(0)[c.sizes(0).size() - 2],
                                                  c.sizes(0)[c.sizes(0).size() - 1]})),
                TS_IF(1, zeros_like(c.in(1)))};
      }));

  r.def<&adaptive_max_pool2d>("adaptive_max_pool2d(Tensor self, int[2] output_size) -> (Tensor, Tensor)")
      .variants("function")
      .grad("AdaptiveMaxPool2DBackward0", "self result1", TS_GRAD({
        return {adaptive_max_pool2d_backward(c.grad(0), c.in(0), c.result(1))};
      }));
  r.def<&adaptive_max_pool2d_backward>("adaptive_max_pool2d_backward(Tensor grad_output, Tensor self, Tensor indices) -> Tensor")
      .variants("function")
      .grad("AdaptiveMaxPool2DBackwardBackward0", "self indices", TS_GRAD({
        // max_pool_double_backward: pick the grad-grad at the recorded argmax positions.
        const Tensor& idx = c.in(2);
        Tensor gg = gather(flatten(c.grad(), -2), -1, flatten(idx, -2));
        return {TS_IF(0, reshape(gg, idx.sizes())), TS_IF(1, zeros_like(c.in(1))), Tensor()};
      }));
  r.def<&max_pool1d>("max_pool1d(Tensor self, int[1] kernel_size, int[1] stride=[], int[1] padding=0, int[1] dilation=1, bool ceil_mode=False) -> Tensor")
      .composite_op();
  r.def<&avg_pool1d>("avg_pool1d(Tensor self, int[1] kernel_size, int[1] stride=[], int[1] padding=0, bool ceil_mode=False, bool count_include_pad=True) -> Tensor")
      .composite_op();
  r.def<&adaptive_avg_pool1d>("adaptive_avg_pool1d(Tensor self, int[1] output_size) -> Tensor")
      .composite_op();
}

}  // namespace ts
