// im2col / col2im (F.unfold / F.fold). Checks and messages follow PyTorch 1.13 (Im2Col.cpp,
// Col2Im.cpp, im2col_shape_check.h), quirks included. Both are composites over strided windows
// of a padded tensor and carry their own derivatives (each other's adjoints).
#include <sstream>

#include "ops/api_nn.h"
#include "ops/linalg_nn_util.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "tensor/grad_mode.h"

namespace ts {

using namespace lnn;

namespace {

int64_t div_floor(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

struct Win {
  int64_t kh, kw, dh, dw, ph, pw, sh, sw;
};

Win check_win(IntArrayRef kernel, IntArrayRef dilation, IntArrayRef padding, IntArrayRef stride,
              bool col2im_order) {
  TS_CHECK(kernel.size() == 2, "It is expected kernel_size equals to 2, but got size ", kernel.size());
  TS_CHECK(dilation.size() == 2, "It is expected dilation equals to 2, but got size ", dilation.size());
  TS_CHECK(padding.size() == 2, "It is expected padding equals to 2, but got size ", padding.size());
  TS_CHECK(stride.size() == 2, "It is expected stride equals to 2, but got size ", stride.size());
  Win w{kernel[0], kernel[1], dilation[0], dilation[1], padding[0], padding[1], stride[0], stride[1]};
  TS_CHECK(w.kw > 0 && w.kh > 0, "kernel size should be greater than zero, but got kernel_height: ",
           w.kh, " kernel_width: ", w.kw);
  auto check_stride = [&] {
    TS_CHECK(w.sw > 0 && w.sh > 0, "stride should be greater than zero, but got stride_height: ",
             w.sh, " stride_width: ", w.sw);
  };
  if (col2im_order) check_stride();
  TS_CHECK(w.dw > 0 && w.dh > 0, "dilation should be greater than zero, but got dilation_height: ",
           w.dh, " dilation_width: ", w.dw);
  TS_CHECK(w.pw >= 0 && w.ph >= 0, "padding should be non-negative, but got pad_height: ", w.ph,
           " pad_width: ", w.pw);
  if (!col2im_order) check_stride();
  return w;
}

void check_unfold_dtype(DType t, const char* kernel) {
  if (!is_floating(t)) not_implemented(kernel, t);
}

// The strided window of a padded [N, C, Hp, Wp] tensor that kernel offset (i, j) reads.
Tensor window(const Tensor& padded, const Win& w, int64_t i, int64_t j, int64_t oh, int64_t ow) {
  Tensor t = slice(padded, 2, i * w.dh, i * w.dh + (oh - 1) * w.sh + 1, w.sh);
  return slice(t, 3, j * w.dw, j * w.dw + (ow - 1) * w.sw + 1, w.sw);
}

}  // namespace

Tensor im2col(const Tensor& self, IntArrayRef kernel_size, IntArrayRef dilation,
              IntArrayRef padding, IntArrayRef stride) {
  TS_AUTOGRAD("im2col", self, kernel_size, dilation, padding, stride);
  const Win w = check_win(kernel_size, dilation, padding, stride, false);
  const bool valid = size_at(self, 1) != 0 && size_at(self, 2) != 0;
  const int64_t nd = self.dim();
  TS_CHECK((nd == 3 && self.size(0) != 0 && valid) || (nd == 4 && valid && self.size(3) != 0),
           "Expected 3D or 4D (batch mode) tensor with possibly 0 batch size and other non-zero "
           "dimensions for input, but got: ", shape_str(self.sizes()));
  const int64_t h = self.size(-2), wd = self.size(-1);
  const int64_t oh = div_floor(h + 2 * w.ph - (w.dh * (w.kh - 1) + 1), w.sh) + 1;
  const int64_t ow = div_floor(wd + 2 * w.pw - (w.dw * (w.kw - 1) + 1), w.sw) + 1;
  // PyTorch prints the input height twice here.
  TS_CHECK(oh >= 1 && ow >= 1, "Given input with spatial size (", h, ", ", h, "), kernel_size=(",
           w.kh, ", ", w.kw, "), dilation=(", w.dh, ", ", w.dw, "), padding=(", w.ph, ", ", w.pw,
           "), calculated shape of the array of sliding blocks as (", oh, ", ", ow,
           "), but its components must be at least one.");
  check_unfold_dtype(self.dtype(), "im2col_out_cpu");
  Tensor in = nd == 3 ? unsqueeze(self, 0) : self;
  const int64_t n = in.size(0), c = in.size(1);
  Tensor padded = constant_pad_nd(in, {w.pw, w.pw, w.ph, w.ph}, 0);
  Tensor out = empty({n, c, w.kh * w.kw, oh, ow}, options_of(self));
  for (int64_t i = 0; i < w.kh; ++i)
    for (int64_t j = 0; j < w.kw; ++j) copy_(select(out, 2, i * w.kw + j), window(padded, w, i, j, oh, ow));
  out = reshape(out, {n, c * w.kh * w.kw, oh * ow});
  return nd == 3 ? squeeze(out, 0) : out;
}

Tensor col2im(const Tensor& self, IntArrayRef output_size, IntArrayRef kernel_size,
              IntArrayRef dilation, IntArrayRef padding, IntArrayRef stride) {
  TS_AUTOGRAD("col2im", self, output_size, kernel_size, dilation, padding, stride);
  TS_CHECK(output_size.size() == 2, "It is expected output_size equals to 2, but got size ",
           output_size.size());
  const Win w = check_win(kernel_size, dilation, padding, stride, true);
  const int64_t nd = self.dim();
  TS_CHECK((nd == 2 && self.size(0) != 0 && self.size(1) != 0) ||
               (nd == 3 && self.size(1) != 0 && self.size(2) != 0),
           "Expected 2D or 3D (batch mode) tensor for input with possibly 0 batch size and "
           "non-zero dimensions for input, but got: ", shape_str(self.sizes()));
  const int64_t planes = self.size(-2), length = self.size(-1);
  TS_CHECK(planes % (w.kw * w.kh) == 0, "Expected size of input's dimension 1 to be divisible by "
           "the product of kernel_size, but got input.size(1)=", planes, " and kernel_size=(",
           w.kh, ", ", w.kw, ").");
  const int64_t oh_img = output_size[0], ow_img = output_size[1];
  const int64_t bh = div_floor(oh_img + 2 * w.ph - w.dh * (w.kh - 1) - 1, w.sh) + 1;
  const int64_t bw = div_floor(ow_img + 2 * w.pw - w.dw * (w.kw - 1) - 1, w.sw) + 1;
  std::ostringstream geom;
  geom << "Given output_size=(" << oh_img << ", " << ow_img << "), kernel_size=(" << w.kh << ", "
       << w.kw << "), dilation=(" << w.dh << ", " << w.dw << "), padding=(" << w.ph << ", " << w.pw
       << "), stride=(" << w.sh << ", " << w.sw << "), ";
  TS_CHECK(length == bh * bw, geom.str(), "expected size of input's dimension 2 to match the "
           "calculated number of sliding blocks ", bh, " * ", bw, " = ", bh * bw,
           ", but got input.size(2)=", length, ".");
  TS_CHECK(bh >= 1 && bw >= 1, geom.str(), "calculated shape of the array of sliding blocks as (",
           bh, ", ", bw, "), which is invalid.");
  check_unfold_dtype(self.dtype(), "col2im_out_cpu");
  Tensor in = nd == 2 ? unsqueeze(self, 0) : self;
  const int64_t n = in.size(0), c = planes / (w.kh * w.kw);
  Tensor cols = reshape(in, {n, c, w.kh * w.kw, bh, bw});
  // Accumulate in the padded image, then crop the padding off.
  Tensor acc = zeros({n, c, oh_img + 2 * w.ph, ow_img + 2 * w.pw}, options_of(self));
  for (int64_t i = 0; i < w.kh; ++i)
    for (int64_t j = 0; j < w.kw; ++j) add_(window(acc, w, i, j, bh, bw), select(cols, 2, i * w.kw + j));
  Tensor out = contiguous(narrow(narrow(acc, 2, w.ph, oh_img), 3, w.pw, ow_img));
  return nd == 2 ? squeeze(out, 0) : out;
}

TS_REGISTER_OPS(fold) {
  r.def<&im2col>("im2col(Tensor self, int[2] kernel_size, int[2] dilation, int[2] padding, int[2] stride) -> Tensor").variants("")
      .grad("Im2ColBackward0", "", TS_GRAD({
        IntArrayRef s = c.sizes(0);
        return {col2im(c.grad(), {s[s.size() - 2], s[s.size() - 1]}, c.ints(1), c.ints(2), c.ints(3), c.ints(4))};
      }));
  r.def<&col2im>("col2im(Tensor self, SymInt[2] output_size, int[2] kernel_size, int[2] dilation, int[2] padding, int[2] stride) -> Tensor").variants("")
      .grad("Col2ImBackward0", "", TS_GRAD({
        return {im2col(c.grad(), c.ints(2), c.ints(3), c.ints(4), c.ints(5))};
      }));
}

}  // namespace ts
