// linear, softmax / log_softmax (and their backward), dropout. PyTorch 1.13's Linear.cpp,
// SoftMax.cpp and Dropout.cpp are the specification; kernels are in kernels/cpu/nn.cpp.
#include "ops/linalg_nn_util.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "stubs/softmax.h"
#include "tensor/iter.h"

namespace ts {

TS_DEFINE_STUB(softmax_stub);
TS_DEFINE_STUB(softmax_backward_stub);

using namespace lnn;

namespace {

// weight.t() with t()'s own check.
Tensor t_view(const Tensor& w) {
  TS_CHECK(w.dim() <= 2, "t() expects a tensor with <= 2 dimensions, but self is ", w.dim(), "D");
  return w.dim() < 2 ? w : transpose_view(w, 0, 1);
}

}  // namespace

// PyTorch's linear: addmm for a matrix with a bias (one AddmmBackward0 node: recorded as linear
// itself, which is cheaper); a contiguous 3-d input with a bias folds into one addmm and a view
// (ViewBackward0); anything else is matmul and an in-place bias add (AddBackward0,
// UnsafeViewBackward0, MmBackward0). Those paths record their own ops, so grad_fn names match.
Tensor linear(const Tensor& input, const Tensor& weight, const Tensor& bias) {
  if (input.dim() == 2 && bias.defined()) {
    TS_AUTOGRAD("linear", input, weight, bias);
    return addmm(bias, input, t_view(weight));
  }
  Tensor wt = t(weight);
  if (bias.defined() && input.is_contiguous() && input.dim() == 3) {
    const int64_t a = input.size(0), b = input.size(1);
    Tensor r = addmm(bias, view(input, {a * b, input.size(2)}), wt);
    return view(r, {a, b, r.size(1)});
  }
  Tensor out = matmul(input, wt);
  if (bias.defined()) add_(out, bias);
  return out;
}

Tensor linear_out(const Tensor& input, const Tensor& weight, const Tensor& bias,
                  const Tensor& out) {
  if (input.dim() == 2 && bias.defined()) return addmm_out(bias, input, t_view(weight), 1, 1, out);
  matmul_out(input, t_view(weight), out);
  if (bias.defined()) add_(out, bias);
  return out;
}

namespace {

Tensor softmax_impl(const Tensor& self, int64_t dim, bool half_to_float, bool log) {
  const int64_t d = wrap_dim(dim, self.dim());
  TS_CHECK(!half_to_float, log ? "log_softmax" : "softmax",
           " with half to float conversion is not supported on CPU");
  Tensor out = empty(self.sizes(), options_of(self));
  if (self.numel() == 0) return out;
  const bool last = self.dim() == 0 || d == self.dim() - 1;
  DType t = self.dtype();
  if (t != DType::Float32 && t != DType::Float64 && t != DType::BFloat16) {
    not_implemented(last ? (log ? "log_softmax_lastdim_kernel_impl" : "softmax_lastdim_kernel_impl")
                         : "softmax_kernel_impl",
                    t);
  }
  Tensor in = contiguous(self);
  softmax_stub(in.device().type, out, in, self.dim() == 0 ? 0 : d, log);
  return out;
}

Tensor softmax_entry(const Tensor& self, int64_t dim, std::optional<DType> dtype, bool log) {
  Tensor in = dtype ? to_dtype(self, *dtype) : self;
  return softmax_impl(in, dim, false, log);
}

Tensor softmax_entry_out(const Tensor& self, int64_t dim, std::optional<DType> dtype, bool log,
                         const Tensor& out) {
  Tensor r = softmax_entry(self, dim, dtype, log);
  check_out_dtype(out, r.dtype());
  resize_out(out, r.sizes());
  copy_into(out, r);
  return out;
}

Tensor softmax_backward_impl(const Tensor& grad, const Tensor& output, int64_t dim, bool log) {
  TS_CHECK(grad.sizes() == output.sizes(), "Expected tensor for argument #1 'grad' to have the ",
           "same size as tensor for argument #2 'output'; but ", shape_str(grad.sizes()),
           " does not equal ", shape_str(output.sizes()),
           " (while checking arguments for softmax_backward)");
  const int64_t d = wrap_dim(dim, grad.dim());
  Tensor gi = empty(grad.sizes(), options_of(grad));
  if (grad.numel() == 0) return gi;
  DType t = grad.dtype();
  if (t != DType::Float32 && t != DType::Float64 && t != DType::BFloat16)
    not_implemented(log ? "log_softmax_backward_lastdim_kernel_impl"
                        : "softmax_backward_lastdim_kernel_impl",
                    t);
  Tensor g = contiguous(grad), o = contiguous(output);
  TS_CHECK(o.dtype() == t, "expected scalar type ", torch_type_name(t), " but found ",
           torch_type_name(o.dtype()));
  softmax_backward_stub(g.device().type, gi, g, o, grad.dim() == 0 ? 0 : d, log);
  return gi;
}

}  // namespace

Tensor softmax(const Tensor& self, int64_t dim, std::optional<DType> dtype) {
  TS_AUTOGRAD("softmax.int", self, dim, dtype);
  return softmax_entry(self, dim, dtype, false);
}
Tensor softmax_out(const Tensor& self, int64_t dim, std::optional<DType> dtype, const Tensor& out) {
  return softmax_entry_out(self, dim, dtype, false, out);
}
Tensor log_softmax(const Tensor& self, int64_t dim, std::optional<DType> dtype) {
  TS_AUTOGRAD("log_softmax.int", self, dim, dtype);
  return softmax_entry(self, dim, dtype, true);
}
Tensor log_softmax_out(const Tensor& self, int64_t dim, std::optional<DType> dtype,
                       const Tensor& out) {
  return softmax_entry_out(self, dim, dtype, true, out);
}
Tensor _softmax(const Tensor& self, int64_t dim, bool half_to_float) {
  TS_AUTOGRAD("_softmax", self, dim, half_to_float);
  return softmax_impl(self, dim, half_to_float, false);
}
Tensor _log_softmax(const Tensor& self, int64_t dim, bool half_to_float) {
  TS_AUTOGRAD("_log_softmax", self, dim, half_to_float);
  return softmax_impl(self, dim, half_to_float, true);
}
Tensor _softmax_backward_data(const Tensor& grad_output, const Tensor& output, int64_t dim,
                              DType input_dtype) {
  TS_AUTOGRAD("_softmax_backward_data", grad_output, output, dim, input_dtype);
  return softmax_backward_impl(grad_output, output, dim, false);
}
Tensor _log_softmax_backward_data(const Tensor& grad_output, const Tensor& output, int64_t dim,
                                  DType input_dtype) {
  TS_AUTOGRAD("_log_softmax_backward_data", grad_output, output, dim, input_dtype);
  return softmax_backward_impl(grad_output, output, dim, true);
}

namespace {

// PyTorch's _dropout_impl (CPU never takes the fused native_dropout path). `noise` receives
// the multiplier tensor (bernoulli(1 - p) / (1 - p)), or stays undefined when none is used.
Tensor dropout_impl(const Tensor& input, double p, bool train, bool inplace, Tensor* noise_out) {
  TS_CHECK(p >= 0 && p <= 1, "dropout probability has to be between 0 and 1, but got ", p);
  if (p == 0 || !train || input.numel() == 0) return input;
  if (p == 1) {
    Tensor zero = empty({}, options_of(input));
    fill_(zero, 0);
    if (noise_out) *noise_out = zero;
    return inplace ? mul_(input, zero) : mul(input, zero);
  }
  Tensor noise = empty(input.sizes(), options_of(input));
  bernoulli_(noise, 1 - p);
  div_(noise, scalar_to_tensor(Scalar(1 - p)));
  if (noise_out) *noise_out = noise;
  return inplace ? mul_(input, noise) : mul(input, noise);
}

}  // namespace

Tensor dropout(const Tensor& input, double p, bool train) {
  return dropout_impl(input, p, train, false, nullptr);
}
Tensor dropout_(const Tensor& self, double p, bool train) {
  return dropout_impl(self, p, train, true, nullptr);
}
std::tuple<Tensor, Tensor> dropout_with_noise(const Tensor& input, double p, bool train) {
  Tensor noise;
  Tensor out = dropout_impl(input, p, train, false, &noise);
  return {out, noise};
}

namespace {

Tensor softmax_grad(const Tensor& g, const Tensor& y, int64_t dim) {
  return y * (g - sum(g * y, IntArrayRef(dim), true));
}
Tensor log_softmax_grad(const Tensor& g, const Tensor& y, int64_t dim) {
  return g - exp(y) * sum(g, IntArrayRef(dim), true);
}

}  // namespace

TS_REGISTER_OPS(nn) {
  r.def<&linear>("linear(Tensor input, Tensor weight, Tensor? bias=None) -> Tensor");
  r.def<&linear_out>("linear.out(Tensor input, Tensor weight, Tensor? bias=None, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&softmax>("softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor");
  r.def<&softmax_out>("softmax.int_out(Tensor self, int dim, ScalarType? dtype=None, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&log_softmax>("log_softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor");
  r.def<&log_softmax_out>("log_softmax.int_out(Tensor self, int dim, ScalarType? dtype=None, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&_softmax>("_softmax(Tensor self, int dim, bool half_to_float) -> Tensor");
  r.def<&_log_softmax>("_log_softmax(Tensor self, int dim, bool half_to_float) -> Tensor");
  r.def<&_softmax_backward_data>("_softmax_backward_data(Tensor grad_output, Tensor output, int dim, ScalarType input_dtype) -> Tensor");
  r.def<&_log_softmax_backward_data>("_log_softmax_backward_data(Tensor grad_output, Tensor output, int dim, ScalarType input_dtype) -> Tensor");
  // Composites: the multiplication by the mask records MulBackward0, as in PyTorch.
  r.def<&dropout>("dropout(Tensor input, float p, bool train) -> Tensor").composite_op();
  r.def<&dropout_>("dropout_(Tensor(a!) self, float p, bool train) -> Tensor(a!)").composite_op();
}

// Double backward of the softmax backward kernels (PyTorch's softmax_double_backward and the
// log_softmax one): gi = y * (g - sum(g * y)), gi = g - exp(y) * sum(g).
TS_REGISTER_OPS(nn_grads) {
  // One node for a matrix with a bias, PyTorch's addmm; other inputs record the view, matmul
  // and add_ that linear() runs.
  r.entry("linear")
      .composite_if(+[](const Stack& s) {
        const bool bias = !s[2].is_none() && s[2].to_tensor().defined();
        return !(bias && s[0].to_tensor().dim() == 2);
      })
      .grad("AddmmBackward0", "input:weight weight:input", TS_GRAD({
    Tensor gi, gw;
    if (c.need(0)) gi = matmul(c.grad(), c.in(1));
    if (c.need(1)) {
      const Tensor& g = c.grad();
      const Tensor& x = c.in(0);
      gw = g.dim() == 1 ? mm(unsqueeze(g, 1), unsqueeze(x, 0))
                        : mm(t(g.flatten(0, -2)), x.flatten(0, -2));
    }
    return {gi, gw, TS_IF(2, c.grad())};
  }));

  // ---- softmax ----
  r.entry("softmax", "int").grad("SoftmaxBackward0", "result", TS_GRAD({
    return {softmax_grad(c.grad(), c.result(), wrap_dim(c.i64(1), c.grad().dim()))};
  }));
  r.entry("_softmax").grad("SoftmaxBackward0", "result", TS_GRAD({
    return {softmax_grad(c.grad(), c.result(), wrap_dim(c.i64(1), c.grad().dim()))};
  }));
  r.entry("log_softmax", "int").grad("LogSoftmaxBackward0", "result", TS_GRAD({
    return {log_softmax_grad(c.grad(), c.result(), wrap_dim(c.i64(1), c.grad().dim()))};
  }));
  r.entry("_log_softmax").grad("LogSoftmaxBackward0", "result", TS_GRAD({
    return {log_softmax_grad(c.grad(), c.result(), wrap_dim(c.i64(1), c.grad().dim()))};
  }));
  r.entry("_softmax_backward_data").grad("SoftmaxBackwardDataBackward0", "grad_output output", TS_GRAD({
    const int64_t d = wrap_dim(c.i64(2), c.grad().dim());
    const Tensor &gg = c.grad(), &g = c.in(0), &y = c.in(1);
    Tensor g_go, g_y;
    if (c.need(0)) g_go = _softmax_backward_data(gg, y, d, c.args[3].to_dtype());
    if (c.need(1))
      g_y = gg * (g - sum(g * y, IntArrayRef(d), true)) - g * sum(gg * y, IntArrayRef(d), true);
    return {g_go, g_y};
  }));
  r.entry("_log_softmax_backward_data").grad("LogSoftmaxBackwardDataBackward0", "grad_output output", TS_GRAD({
    const int64_t d = wrap_dim(c.i64(2), c.grad().dim());
    const Tensor &gg = c.grad(), &g = c.in(0), &y = c.in(1);
    Tensor e = exp(y);
    Tensor g_go, g_y;
    if (c.need(0)) g_go = gg - sum(gg * e, IntArrayRef(d), true);
    if (c.need(1)) g_y = neg(gg * e * sum(g, IntArrayRef(d), true));
    return {g_go, g_y};
  }));
}

}  // namespace ts
