// pow and float_power (see api_pointwise.h): the Tensor and Scalar exponent forms, their checks
// with PyTorch's wording, the calls into kernels/cpu/pointwise.cpp, and pow's derivatives.
#include <cmath>
#include <limits>

#include "ops/api_binary.h"
#include "ops/api_core.h"
#include "ops/api_index.h"
#include "ops/api_pointwise.h"
#include "ops/api_unary.h"
#include "ops/grad_util.h"
#include "ops/pointwise_util.h"
#include "ops/registry.h"
#include "stubs/pointwise.h"
#include "tensor/iter.h"

namespace ts {

TS_DEFINE_STUB(pow_scalar_stub);

using pointwise::result_type2;
using pointwise::run;
using pointwise::wrap;

Tensor pow(const Tensor& a, const Tensor& b) {
  TS_AUTOGRAD("pow.Tensor_Tensor", a, b);
  return run(pow_tensor_stub, &TensorIter::binary_op, {}, a, b);
}
Tensor pow_(const Tensor& a, const Tensor& b) {
  TS_AUTOGRAD("pow_.Tensor", a, b);
  return run(pow_tensor_stub, &TensorIter::binary_op, a, a, b);
}
Tensor pow_out(const Tensor& a, const Tensor& b, const Tensor& out) {
  TS_AUTOGRAD("pow.Tensor_Tensor_out", a, b, out);
  return run(pow_tensor_stub, &TensorIter::binary_op, out, a, b);
}
Tensor pow(const Scalar& a, const Tensor& b) { return pow(wrap(a), b); }
Tensor pow_out(const Scalar& a, const Tensor& b, const Tensor& out) { return pow_out(wrap(a), b, out); }

namespace {
// PyTorch: a 0 exponent fills ones, 1 copies, anything else runs the kernel (which picks
// sqrt, x*x, ... for special exponents).
Tensor run_pow_scalar(const Tensor& out, const Tensor& base, const Scalar& e) {
  TS_CHECK(!(is_integral(base.dtype(), true) && !e.is_float() && e.to_int() < 0),
           "Integers to negative integer powers are not allowed.");
  DType common = result_type2(base, wrap(e));
  if (out.defined())  // PyTorch's unary-op iterator: out= and in-place never cast here
    TS_CHECK(out.dtype() == common, "Found dtype ", scalar_type_name(out.dtype()), " but expected ",
             scalar_type_name(common));
  auto cfg = TensorIterConfig().add_output(out).add_input(base).cast_common_dtype_to_outputs();
  if (common != base.dtype()) cfg.common_dtype(common);
  auto it = cfg.build();
  if (!e.is_bool() && e.to_double() == 0.0) {
    fill_(it.output(), 1);
  } else if (!e.is_bool() && e.to_double() == 1.0) {
    copy_into(it.output(), base);
  } else {
    pow_scalar_stub(it.device().type, it, e);
  }
  return it.output();
}
}  // namespace

Tensor pow(const Tensor& a, const Scalar& e) {
  TS_AUTOGRAD("pow.Tensor_Scalar", a, e);
  return run_pow_scalar({}, a, e);
}
Tensor pow_(const Tensor& a, const Scalar& e) {
  TS_AUTOGRAD("pow_.Scalar", a, e);
  return run_pow_scalar(a, a, e);
}
Tensor pow_out(const Tensor& a, const Scalar& e, const Tensor& out) { return run_pow_scalar(out, a, e); }

namespace {
void check_float_power_out(const Tensor& out) {
  TS_CHECK(out.dtype() == DType::Float64, "the output given to float_power has dtype ",
           scalar_type_name(out.dtype()), " but the operation's result requires dtype Double");
}
void check_float_power_base(const Tensor& self) {
  TS_CHECK(self.dtype() == DType::Float64, "the base given to float_power_ has dtype ",
           scalar_type_name(self.dtype()), " but the operation's result requires dtype Double");
}
Tensor f64(const Tensor& t) { return t.to(DType::Float64); }
Scalar f64(const Scalar& s) { return Scalar(s.to_double()); }
}  // namespace

Tensor float_power(const Tensor& a, const Tensor& e) { return pow(f64(a), f64(e)); }
Tensor float_power_(const Tensor& a, const Tensor& e) {
  check_float_power_base(a);
  return pow_(a, f64(e));
}
Tensor float_power_out(const Tensor& a, const Tensor& e, const Tensor& out) {
  check_float_power_out(out);
  return pow_out(f64(a), f64(e), out);
}
Tensor float_power(const Tensor& a, const Scalar& e) { return pow(f64(a), f64(e)); }
Tensor float_power_(const Tensor& a, const Scalar& e) {
  check_float_power_base(a);
  return pow_(a, f64(e));
}
Tensor float_power_out(const Tensor& a, const Scalar& e, const Tensor& out) {
  check_float_power_out(out);
  return pow_out(f64(a), f64(e), out);
}
Tensor float_power(const Scalar& a, const Tensor& e) { return pow(f64(a), f64(e)); }
Tensor float_power_out(const Scalar& a, const Tensor& e, const Tensor& out) {
  check_float_power_out(out);
  return pow_out(f64(a), f64(e), out);
}

using namespace pointwise::sig;  // TT, TS, ...: the overloads' signatures

TS_REGISTER_OPS(pow) {
  // Overloads in PyTorch's order: a call binds to the first that fits.
  r.def<static_cast<TT>(&pow)>("pow.Tensor_Tensor(Tensor self, Tensor exponent) -> Tensor");
  r.def<static_cast<TS>(&pow)>("pow.Tensor_Scalar(Tensor self, Scalar exponent) -> Tensor");
  r.def<static_cast<ST>(&pow)>("pow.Scalar(Scalar self, Tensor exponent) -> Tensor");
  r.def<static_cast<STO>(&pow_out)>("pow.Scalar_out(Scalar self, Tensor exponent, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<static_cast<TSO>(&pow_out)>("pow.Tensor_Scalar_out(Tensor self, Scalar exponent, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<static_cast<TTO>(&pow_out)>("pow.Tensor_Tensor_out(Tensor self, Tensor exponent, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<static_cast<TS>(&pow_)>("pow_.Scalar(Tensor(a!) self, Scalar exponent) -> Tensor(a!)");
  r.def<static_cast<TT>(&pow_)>("pow_.Tensor(Tensor(a!) self, Tensor exponent) -> Tensor(a!)");
  r.def<static_cast<TT>(&float_power)>("float_power.Tensor_Tensor(Tensor self, Tensor exponent) -> Tensor");
  r.def<static_cast<TTO>(&float_power_out)>("float_power.Tensor_Tensor_out(Tensor self, Tensor exponent, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<static_cast<ST>(&float_power)>("float_power.Scalar(Scalar self, Tensor exponent) -> Tensor");
  r.def<static_cast<STO>(&float_power_out)>("float_power.Scalar_out(Scalar self, Tensor exponent, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<static_cast<TS>(&float_power)>("float_power.Tensor_Scalar(Tensor self, Scalar exponent) -> Tensor");
  r.def<static_cast<TSO>(&float_power_out)>("float_power.Tensor_Scalar_out(Tensor self, Scalar exponent, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<static_cast<TT>(&float_power_)>("float_power_.Tensor(Tensor(a!) self, Tensor exponent) -> Tensor(a!)");
  r.def<static_cast<TS>(&float_power_)>("float_power_.Scalar(Tensor(a!) self, Scalar exponent) -> Tensor(a!)");
  // ---- pow ----
  const ops::Derivative* pow_s = r.entry("pow", "Tensor_Scalar").grad("PowBackward0", "self", TS_GRAD({
    const Scalar e = c.scalar(1);
    if (e.to_double() == 0.0) return {zeros_like(c.grad())};
    return {c.grad() * (pow(c.in(0), Scalar(e.to_double() - 1.0)) * e)};
  })).derivative;
  r.entry("pow_", "Scalar").grad(pow_s);
  const ops::Derivative* pow_t =
      r.entry("pow", "Tensor_Tensor").grad("PowBackward1", "self exponent result", TS_GRAD({
        Tensor gs, gexp;
        if (c.need(0)) {
          // d/dx x^y = y * x^(y-1), taken as 0 where y == 0 (PyTorch's pow_backward_self).
          Tensor v = c.grad() * c.in(1) * pow(c.in(0), c.in(1) - 1.0);
          gs = where(eq(c.in(1), Scalar(0.0)), Scalar(0.0), v);
        }
        if (c.need(1)) {
          // d/dy x^y = x^y * log(x), taken as 0 where x == 0 and y >= 0.
          Tensor v = c.grad() * c.result() * log(c.in(0));
          gexp = where(logical_and(eq(c.in(0), Scalar(0.0)), ge(c.in(1), Scalar(0.0))), Scalar(0.0), v);
        }
        return {gs, gexp};
      })).derivative;
  r.entry("pow_", "Tensor").grad(pow_t);
  r.entry("pow", "Scalar").composite_op();  // pow(number, tensor) runs the Tensor_Tensor form
  for (const char* o : {"Tensor_Tensor", "Tensor_Scalar", "Scalar"})
    r.entry("float_power", o).composite_op();
  for (const char* o : {"Tensor", "Scalar"}) r.entry("float_power_", o).composite_op();
}

}  // namespace ts
