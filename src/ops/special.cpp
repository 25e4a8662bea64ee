// Special pointwise ops: heaviside, nextafter, i0, polygamma, bit shifts (PyTorch 1.13 schemas,
// promotion and checks); loops in kernels/cpu/special.cpp.
#include <limits>

#include "ops/api_special.h"
#include "ops/api_unary.h"
#include "ops/ops.h"
#include "ops/pointwise_util.h"
#include "ops/registry.h"
#include "stubs/special.h"
#include "tensor/iter.h"

namespace ts {

TS_DEFINE_STUB(heaviside_stub);
TS_DEFINE_STUB(nextafter_stub);
TS_DEFINE_STUB(i0_stub);
TS_DEFINE_STUB(i1_stub);
TS_DEFINE_STUB(polygamma_stub);
TS_DEFINE_STUB(lshift_stub);
TS_DEFINE_STUB(rshift_stub);

namespace {

using Stub = DispatchStub<void(TensorIter&)>;

Tensor run_binary(const Stub& stub, const Tensor& out, const Tensor& a, const Tensor& b) {
  auto it = TensorIter::binary_op(out, a, b);
  stub(it.device().type, it);
  return it.output();
}

// Integer and bool inputs compute in the default float dtype; out= may be any dtype the
// result casts to.
TensorIter float_iter(const Tensor& out, const Tensor& self) {
  return TensorIterConfig()
      .add_output(out)
      .add_input(self)
      .promote_inputs_to_common_dtype()
      .promote_integer_inputs_to_float()
      .cast_common_dtype_to_outputs()
      .build();
}

void check_heaviside(const Tensor& self, const Tensor& values, const Tensor& out) {
  TS_CHECK(self.dtype() == values.dtype() && (!out.defined() || out.dtype() == self.dtype()),
           "heaviside is not yet implemented for tensors with different dtypes.");
}

Tensor polygamma_into(int64_t n, const Tensor& self, const Tensor& out) {
  TS_CHECK(n >= 0, "polygamma(n, x) does not support negative n.");
  if (n == 0) {
    if (!out.defined()) return digamma(self);
    return out.is_same(self) ? digamma_(self) : digamma_out(self, out);
  }
  auto it = float_iter(out, self);
  polygamma_stub(it.device().type, it, n);
  return it.output();
}

Tensor wrap(const Scalar& s) { return scalar_to_tensor(s); }

}  // namespace

Tensor heaviside(const Tensor& self, const Tensor& values) {
  check_heaviside(self, values, {});
  return run_binary(heaviside_stub, {}, self, values);
}
Tensor heaviside_(const Tensor& self, const Tensor& values) {
  check_heaviside(self, values, self);
  return run_binary(heaviside_stub, self, self, values);
}
Tensor heaviside_out(const Tensor& self, const Tensor& values, const Tensor& out) {
  check_heaviside(self, values, out);
  return run_binary(heaviside_stub, out, self, values);
}
Tensor nextafter(const Tensor& self, const Tensor& other) { return run_binary(nextafter_stub, {}, self, other); }
Tensor nextafter_(const Tensor& self, const Tensor& other) { return run_binary(nextafter_stub, self, self, other); }
Tensor nextafter_out(const Tensor& self, const Tensor& other, const Tensor& out) {
  return run_binary(nextafter_stub, out, self, other);
}

Tensor i0(const Tensor& self) {
  TS_AUTOGRAD("i0", self);
  auto it = float_iter({}, self);
  i0_stub(it.device().type, it);
  return it.output();
}
Tensor i0_(const Tensor& self) {
  TS_AUTOGRAD("i0_", self);
  auto it = float_iter(self, self);
  i0_stub(it.device().type, it);
  return it.output();
}
Tensor i0_out(const Tensor& self, const Tensor& out) {
  auto it = float_iter(out, self);
  i0_stub(it.device().type, it);
  return it.output();
}
Tensor special_i1(const Tensor& self) {
  TS_AUTOGRAD("special_i1", self);
  auto it = float_iter({}, self);
  i1_stub(it.device().type, it);
  return it.output();
}
Tensor special_i1_out(const Tensor& self, const Tensor& out) {
  auto it = float_iter(out, self);
  i1_stub(it.device().type, it);
  return it.output();
}
Tensor polygamma(int64_t n, const Tensor& self) {
  TS_AUTOGRAD("polygamma", n, self);
  return polygamma_into(n, self, {});
}
Tensor polygamma_(const Tensor& self, int64_t n) {
  TS_AUTOGRAD("polygamma_", self, n);
  return polygamma_into(n, self, self);
}
Tensor polygamma_out(int64_t n, const Tensor& self, const Tensor& out) { return polygamma_into(n, self, out); }

#define TS_SHIFT_DEF(name, stub)                                                                   \
  Tensor name(const Tensor& a, const Tensor& b) { return run_binary(stub, {}, a, b); }             \
  Tensor name(const Tensor& a, const Scalar& b) { return run_binary(stub, {}, a, wrap(b)); }       \
  Tensor name(const Scalar& a, const Tensor& b) { return run_binary(stub, {}, wrap(a), b); }       \
  Tensor name##_(const Tensor& a, const Tensor& b) { return run_binary(stub, a, a, b); }           \
  Tensor name##_(const Tensor& a, const Scalar& b) { return run_binary(stub, a, a, wrap(b)); }     \
  Tensor name##_out(const Tensor& a, const Tensor& b, const Tensor& out) {                         \
    return run_binary(stub, out, a, b);                                                            \
  }                                                                                                \
  Tensor name##_out(const Tensor& a, const Scalar& b, const Tensor& out) {                         \
    return run_binary(stub, out, a, wrap(b));                                                      \
  }                                                                                                \
  Tensor name##_out(const Scalar& a, const Tensor& b, const Tensor& out) {                         \
    return run_binary(stub, out, wrap(a), b);                                                      \
  }
TS_SHIFT_DEF(bitwise_left_shift, lshift_stub)
TS_SHIFT_DEF(bitwise_right_shift, rshift_stub)
#undef TS_SHIFT_DEF

using namespace pointwise::sig;  // TT, TS, ...: the overloads' signatures

TS_REGISTER_OPS(special) {
  r.def<&heaviside>("heaviside(Tensor self, Tensor values) -> Tensor").not_differentiable();
  r.def<&heaviside_out>("heaviside.out(Tensor self, Tensor values, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&heaviside_>("heaviside_(Tensor(a!) self, Tensor values) -> Tensor(a!)").variants("method").not_differentiable();
  r.def<&nextafter>("nextafter(Tensor self, Tensor other) -> Tensor").not_differentiable();
  r.def<&nextafter_out>("nextafter.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&nextafter_>("nextafter_(Tensor(a!) self, Tensor other) -> Tensor(a!)").variants("method").not_differentiable();
  r.def<&i0>("i0(Tensor self) -> Tensor");
  r.def<&i0_out>("i0.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&i0_>("i0_(Tensor(a!) self) -> Tensor(a!)");
  r.def<&special_i1>("special_i1(Tensor self) -> Tensor").variants("");
  r.def<&special_i1_out>("special_i1.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)").variants("");
  r.def<&polygamma>("polygamma(int n, Tensor self) -> Tensor").variants("function");
  r.def<&polygamma_out>("polygamma.out(int n, Tensor self, *, Tensor(a!) out) -> Tensor(a!)").variants("function");
  r.def<&polygamma_>("polygamma_(Tensor(a!) self, int n) -> Tensor(a!)").variants("method");
#define TS_REG_SHIFT(name, op)                                                                                              \
  r.def<static_cast<TT>(&name)>(#name ".Tensor(Tensor self, Tensor other) -> Tensor").not_differentiable();                 \
  r.def<static_cast<TS>(&name)>(#name ".Tensor_Scalar(Tensor self, Scalar other) -> Tensor").not_differentiable();          \
  r.def<static_cast<ST>(&name)>(#name ".Scalar_Tensor(Scalar self, Tensor other) -> Tensor").variants("function").not_differentiable(); \
  r.def<static_cast<TTO>(&name##_out)>(#name ".Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable(); \
  r.def<static_cast<TSO>(&name##_out)>(#name ".Tensor_Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable(); \
  r.def<static_cast<STO>(&name##_out)>(#name ".Scalar_Tensor_out(Scalar self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)").variants("function").not_differentiable(); \
  r.def<static_cast<TT>(&name##_)>(#name "_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)").variants("method").not_differentiable(); \
  r.def<static_cast<TS>(&name##_)>(#name "_.Tensor_Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)").variants("method").not_differentiable(); \
  r.def<static_cast<TT>(&name)>("__" op "__.Tensor(Tensor self, Tensor other) -> Tensor").variants("method").not_differentiable(); \
  r.def<static_cast<TS>(&name)>("__" op "__.Scalar(Tensor self, Scalar other) -> Tensor").variants("method").not_differentiable(); \
  r.def<static_cast<TSO>(&name##_out)>("__" op "__.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)").variants("method").not_differentiable(); \
  r.def<static_cast<TTO>(&name##_out)>("__" op "__.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)").variants("method").not_differentiable(); \
  r.def<static_cast<TT>(&name##_)>("__i" op "__.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)").variants("method").not_differentiable(); \
  r.def<static_cast<TS>(&name##_)>("__i" op "__.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)").variants("method").not_differentiable();
  TS_REG_SHIFT(bitwise_left_shift, "lshift")
  TS_REG_SHIFT(bitwise_right_shift, "rshift")
#undef TS_REG_SHIFT
  r.entry("polygamma_").grad("PolygammaBackward0", "self", TS_GRAD({
    return {c.grad() * polygamma(c.i64(1) + 1, c.in(0))};
  }));

  // Derivatives (PyTorch 1.13's derivatives.yaml formulas and node names).
  r.entry("polygamma").grad("PolygammaBackward0", "self", TS_GRAD({
    return {c.grad() * polygamma(c.i64(0) + 1, c.in(1))};
  }));
  r.grad_pair("i0", "I0Backward0", "self", TS_GRAD({ return {c.grad() * special_i1(c.in(0))}; }));
  // i1'(x) = i0(x) - i1(x) / x, and 1/2 at 0 (x is kept away from 0 as PyTorch does).
  r.entry("special_i1").grad("SpecialI1Backward0", "self result", TS_GRAD({
    const Tensor& x = c.in(0);
    const double eps = x.dtype() == DType::Float64 ? std::numeric_limits<double>::epsilon()
                                                   : double(std::numeric_limits<float>::epsilon());
    Tensor not_tiny = gt(abs(x), Scalar(eps));
    Tensor safe = where(not_tiny, x, Scalar(eps));
    Tensor d = i0(safe) - c.result() * reciprocal(safe);
    return {c.grad() * where(not_tiny, d, Scalar(0.5))};
  }));
}

}  // namespace ts
