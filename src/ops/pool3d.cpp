// max_pool3d_with_indices (and its backward) and max_unpool3d: PyTorch 1.13's
// DilatedMaxPool3d.cpp and MaxUnpooling.cpp. Indices are flat positions in each input volume
// (d * H * W + h * W + w). Kernel in kernels/cpu/pool3d.cpp. max_pool3d is the first result of
// max_pool3d_with_indices; avg_pool3d (AveragePool3d.cpp) is a composite over avg_pool2d (one
// per kernel depth offset on strided depth slices, summed, then divided as PyTorch divides).
#include <algorithm>
#include <limits>
#include <vector>

#include "ops/api_pool.h"
#include "ops/linalg_nn_util.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "stubs/pool.h"
#include "tensor/dispatch_stub.h"

namespace ts {

TS_DEFINE_STUB(max_pool3d_stub);

using namespace lnn;

namespace {

struct Triple3 {
  int64_t d, h, w;
};

Triple3 triple3(IntArrayRef v, const char* msg, std::optional<Triple3> dflt = std::nullopt) {
  if (v.empty() && dflt) return *dflt;
  TS_CHECK(v.size() == 1 || v.size() == 3, msg);
  return v.size() == 1 ? Triple3{v[0], v[0], v[0]} : Triple3{v[0], v[1], v[2]};
}

int64_t floor_div(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

// pooling_output_shape of Pool.h.
int64_t pooled(int64_t in, int64_t k, int64_t pad, int64_t stride, int64_t dil, bool ceil_mode) {
  int64_t out = floor_div(in + 2 * pad - dil * (k - 1) - 1 + (ceil_mode ? stride - 1 : 0), stride) + 1;
  if (ceil_mode && (out - 1) * stride >= in + pad) --out;
  return out;
}

// The checked geometry of one max_pool3d call: kernel, stride, padding, dilation and the output
// depth, height and width.
struct Pool3dArgs {
  Triple3 k, s, p, d;
  int64_t od, oh, ow;
};

Pool3dArgs check_pool3d(const Tensor& self, IntArrayRef kernel_size, IntArrayRef stride,
                        IntArrayRef padding, IntArrayRef dilation, bool ceil_mode) {
  Pool3dArgs a;
  a.k = triple3(kernel_size, "max_pool3d: kernel_size must either be a single int, or a tuple of three ints");
  a.s = triple3(stride, "max_pool3d: stride must either be omitted, a single int, or a tuple of three ints", a.k);
  a.p = triple3(padding, "max_pool3d: padding must either be a single int, or a tuple of three ints");
  a.d = triple3(dilation, "max_pool3d: dilation must be either a single int, or a tuple of three ints");
  const int64_t nd = self.dim();
  TS_CHECK(nd == 4 || nd == 5, "non-empty 4D or 5D (batch mode) tensor expected for input");
  TS_CHECK(a.s.d != 0 && a.s.h != 0 && a.s.w != 0, "stride should not be zero");
  TS_CHECK(a.d.d > 0 && a.d.h > 0 && a.d.w > 0, "dilation should be greater than zero, but got dilationT: ",
           a.d.d, " dilationH: ", a.d.h, " dilationW: ", a.d.w);
  TS_CHECK(a.k.d / 2 >= a.p.d && a.k.h / 2 >= a.p.h && a.k.w / 2 >= a.p.w, "pad should be at most half of "
           "kernel size, but got pad=", a.p.d, " and kernel_size=", a.k.d);
  const int64_t off = nd == 5 ? 1 : 0;
  for (int64_t i = 0; i < 4; ++i)
    TS_CHECK(self.size(i + off) > 0, "max_pool3d_with_indices_out_cpu_template(): Expected input's "
             "non-batch dimensions to have positive length, but input has a shape of ",
             shape_str(self.sizes()), " and non-batch dimension ", i, " has length zero!");
  const int64_t id = self.size(-3), ih = self.size(-2), iw = self.size(-1);
  a.od = pooled(id, a.k.d, a.p.d, a.s.d, a.d.d, ceil_mode);
  a.oh = pooled(ih, a.k.h, a.p.h, a.s.h, a.d.h, ceil_mode);
  a.ow = pooled(iw, a.k.w, a.p.w, a.s.w, a.d.w, ceil_mode);
  TS_CHECK(a.od >= 1 && a.oh >= 1 && a.ow >= 1, "Given input size: (", self.size(-4), "x", id, "x", ih,
           "x", iw, "). Calculated output size: (", self.size(-4), "x", a.od, "x", a.oh, "x", a.ow,
           "). Output size is too small");
  return a;
}

DimVector pool3d_out_shape(const Tensor& self, const Pool3dArgs& a) {
  DimVector s(self.sizes());
  s[s.size() - 3] = a.od;
  s[s.size() - 2] = a.oh;
  s[s.size() - 1] = a.ow;
  return s;
}

}  // namespace

std::tuple<Tensor, Tensor> max_pool3d_with_indices(const Tensor& self, IntArrayRef kernel_size,
                                                   IntArrayRef stride, IntArrayRef padding,
                                                   IntArrayRef dilation, bool ceil_mode) {
  TS_AUTOGRAD("max_pool3d_with_indices", self, kernel_size, stride, padding, dilation, ceil_mode);
  const Pool3dArgs a = check_pool3d(self, kernel_size, stride, padding, dilation, ceil_mode);
  const DType t = self.dtype();
  if (t != DType::Float32 && t != DType::Float64) not_implemented("max_pool3d_with_indices_cpu", t);
  DimVector shape = pool3d_out_shape(self, a);
  Tensor out = empty(shape, options_of(self));
  Tensor idx = empty(shape, options_of(self, DType::Int64));
  if (out.numel() == 0) return {out, idx};
  const int64_t planes = self.numel() / (self.size(-3) * self.size(-2) * self.size(-1));
  Tensor in = reshape(contiguous(self), {planes, self.size(-3), self.size(-2), self.size(-1)});
  DimVector p{a.k.d, a.k.h, a.k.w, a.s.d, a.s.h, a.s.w, a.p.d, a.p.h, a.p.w, a.d.d, a.d.h, a.d.w};
  max_pool3d_stub(in.device().type, reshape(out, {planes, a.od, a.oh, a.ow}),
                  reshape(idx, {planes, a.od, a.oh, a.ow}), in, IntArrayRef(p));
  return {out, idx};
}

// Written with scatter_add so that create_graph records it (its derivative gathers the
// grad-grad at the argmax positions, PyTorch's max_pool_double_backward).
Tensor max_pool3d_with_indices_backward(const Tensor& grad_output, const Tensor& self,
                                        IntArrayRef kernel_size, IntArrayRef stride,
                                        IntArrayRef padding, IntArrayRef dilation, bool ceil_mode,
                                        const Tensor& indices) {
  const Pool3dArgs a = check_pool3d(self, kernel_size, stride, padding, dilation, ceil_mode);
  DimVector shape = pool3d_out_shape(self, a);
  TS_CHECK(grad_output.sizes() == IntArrayRef(shape) && indices.sizes() == IntArrayRef(shape),
           "max_pool3d_with_indices_backward: expected grad_output and indices of size ",
           shape_str(shape), " but got ", shape_str(grad_output.sizes()), " and ",
           shape_str(indices.sizes()));
  TS_CHECK(indices.dtype() == DType::Int64, "expected scalar type Long but found ",
           torch_type_name(indices.dtype()));
  const int64_t vol = self.size(-3) * self.size(-2) * self.size(-1);
  const int64_t planes = self.numel() / vol;
  Tensor go = reshape(grad_output, {planes, a.od * a.oh * a.ow});
  Tensor ix = reshape(indices, {planes, a.od * a.oh * a.ow});
  Tensor gi = scatter_add(zeros({planes, vol}, options_of(grad_output)), 1, ix, go);
  return reshape(gi, self.sizes());
}

Tensor max_unpool3d(const Tensor& self, const Tensor& indices, IntArrayRef output_size,
                    IntArrayRef stride, IntArrayRef padding) {
  TS_AUTOGRAD("max_unpool3d", self, indices, output_size, stride, padding);
  TS_CHECK(indices.dtype() == DType::Int64, "elements in indices should be type int64");
  TS_CHECK(self.dim() == 4 || self.dim() == 5, "Input to max_unpooling3d should be a 4d or 5d "
           "Tensor, but got a tensor with ", self.dim(), " dimensions.");
  TS_CHECK(output_size.size() == 3, "There should be exactly three elements (depth, height, width) "
           "in output_size, but got ", output_size.size(), " elements.");
  TS_CHECK(stride.size() == 3, "There should be exactly three elements (depth, height, width) in "
           "stride, but got: ", stride.size(), " elements.");
  TS_CHECK(padding.size() == 3, "There should be exactly three elements (depth, height, width) in "
           "padding, but got: ", padding.size(), " elements.");
  TS_CHECK(self.sizes() == indices.sizes(), "Expected shape of indices to be same as that of the "
           "input tensor (", shape_str(self.sizes()), ") but got indices tensor with shape: ",
           shape_str(indices.sizes()));
  for (int64_t i = 1; i < self.dim(); ++i)
    TS_CHECK(self.size(i) > 0, "max_unpooling3d_forward_out_cpu(): Expected input to have non-zero "
             "size for non-batch dimensions, but got ", shape_str(self.sizes()), " with dimension ",
             i, " being empty.");
  TS_CHECK(stride[0] > 0 && stride[1] > 0 && stride[2] > 0,
           "strides should be greater than zero, but got stride: ", shape_str(stride));
  const DType t = self.dtype();
  if (t != DType::Float32 && t != DType::Float64) not_implemented("max_unpool3d", t);
  const int64_t ot = output_size[0], oh = output_size[1], ow = output_size[2];
  const bool batched = self.dim() == 5;
  Tensor x = batched ? self : unsqueeze(self, 0);
  Tensor idx = batched ? indices : unsqueeze(indices, 0);
  const int64_t n = x.size(0), ch = x.size(1), vol = x.size(2) * x.size(3) * x.size(4);
  Tensor flat_idx = reshape(idx, {n, ch, vol});
  {
    Tensor ic = contiguous(flat_idx);
    const int64_t* ip = ic.data<int64_t>();
    for (int64_t i = 0; i < ic.numel(); ++i)
      TS_CHECK(ip[i] >= 0 && ip[i] < ot * oh * ow, "Found an invalid max index: ", ip[i],
               " (output volumes are of size ", ot, "x", oh, "x", ow);
  }
  Tensor out = scatter(zeros({n, ch, ot * oh * ow}, options_of(self)), 2, flat_idx, reshape(x, {n, ch, vol}));
  out = reshape(out, {n, ch, ot, oh, ow});
  return batched ? out : squeeze(out, 0);
}

// A composite: the with_indices op records MaxPool3DWithIndicesBackward0, as PyTorch.
Tensor max_pool3d(const Tensor& self, IntArrayRef kernel_size, IntArrayRef stride,
                  IntArrayRef padding, IntArrayRef dilation, bool ceil_mode) {
  return std::get<0>(max_pool3d_with_indices(self, kernel_size, stride, padding, dilation, ceil_mode));
}

namespace {

// Per output position along one dim, the window size PyTorch divides by.
std::vector<double> avg_counts(int64_t in, int64_t out, int64_t k, int64_t s, int64_t p, bool include_pad) {
  std::vector<double> c(static_cast<size_t>(out));
  for (int64_t o = 0; o < out; ++o) {
    int64_t start = o * s - p, end = std::min(start + k, in + p);
    const int64_t pool = end - start;
    start = std::max<int64_t>(start, 0);
    end = std::min(end, in);
    c[size_t(o)] = double(include_pad ? pool : end - start);
  }
  return c;
}

}  // namespace

Tensor avg_pool3d(const Tensor& self, IntArrayRef kernel_size, IntArrayRef stride_in, IntArrayRef padding,
                  bool ceil_mode, bool count_include_pad, std::optional<int64_t> divisor_override) {
  const Triple3 k = triple3(kernel_size, "avg_pool3d: kernel_size must be a single int, or a tuple of three ints");
  const Triple3 s = triple3(stride_in, "avg_pool3d: stride must be omitted, a single int, or a tuple of three ints", k);
  const Triple3 p = triple3(padding, "avg_pool3d: padding must be a single int, or a tuple of three ints");
  TS_CHECK(!divisor_override || *divisor_override != 0, "divisor must be not zero");
  const int64_t nd = self.dim();
  TS_CHECK(nd == 4 || nd == 5, "non-empty 4D or 5D (batch mode) tensor expected for input");
  TS_CHECK(s.d != 0 && s.h != 0 && s.w != 0, "stride should not be zero");
  TS_CHECK(k.d / 2 >= p.d && k.h / 2 >= p.h && k.w / 2 >= p.w, "pad should be at most half of "
           "kernel size, but got pad=", p.d, " and kernel_size=", k.d);
  const int64_t id = self.size(-3), ih = self.size(-2), iw = self.size(-1);
  TS_CHECK(id >= k.d && ih >= k.h && iw >= k.w, "input image (T: ", id, " H: ", ih, " W: ", iw,
           ") smaller than kernel size (kT: ", k.d, " kH: ", k.h, " kW: ", k.w, ")");
  const int64_t od = pooled(id, k.d, p.d, s.d, 1, ceil_mode);
  const int64_t oh = pooled(ih, k.h, p.h, s.h, 1, ceil_mode);
  const int64_t ow = pooled(iw, k.w, p.w, s.w, 1, ceil_mode);
  const DType t = self.dtype();
  if (!(is_floating(t) || t == DType::Int64) || t == DType::Float16) not_implemented("avg_pool3d_out_frame", t);
  const bool batched = nd == 5;
  Tensor x = batched ? self : unsqueeze(self, 0);
  const int64_t n = x.size(0), ch = x.size(1);
  DimVector out_shape{n, ch, od, oh, ow};
  const int64_t need = (od - 1) * s.d + k.d;
  const int64_t right = std::max<int64_t>(need - id - p.d, 0);
  Tensor xp = (p.d > 0 || right > 0) ? constant_pad_nd(x, {0, 0, 0, 0, p.d, right}, 0) : x;
  // Window sums (avg_pool2d with divisor 1 sums each H x W window), then PyTorch's divisor.
  Tensor acc;
  for (int64_t kd = 0; kd < k.d; ++kd) {
    Tensor xs = reshape(depth_slice(xp, kd, 1, s.d, od), {n, ch * od, ih, iw});
    Tensor y = avg_pool2d(xs, {k.h, k.w}, {s.h, s.w}, {p.h, p.w}, ceil_mode, true, int64_t(1));
    acc = kd == 0 ? y : acc + y;
  }
  Tensor sum5 = reshape(acc, out_shape);
  Tensor out;
  if (divisor_override) {
    out = t == DType::Int64 ? div(sum5, full({}, Scalar(*divisor_override), TensorOptions(DType::Int64)), std::string("trunc")) : sum5 / double(*divisor_override);
  } else {
    auto cd = avg_counts(id, od, k.d, s.d, p.d, count_include_pad);
    auto chh = avg_counts(ih, oh, k.h, s.h, p.h, count_include_pad);
    auto cw = avg_counts(iw, ow, k.w, s.w, p.w, count_include_pad);
    Tensor div_t = empty({od, oh, ow}, TensorOptions(DType::Float64));
    double* dp = div_t.data<double>();
    for (int64_t a = 0; a < od; ++a)
      for (int64_t b = 0; b < oh; ++b)
        for (int64_t c = 0; c < ow; ++c) dp[(a * oh + b) * ow + c] = cd[size_t(a)] * chh[size_t(b)] * cw[size_t(c)];
    out = t == DType::Int64 ? div(sum5, div_t.to(DType::Int64), std::string("trunc")) : sum5 / div_t.to(t);
  }
  return batched ? out : squeeze(out, 0);
}

TS_REGISTER_OPS(pool3d) {
  r.def<&max_pool3d_with_indices>("max_pool3d_with_indices(Tensor self, int[3] kernel_size, int[3] stride=[], int[3] padding=0, int[3] dilation=1, bool ceil_mode=False) -> (Tensor, Tensor)")
      .variants("function")
      .grad("MaxPool3DWithIndicesBackward0", "self result1", TS_GRAD({
        return {max_pool3d_with_indices_backward(c.grad(0), c.in(0), c.ints(1), c.ints(2),
                                                 c.ints(3), c.ints(4), c.flag(5), c.result(1))};
      }));
  r.def<&max_pool3d_with_indices_backward>("max_pool3d_with_indices_backward(Tensor grad_output, Tensor self, int[3] kernel_size, int[3] stride, int[3] padding, int[3] dilation, bool ceil_mode, Tensor indices) -> Tensor")
      .variants("function").composite_op();
  r.def<&max_unpool3d>("max_unpool3d(Tensor self, Tensor indices, int[3] output_size, int[3] stride, int[3] padding) -> Tensor")
      .variants("")
      .grad("MaxUnpool3DBackward0", "indices", TS_GRAD({
        // max_pool_double_backward: the gradient read back at each input's position.
        const Tensor& idx = c.in(1);
        const Tensor& g = c.grad();
        const int64_t n = idx.dim() == 5 ? idx.size(0) * idx.size(1) : idx.size(0);
        const int64_t ivol = idx.size(-1) * idx.size(-2) * idx.size(-3);
        const int64_t ovol = g.size(-1) * g.size(-2) * g.size(-3);
        Tensor gi = gather(reshape(g, {n, ovol}), 1, reshape(idx, {n, ivol}));
        return {reshape(gi, idx.sizes()), Tensor()};
      }));
  r.def<&max_pool3d>("max_pool3d(Tensor self, int[3] kernel_size, int[3] stride=[], int[3] padding=0, int[3] dilation=1, bool ceil_mode=False) -> Tensor").composite_op().variants("function");
  r.def<&avg_pool3d>("avg_pool3d(Tensor self, int[3] kernel_size, int[3] stride=[], int[3] padding=0, bool ceil_mode=False, bool count_include_pad=True, int? divisor_override=None) -> Tensor").composite_op().variants("");
}

}  // namespace ts
