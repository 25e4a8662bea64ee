// Activation functions (torch.nn.functional and torch.*): gelu, silu, mish, softplus, the elu
// family, leaky_relu, hardtanh/relu6, hardsigmoid, hardswish, threshold, log_sigmoid.
// Declared in api_unary.h; kernels in kernels/cpu/activation.cpp.
#include <algorithm>
#include <vector>

#include "ops/api_binary.h"
#include "ops/api_core.h"
#include "ops/api_creation.h"
#include "ops/api_pointwise.h"
#include "ops/api_shape.h"
#include "ops/api_unary.h"
#include "ops/registry.h"
#include "stubs/activation.h"
#include "tensor/iter.h"

namespace ts {

TS_DEFINE_STUB(gelu_stub);
TS_DEFINE_STUB(silu_stub);
TS_DEFINE_STUB(mish_stub);
TS_DEFINE_STUB(softplus_stub);
TS_DEFINE_STUB(elu_stub);
TS_DEFINE_STUB(leaky_relu_stub);
TS_DEFINE_STUB(hardsigmoid_stub);
TS_DEFINE_STUB(hardswish_stub);
TS_DEFINE_STUB(threshold_stub);
TS_DEFINE_STUB(log_sigmoid_stub);

namespace {

// Whether t's elements fill [0, numel) of its storage span without gaps or overlaps (a
// permutation of a contiguous layout).
bool dense(const Tensor& t) {
  std::vector<std::pair<int64_t, int64_t>> dims;  // (stride, size)
  for (int64_t d = 0; d < t.dim(); ++d)
    if (t.size(d) != 1) dims.emplace_back(t.stride(d), t.size(d));
  std::sort(dims.begin(), dims.end());
  int64_t expect = 1;
  for (const auto& [st, sz] : dims) {
    if (st != expect) return false;
    expect *= sz;
  }
  return true;
}

// PyTorch 1.13's hardswish_backward has two rules: its scalar loop gives x < -3 ? 0 :
// x <= 3 ? g * (x/3 + 1/2) : g (1.5 g at 3, g for NaN); its AVX2 loop, which takes whole blocks
// of 16 floats (8 doubles) in memory order when x is dense and the gradient has x's layout (or
// is one broadcast value), gives g from 3 on and NaN for NaN. The elements after the last block
// go through the scalar loop. (One partition: PyTorch splits tensors over 32768 elements between
// threads.)
Tensor hardswish_grad(const Tensor& g, const Tensor& x) {
  const Tensor lo = lt(x, Scalar(-3.0)), mid = g * (x / 3.0 + 0.5);
  const Tensor scalar_rule = where(lo, Scalar(0.0), where(le(x, Scalar(3.0)), mid, g));
  const int64_t block = x.dtype() == DType::Float32 ? 16 : x.dtype() == DType::Float64 ? 8 : 0;
  bool g_ok = g.sizes() == x.sizes() && g.strides() == x.strides();
  if (!g_ok) {
    g_ok = true;
    for (int64_t st : g.strides()) g_ok &= st == 0;
  }
  const int64_t n = x.numel(), cut = block ? n / block * block : 0;
  if (cut == 0 || !dense(x) || !g_ok) return scalar_rule;
  const Tensor vector_rule = where(lo, Scalar(0.0), where(ge(x, Scalar(3.0)), g, mid));
  if (cut == n) return vector_rule;
  // Each element's place in memory order.
  const Tensor place = as_strided(arange(Scalar(n), DType::Int64), x.sizes(), x.strides(), 0);
  return where(lt(place, Scalar(cut)), vector_rule, scalar_rule);
}


// Activations keep the input dtype (no integer promotion); out= must match it.
TensorIter act_iter(const Tensor& out, const Tensor& self) {
  if (out.defined()) {
    TS_CHECK(out.dtype() == self.dtype(), "Found dtype ", scalar_type_name(out.dtype()),
             " but expected ", scalar_type_name(self.dtype()));
    assert_no_internal_overlap(out);
  }
  return TensorIter::unary_op(out, self);
}

template <typename StubT, typename... A>
Tensor run(const StubT& stub, const Tensor& out, const Tensor& self, const A&... args) {
  auto it = act_iter(out, self);
  stub(it.device().type, it, args...);
  return it.output();
}

bool gelu_tanh(const std::string& approximate) {
  TS_CHECK(approximate == "none" || approximate == "tanh",
           "approximate argument must be either none or tanh.");
  return approximate == "tanh";
}

constexpr double kSeluAlpha = 1.6732632423543772848170429916717;
constexpr double kSeluScale = 1.0507009873554804934193349852946;

Scalar celu_inv_alpha(const Scalar& alpha) {
  TS_CHECK(alpha.to_double() != 0, "ZeroDivisionError: alpha cannot be 0 for CELU");
  return Scalar(1.0 / alpha.to_double());
}

// PyTorch: no bool; integer tensors clamp with integer bounds (no promotion), and uint8 may
// not take negative bounds.
Tensor run_hardtanh(const Tensor& out, const Tensor& self, const Scalar& lo, const Scalar& hi) {
  TS_CHECK(self.dtype() != DType::Bool, "Bool inputs not supported for hardtanh");
  Scalar l = lo, h = hi;
  if (is_integral(self.dtype(), false)) {
    l = Scalar(lo.to_int());
    h = Scalar(hi.to_int());
    TS_CHECK(self.dtype() != DType::UInt8 || (l.to_int() >= 0 && h.to_int() >= 0),
             "cannot do hardtanh on an unsigned type with negative limits");
  }
  if (out.defined()) {
    TS_CHECK(out.dtype() == self.dtype(), "Found dtype ", scalar_type_name(out.dtype()),
             " but expected ", scalar_type_name(self.dtype()));
    assert_no_internal_overlap(out);
  }
  return clamp_out(self, l, h, out.defined() ? out : empty_like(self));
}

}  // namespace

Tensor gelu(const Tensor& self, const std::string& a) {
  TS_AUTOGRAD("gelu", self, a);
  return run(gelu_stub, {}, self, gelu_tanh(a));
}
Tensor gelu_(const Tensor& self, const std::string& a) {
  TS_AUTOGRAD("gelu_", self, a);
  return run(gelu_stub, self, self, gelu_tanh(a));
}
Tensor gelu_out(const Tensor& self, const std::string& a, const Tensor& out) {
  TS_AUTOGRAD("gelu.out", self, a, out);
  return run(gelu_stub, out, self, gelu_tanh(a));
}
Tensor silu(const Tensor& self) {
  TS_AUTOGRAD("silu", self);
  return run(silu_stub, {}, self);
}
Tensor silu_(const Tensor& self) {
  TS_AUTOGRAD("silu_", self);
  return run(silu_stub, self, self);
}
Tensor silu_out(const Tensor& self, const Tensor& out) {
  TS_AUTOGRAD("silu.out", self, out);
  return run(silu_stub, out, self);
}
Tensor mish(const Tensor& self) {
  TS_AUTOGRAD("mish", self);
  return run(mish_stub, {}, self);
}
Tensor mish_(const Tensor& self) {
  TS_AUTOGRAD("mish_", self);
  return run(mish_stub, self, self);
}
Tensor mish_out(const Tensor& self, const Tensor& out) {
  TS_AUTOGRAD("mish.out", self, out);
  return run(mish_stub, out, self);
}
Tensor softplus(const Tensor& self, const Scalar& beta, const Scalar& threshold) {
  TS_AUTOGRAD("softplus", self, beta, threshold);
  return run(softplus_stub, {}, self, beta, threshold);
}
Tensor softplus_out(const Tensor& self, const Scalar& beta, const Scalar& threshold, const Tensor& out) {
  TS_AUTOGRAD("softplus.out", self, beta, threshold, out);
  return run(softplus_stub, out, self, beta, threshold);
}
Tensor elu(const Tensor& self, const Scalar& alpha, const Scalar& scale, const Scalar& input_scale) {
  TS_AUTOGRAD("elu", self, alpha, scale, input_scale);
  return run(elu_stub, {}, self, alpha, scale, input_scale);
}
Tensor elu_(const Tensor& self, const Scalar& alpha, const Scalar& scale, const Scalar& input_scale) {
  TS_AUTOGRAD("elu_", self, alpha, scale, input_scale);
  return run(elu_stub, self, self, alpha, scale, input_scale);
}
Tensor elu_out(const Tensor& self, const Scalar& alpha, const Scalar& scale,
               const Scalar& input_scale, const Tensor& out) {
  TS_AUTOGRAD("elu.out", self, alpha, scale, input_scale, out);
  return run(elu_stub, out, self, alpha, scale, input_scale);
}
Tensor selu(const Tensor& self) { return elu(self, kSeluAlpha, kSeluScale, 1); }
Tensor selu_(const Tensor& self) { return elu_(self, kSeluAlpha, kSeluScale, 1); }
Tensor celu(const Tensor& self, const Scalar& alpha) {
  TS_AUTOGRAD("celu", self, alpha);
  return elu(self, alpha, 1.0, celu_inv_alpha(alpha));
}
Tensor celu_(const Tensor& self, const Scalar& alpha) {
  TS_AUTOGRAD("celu_", self, alpha);
  return elu_(self, alpha, 1.0, celu_inv_alpha(alpha));
}
// PyTorch's celu.out is generated from celu: the result is copied (cast) into out, resized.
Tensor celu_out(const Tensor& self, const Scalar& alpha, const Tensor& out) {
  TS_AUTOGRAD("celu.out", self, alpha, out);
  Tensor r = elu(self, alpha, 1.0, celu_inv_alpha(alpha));
  resize_out(out, r.sizes());
  copy_(out, r);
  return out;
}
Tensor leaky_relu(const Tensor& self, const Scalar& s) {
  TS_AUTOGRAD("leaky_relu", self, s);
  return run(leaky_relu_stub, {}, self, s);
}
Tensor leaky_relu_(const Tensor& self, const Scalar& s) {
  TS_AUTOGRAD("leaky_relu_", self, s);
  return run(leaky_relu_stub, self, self, s);
}
Tensor leaky_relu_out(const Tensor& self, const Scalar& s, const Tensor& out) {
  TS_AUTOGRAD("leaky_relu.out", self, s, out);
  return run(leaky_relu_stub, out, self, s);
}
Tensor hardtanh(const Tensor& self, const Scalar& lo, const Scalar& hi) {
  TS_AUTOGRAD("hardtanh", self, lo, hi);
  return run_hardtanh({}, self, lo, hi);
}
Tensor hardtanh_(const Tensor& self, const Scalar& lo, const Scalar& hi) {
  TS_AUTOGRAD("hardtanh_", self, lo, hi);
  return run_hardtanh(self, self, lo, hi);
}
Tensor hardtanh_out(const Tensor& self, const Scalar& lo, const Scalar& hi, const Tensor& out) {
  TS_AUTOGRAD("hardtanh.out", self, lo, hi, out);
  return run_hardtanh(out, self, lo, hi);
}
Tensor relu6(const Tensor& self) { return hardtanh(self, 0, 6); }
Tensor relu6_(const Tensor& self) { return hardtanh_(self, 0, 6); }
Tensor hardsigmoid(const Tensor& self) {
  TS_AUTOGRAD("hardsigmoid", self);
  return run(hardsigmoid_stub, {}, self);
}
Tensor hardsigmoid_(const Tensor& self) {
  TS_AUTOGRAD("hardsigmoid_", self);
  return run(hardsigmoid_stub, self, self);
}
Tensor hardsigmoid_out(const Tensor& self, const Tensor& out) {
  TS_AUTOGRAD("hardsigmoid.out", self, out);
  return run(hardsigmoid_stub, out, self);
}
Tensor hardswish(const Tensor& self) {
  TS_AUTOGRAD("hardswish", self);
  return run(hardswish_stub, {}, self);
}
Tensor hardswish_(const Tensor& self) {
  TS_AUTOGRAD("hardswish_", self);
  return run(hardswish_stub, self, self);
}
Tensor hardswish_out(const Tensor& self, const Tensor& out) {
  TS_AUTOGRAD("hardswish.out", self, out);
  return run(hardswish_stub, out, self);
}

// threshold is a binary op in PyTorch: out= may have another dtype (cast).
Tensor threshold_out(const Tensor& self, const Scalar& th, const Scalar& value, const Tensor& out) {
  TS_AUTOGRAD("threshold.out", self, th, value, out);
  check_scalar_fits(th, self.dtype());  // the kernel's Scalar::to<scalar_t>
  check_scalar_fits(value, self.dtype());
  // threshold is idempotent: PyTorch lets it write through expanded (stride-0) dims.
  auto it = TensorIterConfig().add_output(out).add_input(self).cast_common_dtype_to_outputs()
                .check_mem_overlap(false).build();
  threshold_stub(it.device().type, it, th, value);
  return it.output();
}
Tensor threshold(const Tensor& self, const Scalar& th, const Scalar& value) {
  TS_AUTOGRAD("threshold", self, th, value);
  return threshold_out(self, th, value, {});
}
Tensor threshold_(const Tensor& self, const Scalar& th, const Scalar& value) {
  TS_AUTOGRAD("threshold_", self, th, value);
  return threshold_out(self, th, value, self);
}
Tensor log_sigmoid(const Tensor& self) {
  TS_AUTOGRAD("log_sigmoid", self);
  return run(log_sigmoid_stub, {}, self);
}
Tensor log_sigmoid_out(const Tensor& self, const Tensor& out) {
  TS_AUTOGRAD("log_sigmoid.out", self, out);
  TS_CHECK(out.dtype() == self.dtype(), "expected scalar type ", scalar_type_name(self.dtype()),
           " but found ", scalar_type_name(out.dtype()));
  return run(log_sigmoid_stub, out, self);
}

Tensor softsign(const Tensor& self) { return div(self, add(abs(self), scalar_to_tensor(Scalar(int64_t(1))))); }
Tensor tanhshrink(const Tensor& self) { return sub(self, tanh(self)); }

TS_REGISTER_OPS(activation) {
  // torch.nn.functional's ops (python_module: nn) are functions only; so are selu, celu, threshold.
  const char* kFn = "function";
  r.def<&gelu>("gelu(Tensor self, *, str approximate=\"none\") -> Tensor").variants(kFn);
  r.def<&gelu_out>("gelu.out(Tensor self, *, str approximate=\"none\", Tensor(a!) out) -> Tensor(a!)").variants(kFn);
  r.def<&gelu_>("gelu_(Tensor(a!) self, *, str approximate=\"none\") -> Tensor(a!)").variants(kFn);
  r.def<&silu>("silu(Tensor self) -> Tensor").variants(kFn);
  r.def<&silu_out>("silu.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)").variants(kFn);
  r.def<&silu_>("silu_(Tensor(a!) self) -> Tensor(a!)").variants(kFn);
  r.def<&mish>("mish(Tensor self) -> Tensor").variants(kFn);
  r.def<&mish_out>("mish.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)").variants(kFn);
  r.def<&mish_>("mish_(Tensor(a!) self) -> Tensor(a!)").variants(kFn);
  r.def<&softplus>("softplus(Tensor self, Scalar beta=1, Scalar threshold=20) -> Tensor").variants(kFn);
  r.def<&softplus_out>("softplus.out(Tensor self, Scalar beta=1, Scalar threshold=20, *, Tensor(a!) out) -> Tensor(a!)").variants(kFn);
  r.def<&elu>("elu(Tensor self, Scalar alpha=1, Scalar scale=1, Scalar input_scale=1) -> Tensor").variants(kFn);
  r.def<&elu_out>("elu.out(Tensor self, Scalar alpha=1, Scalar scale=1, Scalar input_scale=1, *, Tensor(a!) out) -> Tensor(a!)").variants(kFn);
  r.def<&elu_>("elu_(Tensor(a!) self, Scalar alpha=1, Scalar scale=1, Scalar input_scale=1) -> Tensor(a!)").variants(kFn);
  r.def<&selu>("selu(Tensor self) -> Tensor").variants(kFn).composite_op();
  r.def<&selu_>("selu_(Tensor(a!) self) -> Tensor(a!)").variants(kFn).composite_op();
  r.def<&celu>("celu(Tensor self, Scalar alpha=1.) -> Tensor").variants(kFn);
  r.def<&celu_out>("celu.out(Tensor self, Scalar alpha=1., *, Tensor(a!) out) -> Tensor(a!)").variants(kFn);
  r.def<&celu_>("celu_(Tensor(a!) self, Scalar alpha=1.) -> Tensor(a!)").variants(kFn);
  r.def<&leaky_relu>("leaky_relu(Tensor self, Scalar negative_slope=0.01) -> Tensor").variants(kFn);
  r.def<&leaky_relu_out>("leaky_relu.out(Tensor self, Scalar negative_slope=0.01, *, Tensor(a!) out) -> Tensor(a!)").variants(kFn);
  r.def<&leaky_relu_>("leaky_relu_(Tensor(a!) self, Scalar negative_slope=0.01) -> Tensor(a!)").variants(kFn);
  r.def<&hardtanh>("hardtanh(Tensor self, Scalar min_val=-1, Scalar max_val=1) -> Tensor").variants(kFn);
  r.def<&hardtanh_out>("hardtanh.out(Tensor self, Scalar min_val=-1, Scalar max_val=1, *, Tensor(a!) out) -> Tensor(a!)").variants(kFn);
  r.def<&hardtanh_>("hardtanh_(Tensor(a!) self, Scalar min_val=-1, Scalar max_val=1) -> Tensor(a!)").variants(kFn);
  r.def<&relu6>("relu6(Tensor self) -> Tensor").variants(kFn).composite_op();
  r.def<&relu6_>("relu6_(Tensor(a!) self) -> Tensor(a!)").variants(kFn).composite_op();
  r.def<&hardsigmoid>("hardsigmoid(Tensor self) -> Tensor").variants(kFn);
  r.def<&hardsigmoid_out>("hardsigmoid.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)").variants(kFn);
  r.def<&hardsigmoid_>("hardsigmoid_(Tensor(a!) self) -> Tensor(a!)").variants(kFn);
  r.def<&hardswish>("hardswish(Tensor self) -> Tensor").variants(kFn);
  r.def<&hardswish_out>("hardswish.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)").variants(kFn);
  r.def<&hardswish_>("hardswish_(Tensor(a!) self) -> Tensor(a!)").variants(kFn);
  r.def<&threshold>("threshold(Tensor self, Scalar threshold, Scalar value) -> Tensor").variants(kFn);
  r.def<&threshold_out>("threshold.out(Tensor self, Scalar threshold, Scalar value, *, Tensor(a!) out) -> Tensor(a!)").variants(kFn);
  r.def<&threshold_>("threshold_(Tensor(a!) self, Scalar threshold, Scalar value) -> Tensor(a!)").variants(kFn);
  r.def<&log_sigmoid>("log_sigmoid(Tensor self) -> Tensor").variants(kFn);
  r.def<&log_sigmoid_out>("log_sigmoid.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)").variants(kFn);
}

}  // namespace ts

// ---- Derivatives (PyTorch 1.13's derivatives.yaml; the *_backward kernels written with
// differentiable ops so that create_graph records them) ----

namespace ts {
namespace {

constexpr double kSqrt1_2 = 0.70710678118654752440;
constexpr double kInvSqrt2Pi = 0.39894228040143267794;
constexpr double kSqrt2OverPi = 0.79788456080286535588;

// A comparison's result as a constant factor of `like`'s dtype.
Tensor fmask(const Tensor& m, const Tensor& like) { return m.to(like.dtype()); }

Tensor gelu_grad(const Tensor& g, const Tensor& x, bool tanh_approx) {
  if (!tanh_approx) {
    Tensor cdf = (erf(x * kSqrt1_2) + 1.0) * 0.5;
    Tensor pdf = exp(x * x * -0.5) * kInvSqrt2Pi;
    return g * (cdf + x * pdf);
  }
  constexpr double kKappa = 0.044715;
  Tensor x2 = x * x;
  Tensor t = tanh((x + x2 * x * kKappa) * kSqrt2OverPi);
  Tensor left_d = (t + 1.0) * 0.5;
  Tensor right_d = x * 0.5 * (1.0 - t * t) * kSqrt2OverPi * (x2 * (3.0 * kKappa) + 1.0);
  return g * (left_d + right_d);
}

// elu_backward: from the input, or (in-place variants) from the result.
Tensor elu_grad(const Tensor& g, const Tensor& x, double alpha, double scale, double input_scale,
                bool is_result) {
  Tensor neg_part = is_result ? (x + alpha * scale) * input_scale
                              : exp(x * input_scale) * (input_scale * alpha * scale);
  // PyTorch: x <= 0 ? neg : pos, so a NaN input takes the positive slope.
  return where(le(x, Scalar(0.0)), g * neg_part, g * scale);
}

Tensor between(const Tensor& x, double lo, double hi) {
  return fmask(logical_and(gt(x, Scalar(lo)), lt(x, Scalar(hi))), x);
}

// hardtanh_backward: (x <= lo || x >= hi) ? 0 : grad, so NaN passes the gradient.
Tensor not_outside(const Tensor& x, double lo, double hi) {
  return fmask(logical_not(logical_or(le(x, Scalar(lo)), ge(x, Scalar(hi)))), x);
}

}  // namespace

TS_REGISTER_OPS(activation_grads) {
  r.grad_pair("gelu", "GeluBackward0", "self", TS_GRAD({
    return {gelu_grad(c.grad(), c.in(0), c.args[1].to_string() == "tanh")};
  }));
  r.grad_pair("silu", "SiluBackward0", "self", TS_GRAD({
    Tensor s = sigmoid(c.in(0));
    return {c.grad() * s * (c.in(0) * (1.0 - s) + 1.0)};
  }));
  r.grad_pair("mish", "MishBackward0", "self", TS_GRAD({
    const Tensor& x = c.in(0);
    Tensor t = tanh(softplus(x));
    return {c.grad() * (t + x * sigmoid(x) * (1.0 - t * t))};
  }));
  r.entry("softplus").grad("SoftplusBackward0", "self", TS_GRAD({
    Tensor bx = c.in(0) * c.scalar(1);
    Tensor lin = fmask(gt(bx, c.scalar(2)), bx);
    return {c.grad() * (lin + (1.0 - lin) * sigmoid(bx))};
  }));
  r.entry("elu").grad("EluBackward0", "self", TS_GRAD({
    return {elu_grad(c.grad(), c.in(0), c.f64(1), c.f64(2), c.f64(3), false)};
  }));
  r.entry("elu_").grad("EluBackward1", "result", TS_GRAD({
    return {elu_grad(c.grad(), c.result(), c.f64(1), c.f64(2), c.f64(3), true)};
  }));
  r.entry("celu").grad("CeluBackward0", "self", TS_GRAD({
    const double a = c.f64(1);
    return {elu_grad(c.grad(), c.in(0), a, 1.0, 1.0 / a, false)};
  }));
  r.entry("celu_").grad("CeluBackward1", "result", TS_GRAD({
    const double a = c.f64(1);
    return {elu_grad(c.grad(), c.result(), a, 1.0, 1.0 / a, true)};
  }));
  r.entry("leaky_relu").grad("LeakyReluBackward0", "self", TS_GRAD({
    Tensor pos = fmask(gt(c.in(0), Scalar(0.0)), c.grad());
    return {c.grad() * (pos + (1.0 - pos) * c.f64(1))};
  }));
  r.entry("leaky_relu_").grad("LeakyReluBackward1", "result", TS_GRAD({
    const double slope = c.f64(1);
    TS_CHECK(slope >= 0.0,
             "In-place leakyReLu backward calculation is triggered with a negative slope which is "
             "not supported. This is caused by calling in-place forward function with a negative "
             "slope, please call out-of-place version instead. File an issue at "
             "https://github.com/pytorch/pytorch if you do require supporting in-place leakRelu "
             "backward calculation with negative slope");
    Tensor pos = fmask(gt(c.result(), Scalar(0.0)), c.grad());
    return {c.grad() * (pos + (1.0 - pos) * slope)};
  }));
  r.entry("hardtanh").grad("HardtanhBackward0", "self", TS_GRAD({
    return {c.grad() * not_outside(c.in(0), c.f64(1), c.f64(2))};
  }));
  r.entry("hardtanh_").grad("HardtanhBackward0", "result", TS_GRAD({
    return {c.grad() * not_outside(c.result(), c.f64(1), c.f64(2))};
  }));
  r.entry("hardsigmoid").grad("HardsigmoidBackward0", "self", TS_GRAD({
    return {c.grad() * between(c.in(0), -3.0, 3.0) / 6.0};
  }));
  r.entry("hardsigmoid_").grad("HardsigmoidBackward0", "result", TS_GRAD({
    return {c.grad() * between(c.result(), 0.0, 1.0) / 6.0};
  }));
  r.grad_pair("hardswish", "HardswishBackward0", "self", TS_GRAD({
    return {hardswish_grad(c.grad(), c.in(0))};
  }));
  r.grad_pair("threshold", "ThresholdBackward0", "self", TS_GRAD({
    // PyTorch: x <= threshold ? 0 : grad (a NaN input or threshold passes the gradient).
    return {c.grad() * fmask(logical_not(le(c.in(0), c.scalar(1))), c.grad())};
  }));
  r.entry("log_sigmoid").grad("LogSigmoidBackward0", "self", TS_GRAD({
    return {c.grad() * sigmoid(neg(c.in(0)))};
  }));
}

}  // namespace ts
