// Binary pointwise ops (see api_pointwise.h): comparisons, the rows of stubs/binary_ops.def,
// remainder/fmod, bitwise, copysign, xlogy, division aliases, rsub, isclose; argument checks with
// PyTorch's wording, TensorIter set-up, the calls into kernels/cpu/pointwise.cpp, and their
// derivatives. pow is in pow.cpp; where, masked_fill, lerp, addcmul, addcdiv in
// pointwise_ternary.cpp.
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

#define TS_DEF(n) TS_DEFINE_STUB(n##_stub);
TS_BINARY_STUBS(TS_DEF)
#define TS_BINARY_OP(n, ...) TS_DEF(n)
#define TS_BINARY_OP_NO_GRAD(n, ...) TS_DEF(n)
#include "stubs/binary_ops.def"
#undef TS_DEF
TS_DEFINE_STUB(isclose_stub);

using pointwise::result_type2;
using pointwise::run;
using pointwise::wrap;

namespace {

using grad::zero_where;

Tensor zeros_of(const Tensor& g) { return zeros_like(g); }

}  // namespace

// X, X_, X_out for Tensor `other` (and, with _S, a Scalar `other` wrapped as a number).
#define TS_BIN_DEF(n, stub, make)                                                               \
  Tensor n(const Tensor& a, const Tensor& b) { return run(stub, make, {}, a, b); }              \
  Tensor n##_(const Tensor& a, const Tensor& b) { return run(stub, make, a, a, b); }            \
  Tensor n##_out(const Tensor& a, const Tensor& b, const Tensor& out) { return run(stub, make, out, a, b); }
// TS_BIN_DEF with the autograd hand-off (entry names of the three variants).
#define TS_BIN_DEF_AG(n, stub, make, f, ip, o)                                    \
  Tensor n(const Tensor& a, const Tensor& b) {                                    \
    TS_AUTOGRAD(f, a, b);                                                         \
    return run(stub, make, {}, a, b);                                             \
  }                                                                               \
  Tensor n##_(const Tensor& a, const Tensor& b) {                                 \
    TS_AUTOGRAD(ip, a, b);                                                        \
    return run(stub, make, a, a, b);                                              \
  }                                                                               \
  Tensor n##_out(const Tensor& a, const Tensor& b, const Tensor& out) {           \
    TS_AUTOGRAD(o, a, b, out);                                                    \
    return run(stub, make, out, a, b);                                            \
  }
#define TS_BIN_DEF_S(n)                                                                         \
  Tensor n(const Tensor& a, const Scalar& b) { return n(a, wrap(b)); }                          \
  Tensor n##_(const Tensor& a, const Scalar& b) { return n##_(a, wrap(b)); }                    \
  Tensor n##_out(const Tensor& a, const Scalar& b, const Tensor& out) { return n##_out(a, wrap(b), out); }
#define TS_BIN_DEF_RS(n)                                                                        \
  Tensor n(const Scalar& a, const Tensor& b) { return n(wrap(a), b); }                          \
  Tensor n##_out(const Scalar& a, const Tensor& b, const Tensor& out) { return n##_out(wrap(a), b, out); }

#define TS_CMP_DEF(n) TS_BIN_DEF(n, n##_stub, &TensorIter::comparison_op) TS_BIN_DEF_S(n)
TS_CMP_DEF(eq)
TS_CMP_DEF(ne)
TS_CMP_DEF(lt)
TS_CMP_DEF(le)
TS_CMP_DEF(gt)
TS_CMP_DEF(ge)
#undef TS_CMP_DEF

// The rows of stubs/binary_ops.def: X, X_out (pair) and X_ (trio) through the row's iterator.
#define TS_BINARY_ITER_float &TensorIter::binary_float_op
#define TS_BINARY_ITER_same &TensorIter::binary_op
#define TS_BINARY_ITER_bool &TensorIter::comparison_op
#define TS_BINARY_DEF_pair(n, rule)                                    \
  Tensor n(const Tensor& a, const Tensor& b) {                         \
    TS_AUTOGRAD(#n, a, b);                                             \
    return run(n##_stub, TS_BINARY_ITER_##rule, {}, a, b);             \
  }                                                                    \
  Tensor n##_out(const Tensor& a, const Tensor& b, const Tensor& out) { \
    TS_AUTOGRAD(#n ".out", a, b, out);                                 \
    return run(n##_stub, TS_BINARY_ITER_##rule, out, a, b);            \
  }
#define TS_BINARY_DEF_trio(n, rule)                                    \
  TS_BINARY_DEF_pair(n, rule)                                          \
  Tensor n##_(const Tensor& a, const Tensor& b) {                      \
    TS_AUTOGRAD(#n "_", a, b);                                         \
    return run(n##_stub, TS_BINARY_ITER_##rule, a, a, b);              \
  }
#define TS_BINARY_OP(n, rule, variants, ...) TS_BINARY_DEF_##variants(n, rule)
#define TS_BINARY_OP_NO_GRAD(n, rule, variants) TS_BINARY_DEF_##variants(n, rule)
#include "stubs/binary_ops.def"
#undef TS_BINARY_DEF_pair
#undef TS_BINARY_DEF_trio
#undef TS_BINARY_ITER_float
#undef TS_BINARY_ITER_same
#undef TS_BINARY_ITER_bool

Tensor maximum(const Tensor& a, const Tensor& b) {
  TS_AUTOGRAD("maximum", a, b);
  return run(maximum_stub, &TensorIter::binary_op, {}, a, b);
}
Tensor maximum_out(const Tensor& a, const Tensor& b, const Tensor& out) {
  return run(maximum_stub, &TensorIter::binary_op, out, a, b);
}
Tensor minimum(const Tensor& a, const Tensor& b) {
  TS_AUTOGRAD("minimum", a, b);
  return run(minimum_stub, &TensorIter::binary_op, {}, a, b);
}
Tensor minimum_out(const Tensor& a, const Tensor& b, const Tensor& out) {
  return run(minimum_stub, &TensorIter::binary_op, out, a, b);
}

Tensor remainder(const Tensor& a, const Tensor& b) {
  TS_AUTOGRAD("remainder.Tensor", a, b);
  return run(remainder_stub, &TensorIter::binary_op, {}, a, b);
}
Tensor remainder_(const Tensor& a, const Tensor& b) {
  TS_AUTOGRAD("remainder_.Tensor", a, b);
  return run(remainder_stub, &TensorIter::binary_op, a, a, b);
}
Tensor remainder_out(const Tensor& a, const Tensor& b, const Tensor& out) {
  TS_AUTOGRAD("remainder.Tensor_out", a, b, out);
  return run(remainder_stub, &TensorIter::binary_op, out, a, b);
}
TS_BIN_DEF_S(remainder)
TS_BIN_DEF_RS(remainder)
TS_BIN_DEF_AG(fmod, fmod_stub, &TensorIter::binary_op, "fmod.Tensor", "fmod_.Tensor", "fmod.Tensor_out")
TS_BIN_DEF_S(fmod)
#define TS_BITWISE_DEF(n) TS_BIN_DEF(n, n##_stub, &TensorIter::binary_op) TS_BIN_DEF_S(n) TS_BIN_DEF_RS(n)
TS_BITWISE_DEF(bitwise_and)
TS_BITWISE_DEF(bitwise_or)
TS_BITWISE_DEF(bitwise_xor)
#undef TS_BITWISE_DEF
TS_BIN_DEF_AG(copysign, copysign_stub, &TensorIter::binary_float_op, "copysign.Tensor", "copysign_.Tensor", "copysign.out")
TS_BIN_DEF_S(copysign)
TS_BIN_DEF_AG(xlogy, xlogy_stub, &TensorIter::binary_float_op, "xlogy.Tensor", "xlogy_.Tensor", "xlogy.OutTensor")
TS_BIN_DEF_S(xlogy)
TS_BIN_DEF_RS(xlogy)

// ---- floor_divide, true_divide, rsub: the division and subtraction kernels ----

namespace {
void check_floor_divide(const Tensor& a, const Tensor& b) {
  TS_CHECK(result_type2(a, b) != DType::Bool, "\"div_floor_cpu\" not implemented for 'Bool'");
}
}  // namespace

Tensor floor_divide(const Tensor& a, const Tensor& b) {
  check_floor_divide(a, b);
  return div(a, b, "floor");
}
Tensor floor_divide_(const Tensor& a, const Tensor& b) {
  check_floor_divide(a, b);
  return div_(a, b, "floor");
}
Tensor floor_divide_out(const Tensor& a, const Tensor& b, const Tensor& out) {
  check_floor_divide(a, b);
  return div_out(a, b, "floor", out);
}
TS_BIN_DEF_S(floor_divide)
Tensor true_divide(const Tensor& a, const Tensor& b) { return div(a, b); }
Tensor true_divide_(const Tensor& a, const Tensor& b) { return div_(a, b); }
Tensor true_divide_out(const Tensor& a, const Tensor& b, const Tensor& out) {
  return div_out(a, b, std::nullopt, out);
}
TS_BIN_DEF_S(true_divide)
Tensor rsub(const Tensor& a, const Tensor& b, const Scalar& alpha) { return sub(b, a, alpha); }
Tensor rsub(const Tensor& a, const Scalar& b, const Scalar& alpha) { return sub(wrap(b), a, alpha); }
// rsub's out= forms are PyTorch's generated wrappers: the result is copied into out without a
// cast check (a float result truncates into an integer out).
Tensor rsub_out(const Tensor& a, const Tensor& b, const Scalar& alpha, const Tensor& out) {
  Tensor r = rsub(a, b, alpha);
  resize_out(out, r.sizes());
  copy_into(out, r);
  return out;
}
Tensor rsub_out(const Tensor& a, const Scalar& b, const Scalar& alpha, const Tensor& out) {
  Tensor r = rsub(a, b, alpha);
  resize_out(out, r.sizes());
  copy_into(out, r);
  return out;
}

// ---- isclose, allclose, equal ----

Tensor isclose(const Tensor& self, const Tensor& other, double rtol, double atol, bool equal_nan) {
  TS_CHECK(self.dtype() == other.dtype(), scalar_type_name(self.dtype()), " did not match ",
           scalar_type_name(other.dtype()));
  TS_CHECK(rtol >= 0, "rtol must be greater than or equal to zero, but got ", rtol);
  TS_CHECK(atol >= 0, "atol must be greater than or equal to zero, but got ", atol);
  // Integer and bool tensors are compared in the default float dtype (no integer overflow in
  // |self - other|); with zero tolerances closeness is equality of the original values.
  if (is_integral(self.dtype(), true) && !(rtol == 0 && atol == 0))
    return isclose(self.to(default_dtype()), other.to(default_dtype()), rtol, atol, equal_nan);
  auto it = TensorIter::comparison_op({}, self, other);
  isclose_stub(it.device().type, it, rtol, atol, equal_nan);
  return it.output();
}

namespace {
bool all_true(const Tensor& b) {
  Tensor c = b.contiguous();
  const bool* p = static_cast<const bool*>(c.data_ptr());
  for (int64_t i = 0; i < c.numel(); ++i)
    if (!p[i]) return false;
  return true;
}
}  // namespace

bool allclose(const Tensor& self, const Tensor& other, double rtol, double atol, bool equal_nan) {
  return all_true(isclose(self, other, rtol, atol, equal_nan));
}
bool equal(const Tensor& self, const Tensor& other) {
  if (!(self.sizes() == other.sizes())) return false;
  return all_true(eq(self, other));
}

namespace {
using namespace pointwise::sig;  // TT, TS, ...: the overloads' signatures
// rsub records its own nodes as PyTorch's (RsubBackward0 / RsubBackward1 for `1 - x`).
Tensor rsub_t(const Tensor& s, const Tensor& o, const Scalar& a) {
  TS_AUTOGRAD("rsub.Tensor", s, o, a);
  return rsub(s, o, a);
}
Tensor rsub_s(const Tensor& s, const Scalar& o, const Scalar& a) {
  TS_AUTOGRAD("rsub.Scalar", s, o, a);
  return rsub(s, o, a);
}
// -grad * alpha, skipping the multiply for alpha == 1.
Tensor neg_alpha(const Tensor& g, const Scalar& alpha) {
  if (!alpha.is_float() && !alpha.is_bool() && alpha.to_int() == 1) return neg(g);
  return mul(neg(g), scalar_to_tensor(alpha));
}
Tensor rsub_t_out(const Tensor& s, const Tensor& o, const Scalar& a, const Tensor& out) { return rsub_out(s, o, a, out); }
Tensor rsub_s_out(const Tensor& s, const Scalar& o, const Scalar& a, const Tensor& out) { return rsub_out(s, o, a, out); }
}  // namespace

TS_REGISTER_OPS(pointwise) {
  // Overloads in PyTorch's order: a call binds to the first that fits.

  // Comparisons: eq.Tensor, eq.Scalar, eq.Scalar_out, eq.Tensor_out, eq_.Scalar, eq_.Tensor.
#define TS_REG_CMP(n)                                                                                  \
  r.def<static_cast<TT>(&n)>(#n ".Tensor(Tensor self, Tensor other) -> Tensor").not_differentiable(); \
  r.def<static_cast<TS>(&n)>(#n ".Scalar(Tensor self, Scalar other) -> Tensor").not_differentiable(); \
  r.def<static_cast<TSO>(&n##_out)>(#n ".Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable(); \
  r.def<static_cast<TTO>(&n##_out)>(#n ".Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable(); \
  r.def<static_cast<TS>(&n##_)>(#n "_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)").not_differentiable(); \
  r.def<static_cast<TT>(&n##_)>(#n "_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)").not_differentiable();
  TS_REG_CMP(eq)
  TS_REG_CMP(ne)
  TS_REG_CMP(lt)
  TS_REG_CMP(le)
  TS_REG_CMP(gt)
  TS_REG_CMP(ge)
#undef TS_REG_CMP

  // Plain Tensor-Tensor trios: X, X.out, X_.
#define TS_REG_TT(n, extra)                                                                            \
  r.def<static_cast<TT>(&n)>(#n "(Tensor self, Tensor other) -> Tensor") extra;                        \
  r.def<static_cast<TTO>(&n##_out)>(#n ".out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)") extra;
#define TS_REG_TT_(n, extra) r.def<static_cast<TT>(&n##_)>(#n "_(Tensor(a!) self, Tensor other) -> Tensor(a!)") extra;
#define TS_REG_pair(n, extra) TS_REG_TT(n, extra)
#define TS_REG_trio(n, extra) TS_REG_TT(n, extra) TS_REG_TT_(n, extra)
#define TS_BINARY_OP(n, rule, variants, node, saves, ...) \
  TS_REG_##variants(n, )                                   \
  r.grad_pair(#n, node, saves, TS_GRAD(__VA_ARGS__));
#define TS_BINARY_OP_NO_GRAD(n, rule, variants) TS_REG_##variants(n, .not_differentiable())
#include "stubs/binary_ops.def"
#undef TS_REG_pair
#undef TS_REG_trio
  TS_REG_TT(maximum, )
  TS_REG_TT(minimum, )
#undef TS_REG_TT
#undef TS_REG_TT_
  r.def<&maximum>("max.other(Tensor self, Tensor other) -> Tensor");
  r.def<&maximum_out>("max.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&minimum>("min.other(Tensor self, Tensor other) -> Tensor");
  r.def<&minimum_out>("min.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)");

  // Overload sets named Tensor / Scalar / Scalar_Tensor with _out forms.
  r.def<static_cast<TT>(&remainder)>("remainder.Tensor(Tensor self, Tensor other) -> Tensor");
  r.def<static_cast<TS>(&remainder)>("remainder.Scalar(Tensor self, Scalar other) -> Tensor");
  r.def<static_cast<ST>(&remainder)>("remainder.Scalar_Tensor(Scalar self, Tensor other) -> Tensor");
  r.def<static_cast<TTO>(&remainder_out)>("remainder.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<static_cast<TSO>(&remainder_out)>("remainder.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<static_cast<STO>(&remainder_out)>("remainder.Scalar_Tensor_out(Scalar self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<static_cast<TT>(&remainder_)>("remainder_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)");
  r.def<static_cast<TS>(&remainder_)>("remainder_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)");
  r.def<static_cast<TT>(&fmod)>("fmod.Tensor(Tensor self, Tensor other) -> Tensor");
  r.def<static_cast<TS>(&fmod)>("fmod.Scalar(Tensor self, Scalar other) -> Tensor");
  r.def<static_cast<TTO>(&fmod_out)>("fmod.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<static_cast<TSO>(&fmod_out)>("fmod.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<static_cast<TT>(&fmod_)>("fmod_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)");
  r.def<static_cast<TS>(&fmod_)>("fmod_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)");
  r.def<static_cast<TT>(&floor_divide)>("floor_divide(Tensor self, Tensor other) -> Tensor").not_differentiable();
  r.def<static_cast<TS>(&floor_divide)>("floor_divide.Scalar(Tensor self, Scalar other) -> Tensor").not_differentiable();
  r.def<static_cast<TTO>(&floor_divide_out)>("floor_divide.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<static_cast<TS>(&floor_divide_)>("floor_divide_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)").not_differentiable();
  r.def<static_cast<TT>(&floor_divide_)>("floor_divide_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)").not_differentiable();
  r.def<static_cast<TT>(&true_divide)>("true_divide.Tensor(Tensor self, Tensor other) -> Tensor");
  r.def<static_cast<TS>(&true_divide)>("true_divide.Scalar(Tensor self, Scalar other) -> Tensor");
  r.def<static_cast<TTO>(&true_divide_out)>("true_divide.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<static_cast<TT>(&true_divide_)>("true_divide_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)");
  r.def<static_cast<TS>(&true_divide_)>("true_divide_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)");
  r.def<&rsub_t>("rsub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor")
      .variants("function")
      .grad("RsubBackward0", "", TS_GRAD({ return {TS_IF(0, neg_alpha(c.grad(), c.scalar(2))), TS_IF(1, c.grad())}; }));
  r.def<&rsub_s>("rsub.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor")
      .variants("function")
      .grad("RsubBackward1", "", TS_GRAD({ return {neg_alpha(c.grad(), c.scalar(2))}; }));
  r.def<&rsub_t_out>("rsub.Tensor_out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)").variants("function");
  r.def<&rsub_s_out>("rsub.Scalar_out(Tensor self, Scalar other, Scalar alpha=1, *, Tensor(a!) out) -> Tensor(a!)").variants("function");

#define TS_REG_BITWISE(n)                                                                                       \
  r.def<static_cast<TT>(&n)>(#n ".Tensor(Tensor self, Tensor other) -> Tensor").not_differentiable();          \
  r.def<static_cast<TS>(&n)>(#n ".Scalar(Tensor self, Scalar other) -> Tensor").not_differentiable();          \
  r.def<static_cast<TTO>(&n##_out)>(#n ".Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable(); \
  r.def<static_cast<TSO>(&n##_out)>(#n ".Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable(); \
  r.def<static_cast<ST>(&n)>(#n ".Scalar_Tensor(Scalar self, Tensor other) -> Tensor").not_differentiable();   \
  r.def<static_cast<STO>(&n##_out)>(#n ".Scalar_Tensor_out(Scalar self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable(); \
  r.def<static_cast<TT>(&n##_)>(#n "_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)").not_differentiable(); \
  r.def<static_cast<TS>(&n##_)>(#n "_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)").not_differentiable();
  TS_REG_BITWISE(bitwise_and)
  TS_REG_BITWISE(bitwise_or)
  TS_REG_BITWISE(bitwise_xor)
#undef TS_REG_BITWISE

  r.def<static_cast<TT>(&copysign)>("copysign.Tensor(Tensor self, Tensor other) -> Tensor");
  r.def<static_cast<TTO>(&copysign_out)>("copysign.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<static_cast<TS>(&copysign)>("copysign.Scalar(Tensor self, Scalar other) -> Tensor");
  r.def<static_cast<TSO>(&copysign_out)>("copysign.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<static_cast<TT>(&copysign_)>("copysign_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)");
  r.def<static_cast<TS>(&copysign_)>("copysign_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)");
  r.def<static_cast<TT>(&xlogy)>("xlogy.Tensor(Tensor self, Tensor other) -> Tensor");
  r.def<static_cast<TS>(&xlogy)>("xlogy.Scalar_Other(Tensor self, Scalar other) -> Tensor");
  r.def<static_cast<ST>(&xlogy)>("xlogy.Scalar_Self(Scalar self, Tensor other) -> Tensor");
  r.def<static_cast<TTO>(&xlogy_out)>("xlogy.OutTensor(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<static_cast<STO>(&xlogy_out)>("xlogy.OutScalar_Self(Scalar self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<static_cast<TSO>(&xlogy_out)>("xlogy.OutScalar_Other(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<static_cast<TT>(&xlogy_)>("xlogy_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)");
  r.def<static_cast<TS>(&xlogy_)>("xlogy_.Scalar_Other(Tensor(a!) self, Scalar other) -> Tensor(a!)");

  r.def<&isclose>("isclose(Tensor self, Tensor other, float rtol=1e-05, float atol=1e-08, bool equal_nan=False) -> Tensor").not_differentiable();
  r.def<&allclose>("allclose(Tensor self, Tensor other, float rtol=1e-05, float atol=1e-08, bool equal_nan=False) -> bool").not_differentiable();
  r.def<&equal>("equal(Tensor self, Tensor other) -> bool").not_differentiable();

  // ---- derivatives (PyTorch's derivatives.yaml formulas and node names) ----
  for (const char* n : {"true_divide", "true_divide_"})
    for (const char* o : {"Tensor", "Scalar"}) r.entry(n, o).composite_op();  // div records itself
  const ops::Derivative* cs =
      r.entry("copysign", "Tensor").grad("CopysignBackward0", "self result", TS_GRAD({
        Tensor ratio = zero_where(eq(c.in(0), Scalar(0.0)), c.result() / c.in(0));
        return {TS_IF(0, c.grad() * ratio), TS_IF(1, zeros_like(c.grad()))};
      })).derivative;
  r.entry("copysign_", "Tensor").grad(cs);
  const ops::Derivative* fm =
      r.entry("fmod", "Tensor").grad("FmodBackward1", "self:other other:other", TS_GRAD({
        return {TS_IF(0, c.grad()),
                TS_IF(1, neg(c.grad()) * div(c.in(0), c.in(1), std::string("trunc")))};
      })).derivative;
  r.entry("fmod_", "Tensor").grad(fm);
  const ops::Derivative* xl =
      r.entry("xlogy", "Tensor").grad("XlogyBackward0", "self other", TS_GRAD({
        Tensor nz = ne(c.in(0), Scalar(0.0)).to(c.grad().dtype());
        return {TS_IF(0, c.grad() * xlogy(nz, c.in(1))), TS_IF(1, c.grad() * c.in(0) / c.in(1))};
      })).derivative;
  r.entry("xlogy_", "Tensor").grad(xl);
  r.entry("maximum").grad("MaximumBackward0", "self other", TS_GRAD({
    const Tensor &a = c.in(0), &b = c.in(1), &g = c.grad();
    Tensor half = g / 2.0;
    return {TS_IF(0, where(gt(a, b), g, where(eq(a, b), half, zeros_of(g)))),
            TS_IF(1, where(lt(a, b), g, where(eq(a, b), half, zeros_of(g))))};
  }));
  r.entry("minimum").grad("MinimumBackward0", "self other", TS_GRAD({
    const Tensor &a = c.in(0), &b = c.in(1), &g = c.grad();
    Tensor half = g / 2.0;
    return {TS_IF(0, where(lt(a, b), g, where(eq(a, b), half, zeros_of(g)))),
            TS_IF(1, where(gt(a, b), g, where(eq(a, b), half, zeros_of(g))))};
  }));
  const ops::Derivative* rem =
      r.entry("remainder", "Tensor").grad("RemainderBackward0", "self:other other:other", TS_GRAD({
        return {TS_IF(0, c.grad()),
                TS_IF(1, neg(c.grad()) * div(c.in(0), c.in(1), std::string("floor")))};
      })).derivative;
  r.entry("remainder_", "Tensor").grad(rem);
  for (const char* n : {"remainder", "remainder_"}) r.entry(n, "Scalar").composite_op();
  const std::pair<const char*, const char*> composites[] = {
      {"max", "other"}, {"min", "other"}, {"copysign", "Scalar"}, {"copysign_", "Scalar"},
      {"fmod", "Scalar"}, {"fmod_", "Scalar"}, {"xlogy", "Scalar_Other"}, {"xlogy", "Scalar_Self"},
      {"xlogy_", "Scalar_Other"}, {"remainder", "Scalar_Tensor"}};
  for (const auto& [name, overload] : composites) r.entry(name, overload).composite_op();
}

}  // namespace ts
