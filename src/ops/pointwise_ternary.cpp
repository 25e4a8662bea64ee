// Three-operand pointwise ops (see api_pointwise.h): where, masked_fill, lerp, addcmul and
// addcdiv; their checks with PyTorch's wording, the calls into kernels/cpu/pointwise.cpp, and
// their derivatives.
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

TS_DEFINE_STUB(lerp_scalar_stub);
TS_DEFINE_STUB(addcmul_stub);
TS_DEFINE_STUB(addcdiv_stub);
TS_DEFINE_STUB(masked_fill_stub);

using pointwise::result_type2;
using pointwise::wrap;

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

namespace {
using grad::zero_where;
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
std::vector<Tensor> where_nonzero(const Tensor& c) { return nonzero_numpy(c); }
}  // namespace

TS_REGISTER_OPS(pointwise_ternary) {
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

  // ---- derivatives (PyTorch's derivatives.yaml formulas and node names) ----
  r.entry("where", "self").grad("WhereBackward0", "condition", TS_GRAD({
    const Tensor& cond = c.in(0);
    return {Tensor(), TS_IF(1, where(cond, c.grad(), Scalar(0.0))),
            TS_IF(2, where(cond, Scalar(0.0), c.grad()))};
  }));
  for (const char* o : {"ScalarOther", "ScalarSelf", "Scalar"}) r.entry("where", o).composite_op();
  const ops::Derivative* mfs =
      r.entry("masked_fill", "Scalar").grad("MaskedFillBackward0", "mask", TS_GRAD({
        return {zero_where(c.in(1).to(DType::Bool), c.grad()), Tensor()};
      })).derivative;
  r.entry("masked_fill_", "Scalar").grad(mfs);
  const ops::Derivative* mft =
      r.entry("masked_fill", "Tensor").grad("MaskedFillBackward1", "mask", TS_GRAD({
        Tensor m = c.in(1).to(DType::Bool);
        return {TS_IF(0, zero_where(m, c.grad())), Tensor(),
                TS_IF(2, sum(where(m, c.grad(), Scalar(0.0))))};
      })).derivative;
  r.entry("masked_fill_", "Tensor").grad(mft);
  const ops::Derivative* lerp_s = r.entry("lerp", "Scalar").grad("LerpBackward0", "", TS_GRAD({
    const double w = c.scalar(2).to_double();
    return {TS_IF(0, c.grad() * (1.0 - w)), TS_IF(1, c.grad() * w)};
  })).derivative;
  r.entry("lerp_", "Scalar").grad(lerp_s);
  const ops::Derivative* lerp_t =
      r.entry("lerp", "Tensor").grad("LerpBackward1", "self:weight end:weight weight", TS_GRAD({
        const Tensor& w = c.in(2);
        return {TS_IF(0, c.grad() * (1.0 - w)), TS_IF(1, c.grad() * w),
                TS_IF(2, c.grad() * (c.in(1) - c.in(0)))};
      })).derivative;
  r.entry("lerp_", "Tensor").grad(lerp_t);
  r.grad_pair("addcmul", "AddcmulBackward0", "tensor1:tensor2 tensor2:tensor1", TS_GRAD({
    const Scalar v = c.scalar(3);
    return {TS_IF(0, c.grad()), TS_IF(1, c.grad() * c.in(2) * v), TS_IF(2, c.grad() * c.in(1) * v)};
  }));
  r.grad_pair("addcdiv", "AddcdivBackward0", "tensor1:tensor2 tensor2", TS_GRAD({
    const Scalar v = c.scalar(3);
    const Tensor& t2 = c.in(2);
    return {TS_IF(0, c.grad()), TS_IF(1, c.grad() * v / t2),
            TS_IF(2, neg(c.grad()) * v * c.in(1) / (t2 * t2))};
  }));
}

}  // namespace ts
