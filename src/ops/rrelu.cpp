// rrelu_with_noise and rrelu (PyTorch 1.13's Activation.cpp): in training mode each element
// <= 0 is scaled by a uniform draw in [lower, upper) that is also written to `noise`; in eval
// mode the op is leaky_relu with the slope (lower + upper) / 2 and `noise` is left alone.
// Kernel in kernels/cpu/rrelu.cpp.
#include "ops/api_nn_functional.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "stubs/random.h"
#include "tensor/dispatch_stub.h"
#include "tensor/random.h"

namespace ts {

TS_DEFINE_STUB(rrelu_train_stub);

namespace {

// Training mode into `out` (contiguous, self's dtype and size).
void rrelu_train(const Tensor& out, const Tensor& self, const Tensor& noise, double lower,
                 double upper, Generator* gen) {
  const DType t = self.dtype();
  if (t != DType::Float32 && t != DType::Float64 && t != DType::BFloat16)
    TS_ERROR("\"rrelu_with_noise_out_cpu\" not implemented for '", scalar_type_name(t), "'");
  TS_CHECK(noise.dtype() == t, "expected scalar type ", scalar_type_name(t), " but found ",
           scalar_type_name(noise.dtype()));
  TS_CHECK(noise.numel() == self.numel(), "rrelu_with_noise: expected noise to have ",
           self.numel(), " elements, but got ", noise.numel());
  if (self.numel() == 0) return;
  Tensor x = contiguous(self);
  // PyTorch's uniform_real_distribution checks its bounds when the first draw is made.
  if (lower > upper && any(le(x, Scalar(0.0))).item<bool>())
    TS_ERROR("Expected from <= to to be true, but got false.  (Could this error message be "
             "improved?  If so, please report an enhancement request to PyTorch.)");
  const bool direct = noise.is_contiguous();
  Tensor nz = direct ? noise : empty(noise.sizes(), TensorOptions(t));
  // Like PyTorch 1.13 (whose schema does not mark noise as written), the noise's version is
  // left alone, so the backward can read the slopes saved at the call.
  rrelu_train_stub(out.device().type, out, x, nz, lower, upper, generator_or_default(gen));
  if (!direct) copy_(noise, nz);
}

Tensor rrelu_noise_impl(const Tensor& self, const Tensor& noise, const Scalar& lower,
                        const Scalar& upper, bool training, Generator* gen, bool inplace) {
  if (!training) {
    const Scalar slope((lower.to_double() + upper.to_double()) / 2);
    return inplace ? leaky_relu_(self, slope) : leaky_relu(self, slope);
  }
  if (!inplace) {
    Tensor out = empty(self.sizes(), TensorOptions(self.dtype()));
    rrelu_train(out, self, noise, lower.to_double(), upper.to_double(), gen);
    return out;
  }
  if (self.is_contiguous()) {
    rrelu_train(self, self, noise, lower.to_double(), upper.to_double(), gen);
    self.bump_version();
    return self;
  }
  Tensor tmp = empty(self.sizes(), TensorOptions(self.dtype()));
  rrelu_train(tmp, self, noise, lower.to_double(), upper.to_double(), gen);
  copy_(self, tmp);
  return self;
}

// rrelu_with_noise_backward: the noise in training mode (when the bounds differ), else
// leaky_relu's derivative with the mean slope, from the input or (in-place) the result.
Tensor rrelu_grad(const ops::BackwardCtx& c, const Tensor& x_or_result, bool is_result) {
  const double lo = c.f64(2), hi = c.f64(3);
  if (c.flag(4) && hi - lo > 1e-6) return c.grad() * c.in(1);
  const double slope = (lo + hi) / 2;
  TS_CHECK(!is_result || slope >= 0.0,
           "In-place leakyReLu backward calculation is triggered with a negative slope which is "
           "not supported. This is caused by calling in-place forward function with a negative "
           "slope, please call out-of-place version instead. File an issue at "
           "https://github.com/pytorch/pytorch if you do require supporting in-place leakRelu "
           "backward calculation with negative slope");
  Tensor pos = gt(x_or_result, Scalar(0.0)).to(c.grad().dtype());
  return c.grad() * (pos + (1.0 - pos) * slope);
}

// The `generator` argument of a typed call, boxed for the registry: None for the default
// generator, else a torch.Generator value that borrows `gen` for the call.
IValue generator_arg(Generator* gen) {
  if (gen == nullptr) return IValue();
  auto v = std::make_shared<GeneratorValue>();
  v->gen = std::shared_ptr<Generator>(std::shared_ptr<Generator>(), gen);  // not owned
  return IValue(IValue::ObjectPtr(std::move(v)));
}

void check_bounds(const Scalar& lower, const Scalar& upper) {
  TS_CHECK(lower.to_double() <= upper.to_double(),
           "Lower bound should be less than or equal to the upper bound");
}

}  // namespace

// Typed calls record with or without an explicit generator (boxed as a borrowed
// torch.Generator value for the registry call; the backward never reads it).
Tensor rrelu_with_noise(const Tensor& self, const Tensor& noise, const Scalar& lower,
                        const Scalar& upper, bool training, Generator* gen) {
  if (GradMode::is_enabled() && ops::any_requires_grad(self, noise)) {
    static const ops::OpDef& op = ops::find_op("rrelu_with_noise");
    return ops::redispatch(op, self, noise, lower, upper, training, generator_arg(gen));
  }
  return rrelu_noise_impl(self, noise, lower, upper, training, gen, false);
}

Tensor rrelu_with_noise_(const Tensor& self, const Tensor& noise, const Scalar& lower,
                         const Scalar& upper, bool training, Generator* gen) {
  if (GradMode::is_enabled() && ops::any_requires_grad(self, noise)) {
    static const ops::OpDef& op = ops::find_op("rrelu_with_noise_");
    return ops::redispatch(op, self, noise, lower, upper, training, generator_arg(gen));
  }
  return rrelu_noise_impl(self, noise, lower, upper, training, gen, true);
}

Tensor rrelu(const Tensor& self, const Scalar& lower, const Scalar& upper, bool training,
             Generator* gen) {
  check_bounds(lower, upper);
  return rrelu_with_noise(self, empty(self.sizes(), TensorOptions(self.dtype())), lower, upper,
                          training, gen);
}

Tensor rrelu_(const Tensor& self, const Scalar& lower, const Scalar& upper, bool training,
              Generator* gen) {
  check_bounds(lower, upper);
  return rrelu_with_noise_(self, empty(self.sizes(), TensorOptions(self.dtype())), lower, upper,
                           training, gen);
}

TS_REGISTER_OPS(rrelu) {
  const char* kFn = "function";
  r.def<&rrelu_with_noise>("rrelu_with_noise(Tensor self, Tensor noise, Scalar lower=0.125, Scalar upper=0.3333333333333333, bool training=False, Generator? generator=None) -> Tensor").variants(kFn)
      .grad("RreluWithNoiseBackward0", "self noise", TS_GRAD({ return {rrelu_grad(c, c.in(0), false), Tensor()}; }));
  r.def<&rrelu_with_noise_>("rrelu_with_noise_(Tensor(a!) self, Tensor noise, Scalar lower=0.125, Scalar upper=0.3333333333333333, bool training=False, Generator? generator=None) -> Tensor(a!)").variants(kFn)
      .grad("RreluWithNoiseBackward1", "noise result", TS_GRAD({ return {rrelu_grad(c, c.result(), true), Tensor()}; }));
  r.def<&rrelu>("rrelu(Tensor self, Scalar lower=0.125, Scalar upper=0.3333333333333333, bool training=False, Generator? generator=None) -> Tensor").variants(kFn).composite_op();
  r.def<&rrelu_>("rrelu_(Tensor(a!) self, Scalar lower=0.125, Scalar upper=0.3333333333333333, bool training=False, Generator? generator=None) -> Tensor(a!)").variants(kFn).composite_op();
}

}  // namespace ts
