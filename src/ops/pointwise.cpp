// Binary and ternary pointwise ops (see api_pointwise.h): argument checks with PyTorch's
// wording, TensorIter set-up, and the calls into kernels/cpu/pointwise.cpp.
#include <cmath>
#include <limits>

#include "ops/api_binary.h"
#include "ops/api_core.h"
#include "ops/api_index.h"
#include "ops/api_pointwise.h"
#include "ops/api_unary.h"
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
TS_DEFINE_STUB(pow_scalar_stub);
TS_DEFINE_STUB(lerp_scalar_stub);
TS_DEFINE_STUB(addcmul_stub);
TS_DEFINE_STUB(addcdiv_stub);
TS_DEFINE_STUB(masked_fill_stub);
TS_DEFINE_STUB(isclose_stub);

namespace {

using Stub = DispatchStub<void(TensorIter&)>;
using IterMaker = TensorIter (*)(const Tensor&, const Tensor&, const Tensor&);

Tensor run(const Stub& stub, IterMaker make, const Tensor& out, const Tensor& a, const Tensor& b) {
  auto it = make(out, a, b);
  stub(it.device().type, it);
  return it.output();
}

Tensor wrap(const Scalar& s) { return scalar_to_tensor(s); }
// g with zeros where mask holds (the derivative formulas of stubs/binary_ops.def).
Tensor zero_where(const Tensor& mask, const Tensor& g) { return where(mask, Scalar(0.0), g); }
DType result_type2(const Tensor& a, const Tensor& b) {
  Tensor both[2] = {a, b};
  return result_type(util::ArrayRef<Tensor>(both, 2));
}

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

// ---- pow ----

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
TS_BIN_DEF_RS(pow)

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

// ---- where ----

Tensor where_out(const Tensor& cond, const Tensor& a, const Tensor& b, const Tensor& out) {
  DType rt = result_type2(a, b);
  Tensor c = cond;
  if (c.dtype() == DType::UInt8) c = c.to(DType::Bool);  // deprecated in PyTorch, still accepted
  TS_CHECK(c.dtype() == DType::Bool,
           "where expected condition to be a boolean tensor, but got a tensor with dtype ",
           scalar_type_name(c.dtype()));
  auto it = TensorIterConfig()
                .add_output(out)
                .add_input(c)
                .add_input(a.dtype() == rt ? a : a.to(rt))
                .add_input(b.dtype() == rt ? b : b.to(rt))
                .check_all_same_dtype(false)
                .output_dtype(rt)
                .cast_common_dtype_to_outputs()
                .build();
  where_stub(it.device().type, it);
  return it.output();
}
Tensor where(const Tensor& cond, const Tensor& a, const Tensor& b) {
  TS_AUTOGRAD("where.self", cond, a, b);
  return where_out(cond, a, b, {});
}
Tensor where(const Tensor& cond, const Tensor& a, const Scalar& b) { return where(cond, a, wrap(b)); }
Tensor where(const Tensor& cond, const Scalar& a, const Tensor& b) { return where(cond, wrap(a), b); }
Tensor where(const Tensor& cond, const Scalar& a, const Scalar& b) { return where(cond, wrap(a), wrap(b)); }

// ---- masked_fill ----

namespace {

const char* checked_type_name(DType t) {
  switch (t) {
    case DType::Bool: return "bool";
    case DType::UInt8: return "uint8_t";
    case DType::Int8: return "int8_t";
    case DType::Int16: return "int16_t";
    case DType::Int32: return "int32_t";
    case DType::Int64: return "int64_t";
    case DType::Float16: return "at::Half";
    case DType::BFloat16: return "at::BFloat16";
    case DType::Float32: return "float";
    case DType::Float64: return "double";
  }
  return "?";
}

template <typename T>
bool overflows(const Scalar& v) {
  using L = std::numeric_limits<T>;
  if (v.is_float()) {
    double d = v.to_double();
    if (!std::is_integral_v<T> && !std::isfinite(d)) return false;
    return d < double(L::lowest()) || d > double(L::max());
  }
  int64_t i = v.to_int();
  if constexpr (std::is_unsigned_v<T>) return i > int64_t(L::max()) || (i < 0 && -i > int64_t(L::max()));
  else if constexpr (std::is_integral_v<T>) return i < int64_t(L::lowest()) || i > int64_t(L::max());
  else return false;
}

// c10::checked_convert: a value that does not fit the tensor's dtype is an error.
void check_value_fits(const Scalar& v, DType t) {
  bool bad = false;
  switch (t) {
    case DType::Bool: break;
    case DType::UInt8: bad = overflows<uint8_t>(v); break;
    case DType::Int8: bad = overflows<int8_t>(v); break;
    case DType::Int16: bad = overflows<int16_t>(v); break;
    case DType::Int32: bad = overflows<int32_t>(v); break;
    case DType::Int64: bad = v.is_float() && overflows<int64_t>(v); break;
    case DType::Float16:
      bad = v.is_float() ? (std::isfinite(v.to_double()) && std::abs(v.to_double()) > 65504.0)
                         : std::abs(double(v.to_int())) > 65504.0;
      break;
    case DType::BFloat16:
    case DType::Float32: bad = overflows<float>(v); break;
    case DType::Float64: break;
  }
  TS_CHECK(!bad, "value cannot be converted to type ", checked_type_name(t), " without overflow");
}

Tensor checked_mask(const Tensor& mask) {
  if (mask.dtype() == DType::Bool) return mask;
  TS_CHECK(mask.dtype() == DType::UInt8, "masked_fill_ only supports boolean masks, but got mask with dtype ",
           cpp_type_name(mask.dtype()));
  // uint8 masks are deprecated in PyTorch but still accepted when they hold only 0 and 1.
  Tensor m = mask.contiguous();
  const uint8_t* p = static_cast<const uint8_t*>(m.data_ptr());
  for (int64_t i = 0; i < m.numel(); ++i) TS_CHECK(p[i] <= 1, "Mask tensor can take 0 and 1 values only");
  return m.to(DType::Bool);
}

Scalar checked_value(const Tensor& value) {
  TS_CHECK(value.dim() == 0, "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with ",
           value.dim(), " dimension(s).");
  return value.item();
}

// Result of an out-of-place op computed into `r`, written to out= (resized, cast).
Tensor write_out(const Tensor& out, const Tensor& r) {
  auto it = TensorIter::unary_op(out, r);
  copy_stub(it.device().type, it);
  return it.output();
}

}  // namespace

Tensor masked_fill_(const Tensor& self, const Tensor& mask, const Scalar& value) {
  TS_AUTOGRAD("masked_fill_.Scalar", self, mask, value);
  Tensor m = checked_mask(mask);
  check_value_fits(value, self.dtype());
  // copy_mode: self keeps its dtype and shape, and the mask broadcasts to it.
  auto it = TensorIterConfig().add_output(self).add_input(m).copy_mode().name("masked_fill_").build();
  masked_fill_stub(it.device().type, it, value);
  return self;
}
Tensor masked_fill_(const Tensor& self, const Tensor& mask, const Tensor& value) {
  TS_AUTOGRAD("masked_fill_.Tensor", self, mask, value);
  return masked_fill_(self, mask, checked_value(value));
}
Tensor masked_fill(const Tensor& self, const Tensor& mask, const Scalar& value) {
  TS_AUTOGRAD("masked_fill.Scalar", self, mask, value);
  DimVector shape = broadcast_shapes(mask.sizes(), self.sizes());
  TensorOptions o(self.dtype());
  o.device = self.device();
  Tensor r = empty(shape, o);
  copy_into(r, self);
  return masked_fill_(r, mask, value);
}
Tensor masked_fill(const Tensor& self, const Tensor& mask, const Tensor& value) {
  TS_AUTOGRAD("masked_fill.Tensor", self, mask, value);
  return masked_fill(self, mask, checked_value(value));
}
Tensor masked_fill_out(const Tensor& self, const Tensor& mask, const Scalar& value, const Tensor& out) {
  return write_out(out, masked_fill(self, mask, value));
}
Tensor masked_fill_out(const Tensor& self, const Tensor& mask, const Tensor& value, const Tensor& out) {
  return write_out(out, masked_fill(self, mask, value));
}

// ---- lerp, addcmul, addcdiv ----

namespace {
void check_lerp(const Tensor& self, const Tensor& other, const char* what) {
  TS_CHECK(self.dtype() == other.dtype(), "expected dtype ", cpp_type_name(self.dtype()), " for `",
           what, "` but got dtype ", cpp_type_name(other.dtype()));
}
Tensor run_lerp(const Tensor& out, const Tensor& self, const Tensor& end, const Scalar& w) {
  check_lerp(self, end, "end");
  // A Scalar weight builds a binary op, whose out= may take a safe cast (Tensor weight: no cast).
  auto it = TensorIterConfig()
                .add_output(out)
                .add_input(self)
                .add_input(end)
                .cast_common_dtype_to_outputs()
                .build();
  lerp_scalar_stub(it.device().type, it, w);
  return it.output();
}
Tensor run_lerp(const Tensor& out, const Tensor& self, const Tensor& end, const Tensor& w) {
  check_lerp(self, end, "end");
  check_lerp(self, w, "weight");
  auto it = TensorIterConfig().add_output(out).add_input(self).add_input(end).add_input(w).build();
  lerp_tensor_stub(it.device().type, it);
  return it.output();
}

template <typename StubT>
Tensor run_addc(const StubT& stub, const Tensor& out, const Tensor& self, const Tensor& t1,
                const Tensor& t2, const Scalar& value) {
  auto it = TensorIterConfig()
                .add_output(out)
                .add_input(self)
                .add_input(t1)
                .add_input(t2)
                .promote_inputs_to_common_dtype()
                .cast_common_dtype_to_outputs()
                .build();
  stub(it.device().type, it, value);
  return it.output();
}

void check_addcdiv(const Tensor& t1, const Tensor& t2) {
  TS_CHECK(!(is_integral(t1.dtype(), true) && is_integral(t2.dtype(), true)),
           "Integer division with addcdiv is no longer supported, and in a future  release addcdiv "
           "will perform a true division of tensor1 and tensor2. The historic addcdiv behavior can "
           "be implemented as (input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for "
           "integer inputs and as (input + value * tensor1 / tensor2) for float inputs. The future "
           "addcdiv behavior is just the latter implementation: (input + value * tensor1 / "
           "tensor2), for all dtypes.");
}
}  // namespace

Tensor lerp(const Tensor& s, const Tensor& e, const Scalar& w) {
  TS_AUTOGRAD("lerp.Scalar", s, e, w);
  return run_lerp({}, s, e, w);
}
Tensor lerp(const Tensor& s, const Tensor& e, const Tensor& w) {
  TS_AUTOGRAD("lerp.Tensor", s, e, w);
  return run_lerp({}, s, e, w);
}
Tensor lerp_(const Tensor& s, const Tensor& e, const Scalar& w) {
  TS_AUTOGRAD("lerp_.Scalar", s, e, w);
  return run_lerp(s, s, e, w);
}
Tensor lerp_(const Tensor& s, const Tensor& e, const Tensor& w) {
  TS_AUTOGRAD("lerp_.Tensor", s, e, w);
  return run_lerp(s, s, e, w);
}
Tensor lerp_out(const Tensor& s, const Tensor& e, const Scalar& w, const Tensor& out) {
  return run_lerp(out, s, e, w);
}
Tensor lerp_out(const Tensor& s, const Tensor& e, const Tensor& w, const Tensor& out) {
  return run_lerp(out, s, e, w);
}
Tensor addcmul(const Tensor& s, const Tensor& a, const Tensor& b, const Scalar& v) {
  TS_AUTOGRAD("addcmul", s, a, b, v);
  return run_addc(addcmul_stub, {}, s, a, b, v);
}
Tensor addcmul_(const Tensor& s, const Tensor& a, const Tensor& b, const Scalar& v) {
  TS_AUTOGRAD("addcmul_", s, a, b, v);
  return run_addc(addcmul_stub, s, s, a, b, v);
}
Tensor addcmul_out(const Tensor& s, const Tensor& a, const Tensor& b, const Scalar& v, const Tensor& out) {
  return run_addc(addcmul_stub, out, s, a, b, v);
}
Tensor addcdiv(const Tensor& s, const Tensor& a, const Tensor& b, const Scalar& v) {
  TS_AUTOGRAD("addcdiv", s, a, b, v);
  check_addcdiv(a, b);
  return run_addc(addcdiv_stub, {}, s, a, b, v);
}
Tensor addcdiv_(const Tensor& s, const Tensor& a, const Tensor& b, const Scalar& v) {
  TS_AUTOGRAD("addcdiv_", s, a, b, v);
  check_addcdiv(a, b);
  return run_addc(addcdiv_stub, s, s, a, b, v);
}
Tensor addcdiv_out(const Tensor& s, const Tensor& a, const Tensor& b, const Scalar& v, const Tensor& out) {
  check_addcdiv(a, b);
  return run_addc(addcdiv_stub, out, s, a, b, v);
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
using TT = Tensor (*)(const Tensor&, const Tensor&);
using TS = Tensor (*)(const Tensor&, const Scalar&);
using ST = Tensor (*)(const Scalar&, const Tensor&);
using TTO = Tensor (*)(const Tensor&, const Tensor&, const Tensor&);
using TSO = Tensor (*)(const Tensor&, const Scalar&, const Tensor&);
using STO = Tensor (*)(const Scalar&, const Tensor&, const Tensor&);
Tensor where_tt(const Tensor& c, const Tensor& a, const Tensor& b) { return where(c, a, b); }
Tensor where_ts(const Tensor& c, const Tensor& a, const Scalar& b) { return where(c, a, b); }
Tensor where_st(const Tensor& c, const Scalar& a, const Tensor& b) { return where(c, a, b); }
Tensor where_ss(const Tensor& c, const Scalar& a, const Scalar& b) { return where(c, a, b); }
Tensor mf_s(const Tensor& s, const Tensor& m, const Scalar& v) { return masked_fill(s, m, v); }
Tensor mf_t(const Tensor& s, const Tensor& m, const Tensor& v) { return masked_fill(s, m, v); }
Tensor mf_s_(const Tensor& s, const Tensor& m, const Scalar& v) { return masked_fill_(s, m, v); }
Tensor mf_t_(const Tensor& s, const Tensor& m, const Tensor& v) { return masked_fill_(s, m, v); }
Tensor mf_s_out(const Tensor& s, const Tensor& m, const Scalar& v, const Tensor& o) { return masked_fill_out(s, m, v, o); }
Tensor mf_t_out(const Tensor& s, const Tensor& m, const Tensor& v, const Tensor& o) { return masked_fill_out(s, m, v, o); }
Tensor lerp_s(const Tensor& s, const Tensor& e, const Scalar& w) { return lerp(s, e, w); }
Tensor lerp_t(const Tensor& s, const Tensor& e, const Tensor& w) { return lerp(s, e, w); }
Tensor lerp_s_(const Tensor& s, const Tensor& e, const Scalar& w) { return lerp_(s, e, w); }
Tensor lerp_t_(const Tensor& s, const Tensor& e, const Tensor& w) { return lerp_(s, e, w); }
Tensor lerp_s_out(const Tensor& s, const Tensor& e, const Scalar& w, const Tensor& o) { return lerp_out(s, e, w, o); }
Tensor lerp_t_out(const Tensor& s, const Tensor& e, const Tensor& w, const Tensor& o) { return lerp_out(s, e, w, o); }
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
std::vector<Tensor> where_nonzero(const Tensor& c) { return nonzero_numpy(c); }
}  // namespace

TS_REGISTER_OPS(pointwise) {
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

  r.def<&where_tt>("where.self(Tensor condition, Tensor self, Tensor other) -> Tensor");
  r.def<&where_ts>("where.ScalarOther(Tensor condition, Tensor self, Scalar other) -> Tensor");
  r.def<&where_st>("where.ScalarSelf(Tensor condition, Scalar self, Tensor other) -> Tensor");
  r.def<&where_nonzero>("where(Tensor condition) -> Tensor[]").not_differentiable();
  r.def<&where_out>("where.self_out(Tensor condition, Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&where_ss>("where.Scalar(Tensor condition, Scalar self, Scalar other) -> Tensor");
  r.def<&mf_s>("masked_fill.Scalar(Tensor self, Tensor mask, Scalar value) -> Tensor");
  r.def<&mf_t>("masked_fill.Tensor(Tensor self, Tensor mask, Tensor value) -> Tensor");
  r.def<&mf_s_out>("masked_fill.Scalar_out(Tensor self, Tensor mask, Scalar value, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&mf_t_out>("masked_fill.Tensor_out(Tensor self, Tensor mask, Tensor value, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&mf_s_>("masked_fill_.Scalar(Tensor(a!) self, Tensor mask, Scalar value) -> Tensor(a!)");
  r.def<&mf_t_>("masked_fill_.Tensor(Tensor(a!) self, Tensor mask, Tensor value) -> Tensor(a!)");
  r.def<&lerp_s>("lerp.Scalar(Tensor self, Tensor end, Scalar weight) -> Tensor");
  r.def<&lerp_t>("lerp.Tensor(Tensor self, Tensor end, Tensor weight) -> Tensor");
  r.def<&lerp_s_out>("lerp.Scalar_out(Tensor self, Tensor end, Scalar weight, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&lerp_t_out>("lerp.Tensor_out(Tensor self, Tensor end, Tensor weight, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&lerp_s_>("lerp_.Scalar(Tensor(a!) self, Tensor end, Scalar weight) -> Tensor(a!)");
  r.def<&lerp_t_>("lerp_.Tensor(Tensor(a!) self, Tensor end, Tensor weight) -> Tensor(a!)");
  r.def<&addcmul>("addcmul(Tensor self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor");
  r.def<&addcmul_out>("addcmul.out(Tensor self, Tensor tensor1, Tensor tensor2, *, Scalar value=1, Tensor(a!) out) -> Tensor(a!)");
  r.def<&addcmul_>("addcmul_(Tensor(a!) self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor(a!)");
  r.def<&addcdiv>("addcdiv(Tensor self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor");
  r.def<&addcdiv_out>("addcdiv.out(Tensor self, Tensor tensor1, Tensor tensor2, *, Scalar value=1, Tensor(a!) out) -> Tensor(a!)");
  r.def<&addcdiv_>("addcdiv_(Tensor(a!) self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor(a!)");
  r.def<&isclose>("isclose(Tensor self, Tensor other, float rtol=1e-05, float atol=1e-08, bool equal_nan=False) -> Tensor").not_differentiable();
  r.def<&allclose>("allclose(Tensor self, Tensor other, float rtol=1e-05, float atol=1e-08, bool equal_nan=False) -> bool").not_differentiable();
  r.def<&equal>("equal(Tensor self, Tensor other) -> bool").not_differentiable();
}

}  // namespace ts
