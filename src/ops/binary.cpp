// add, sub, mul, div: the pattern every pointwise family follows (see src/ops/README.md).
#include "ops/api_binary.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "stubs/binary.h"
#include "tensor/iter.h"

namespace ts {

TS_DEFINE_STUB(add_stub);
TS_DEFINE_STUB(mul_stub);
TS_DEFINE_STUB(div_true_stub);
TS_DEFINE_STUB(div_trunc_stub);
TS_DEFINE_STUB(div_floor_stub);

namespace {

void check_alpha(const Tensor& a, const Tensor& b, const Scalar& alpha) {
  if (!alpha.is_float()) return;
  Tensor both[] = {a, b};
  TS_CHECK(!is_integral(result_type(util::ArrayRef<Tensor>(both, 2)), true),
           "For integral input tensors, argument alpha must not be a floating point number.");
}

void check_sub(const Tensor& a, const Tensor& b) {
  bool ba = a.dtype() == DType::Bool, bb = b.dtype() == DType::Bool;
  TS_CHECK(!(ba && bb),
           "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
           "`logical_xor()` operator instead.");
  TS_CHECK(!(ba || bb),
           "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying "
           "to invert a mask, use the `~` or `logical_not()` operator instead.");
}

Tensor run_add(const Tensor& out, const Tensor& a, const Tensor& b, const Scalar& alpha) {
  check_alpha(a, b, alpha);
  auto it = TensorIter::binary_op(out, a, b);
  add_stub(it.device().type, it, alpha);
  return it.output();
}

Tensor run_div(const Tensor& out, const Tensor& a, const Tensor& b,
               const std::optional<std::string>& mode) {
  if (!mode) {
    auto it = TensorIter::binary_float_op(out, a, b);
    div_true_stub(it.device().type, it);
    return it.output();
  }
  TS_CHECK(*mode == "trunc" || *mode == "floor",
           "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '", *mode,
           "'");
  auto it = TensorIter::binary_op(out, a, b);
  if (*mode == "trunc") div_trunc_stub(it.device().type, it);
  else div_floor_stub(it.device().type, it);
  return it.output();
}

Tensor run_mul(const Tensor& out, const Tensor& a, const Tensor& b) {
  auto it = TensorIter::binary_op(out, a, b);
  mul_stub(it.device().type, it);
  return it.output();
}

}  // namespace

Tensor add(const Tensor& a, const Tensor& b, const Scalar& alpha) {
  TS_AUTOGRAD("add.Tensor", a, b, alpha);
  return run_add({}, a, b, alpha);
}
Tensor add_(const Tensor& a, const Tensor& b, const Scalar& alpha) {
  TS_AUTOGRAD("add_.Tensor", a, b, alpha);
  return run_add(a, a, b, alpha);
}
Tensor add_out(const Tensor& a, const Tensor& b, const Scalar& alpha, const Tensor& out) {
  TS_AUTOGRAD("add.out", a, b, alpha, out);
  return run_add(out, a, b, alpha);
}
Tensor sub(const Tensor& a, const Tensor& b, const Scalar& alpha) {
  TS_AUTOGRAD("sub.Tensor", a, b, alpha);
  check_sub(a, b);
  return run_add({}, a, b, -alpha);
}
Tensor sub_(const Tensor& a, const Tensor& b, const Scalar& alpha) {
  TS_AUTOGRAD("sub_.Tensor", a, b, alpha);
  check_sub(a, b);
  return run_add(a, a, b, -alpha);
}
Tensor sub_out(const Tensor& a, const Tensor& b, const Scalar& alpha, const Tensor& out) {
  TS_AUTOGRAD("sub.out", a, b, alpha, out);
  check_sub(a, b);
  return run_add(out, a, b, -alpha);
}
Tensor mul(const Tensor& a, const Tensor& b) {
  TS_AUTOGRAD("mul.Tensor", a, b);
  return run_mul({}, a, b);
}
Tensor mul_(const Tensor& a, const Tensor& b) {
  TS_AUTOGRAD("mul_.Tensor", a, b);
  return run_mul(a, a, b);
}
Tensor mul_out(const Tensor& a, const Tensor& b, const Tensor& out) {
  TS_AUTOGRAD("mul.out", a, b, out);
  return run_mul(out, a, b);
}
Tensor div(const Tensor& a, const Tensor& b, std::optional<std::string> mode) {
  TS_AUTOGRAD("div.Tensor_mode", a, b, mode);
  return run_div({}, a, b, mode);
}
Tensor div_(const Tensor& a, const Tensor& b, std::optional<std::string> mode) {
  TS_AUTOGRAD("div_.Tensor_mode", a, b, mode);
  return run_div(a, a, b, mode);
}
Tensor div_out(const Tensor& a, const Tensor& b, std::optional<std::string> mode, const Tensor& out) {
  TS_AUTOGRAD("div.out_mode", a, b, mode, out);
  return run_div(out, a, b, mode);
}

namespace {
// grad * alpha, skipping the multiply for alpha == 1.
Tensor alpha_times(const Tensor& g, const Scalar& alpha) {
  if (!alpha.is_float() && !alpha.is_bool() && alpha.to_int() == 1) return g;
  return mul(g, scalar_to_tensor(alpha));
}

// Scalar overloads: the number takes part in promotion as a wrapped number.
Tensor add_scalar(const Tensor& a, const Scalar& b, const Scalar& alpha) {
  return add(a, scalar_to_tensor(b), alpha);
}
Tensor add_scalar_(const Tensor& a, const Scalar& b, const Scalar& alpha) {
  return add_(a, scalar_to_tensor(b), alpha);
}
Tensor sub_scalar(const Tensor& a, const Scalar& b, const Scalar& alpha) {
  return sub(a, scalar_to_tensor(b), alpha);
}
Tensor sub_scalar_(const Tensor& a, const Scalar& b, const Scalar& alpha) {
  return sub_(a, scalar_to_tensor(b), alpha);
}
Tensor mul_scalar(const Tensor& a, const Scalar& b) { return mul(a, scalar_to_tensor(b)); }
Tensor mul_scalar_(const Tensor& a, const Scalar& b) { return mul_(a, scalar_to_tensor(b)); }
Tensor div_scalar(const Tensor& a, const Scalar& b) { return div(a, scalar_to_tensor(b)); }
Tensor div_scalar_(const Tensor& a, const Scalar& b) { return div_(a, scalar_to_tensor(b)); }
Tensor div_scalar_mode(const Tensor& a, const Scalar& b, std::optional<std::string> m) {
  return div(a, scalar_to_tensor(b), std::move(m));
}
Tensor div_out_plain(const Tensor& a, const Tensor& b, const Tensor& out) {
  return div_out(a, b, std::nullopt, out);
}
Tensor div_scalar_mode_(const Tensor& a, const Scalar& b, std::optional<std::string> m) {
  return div_(a, scalar_to_tensor(b), std::move(m));
}
}  // namespace

TS_REGISTER_OPS(binary) {
  const ops::Derivative* add_d =
      r.def<&add>("add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor")
          .grad("AddBackward0", "", TS_GRAD({
            return {TS_IF(0, c.grad()), TS_IF(1, alpha_times(c.grad(), c.scalar(2)))};
          })).derivative;
  r.def<&add_scalar>("add.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor").composite_op();
  r.def<&add_out>("add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)");
  r.def<&add_>("add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)").grad(add_d);
  r.def<&add_scalar_>("add_.Scalar(Tensor(a!) self, Scalar other, Scalar alpha=1) -> Tensor(a!)").composite_op();
  const ops::Derivative* sub_d =
      r.def<&sub>("sub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor")
          .grad("SubBackward0", "", TS_GRAD({
            return {TS_IF(0, c.grad()), TS_IF(1, alpha_times(neg(c.grad()), c.scalar(2)))};
          })).derivative;
  r.def<&sub_scalar>("sub.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor").composite_op();
  r.def<&sub_out>("sub.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)");
  r.def<&sub_>("sub_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)").grad(sub_d);
  r.def<&sub_scalar_>("sub_.Scalar(Tensor(a!) self, Scalar other, Scalar alpha=1) -> Tensor(a!)").composite_op();
  const ops::Derivative* mul_d =
      r.def<&mul>("mul.Tensor(Tensor self, Tensor other) -> Tensor")
          .grad("MulBackward0", "self:other other:self", TS_GRAD({
            return {TS_IF(0, mul(c.grad(), c.in(1))), TS_IF(1, mul(c.grad(), c.in(0)))};
          })).derivative;
  r.def<&mul_scalar>("mul.Scalar(Tensor self, Scalar other) -> Tensor").composite_op();
  r.def<&mul_out>("mul.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&mul_>("mul_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)").grad(mul_d);
  r.def<&mul_scalar_>("mul_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)").composite_op();
  const ops::Derivative* div_d =
      r.def<&div>("div.Tensor_mode(Tensor self, Tensor other, *, str? rounding_mode=None) -> Tensor")
          .grad("DivBackward0", "self:other other", TS_GRAD({
            if (!c.none(2)) return {TS_IF(0, zeros_like(c.grad())), TS_IF(1, zeros_like(c.grad()))};
            return {TS_IF(0, div(c.grad(), c.in(1))),
                    TS_IF(1, mul(neg(c.grad()), div(div(c.in(0), c.in(1)), c.in(1))))};
          })).derivative;
  r.def<&div_scalar>("div.Scalar(Tensor self, Scalar other) -> Tensor").composite_op();
  r.def<&div_scalar_mode>("div.Scalar_mode(Tensor self, Scalar other, *, str? rounding_mode) -> Tensor").composite_op();
  r.def<&div_out_plain>("div.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&div_out>("div.out_mode(Tensor self, Tensor other, *, str? rounding_mode, Tensor(a!) out) -> Tensor(a!)");
  r.def<&div_>("div_.Tensor_mode(Tensor(a!) self, Tensor other, *, str? rounding_mode=None) -> Tensor(a!)").grad(div_d);
  r.def<&div_scalar_>("div_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)").composite_op();
  r.def<&div_scalar_mode_>("div_.Scalar_mode(Tensor(a!) self, Scalar other, *, str? rounding_mode) -> Tensor(a!)").composite_op();
}

}  // namespace ts
