// Factory functions. Argument checks, dtype inference and sizes live here; the element
// generators (arange, linspace, logspace) are kernels in kernels/cpu/range.cpp. torch.tensor(data)
// is in tensor_data.cpp.
#include <cmath>
#include <cstring>
#include <limits>

#include "ops/api_core.h"
#include "ops/api_creation.h"
#include "ops/api_shape.h"
#include "ops/factory_util.h"
#include "ops/registry.h"
#include "ops/shape_util.h"
#include "stubs/range.h"
#include "tensor/iter.h"

namespace ts {

TS_DEFINE_STUB(arange_stub);
TS_DEFINE_STUB(linspace_stub);
TS_DEFINE_STUB(logspace_stub);

using factory::check_requires_grad;
using factory::leaf;
using factory::scalar_overflows;

namespace {


// The C++ type names PyTorch's checked_convert prints.
const char* convert_type_name(DType t) {
  switch (t) {
    case DType::Bool: return "bool";
    case DType::UInt8: return "uint8_t";
    case DType::Int8: return "int8_t";
    case DType::Int16: return "int16_t";
    case DType::Int32: return "int";
    case DType::Int64: return "int64_t";
    case DType::Float16: return "at::Half";
    case DType::BFloat16: return "at::BFloat16";
    case DType::Float32: return "float";
    case DType::Float64: return "double";
  }
  return "?";
}

}  // namespace

// PyTorch's c10::overflows<To>(from) for a Scalar.
bool factory::scalar_overflows(const Scalar& v, DType t) {
  if (v.is_bool() || t == DType::Bool) return false;
  double lo = 0, hi = 0;
  bool has_inf = is_floating(t);
  switch (t) {
    case DType::UInt8:
      lo = 0;
      hi = 255;
      break;
    case DType::Int8:
      lo = -128;
      hi = 127;
      break;
    case DType::Int16:
      lo = -32768;
      hi = 32767;
      break;
    case DType::Int32:
      lo = -2147483648.0;
      hi = 2147483647.0;
      break;
    case DType::Int64:
      lo = -9223372036854775808.0;
      hi = 9223372036854775807.0;
      break;
    case DType::Float16:
      lo = -65504.0;
      hi = 65504.0;
      break;
    case DType::BFloat16:
      lo = -3.3895313892515355e38;
      hi = 3.3895313892515355e38;
      break;
    case DType::Float32:
      lo = -double(std::numeric_limits<float>::max());
      hi = double(std::numeric_limits<float>::max());
      break;
    case DType::Float64: return false;
    case DType::Bool: return false;
  }
  if (v.is_int()) {
    const int64_t i = v.to_int();
    if (t == DType::Int64) return false;
    // Unsigned targets accept negatives down to -max (two's complement wrap-around).
    if (t == DType::UInt8) return i > 255 || i < -255;
    return double(i) < lo || double(i) > hi;
  }
  const double d = v.to_double();
  if (has_inf && std::isinf(d)) return false;
  if (std::isnan(d)) return !has_inf;
  // int64's max is not a double: 2^63 itself already overflows.
  if (t == DType::Int64) return d < lo || d >= 9223372036854775808.0;
  return d < lo || d > hi;
}

namespace {

TensorOptions make_options(std::optional<DType> dtype, std::optional<Device> device,
                           std::optional<bool> pin_memory) {
  TS_CHECK(!pin_memory.value_or(false), "pin_memory=True needs a CUDA backend");
  TensorOptions o;
  o.dtype = dtype;
  if (device) o.device = *device;
  return o;
}

Tensor filled(IntArrayRef size, const Scalar& v, TensorOptions opts) {
  Tensor r = empty(size, opts);
  if (r.numel() > 0) fill_(r, v);
  return r;
}

}  // namespace

void check_scalar_fits(const Scalar& v, DType t) {
  TS_CHECK(!scalar_overflows(v, t), "value cannot be converted to type ", convert_type_name(t),
           " without overflow");
}

Tensor zeros(IntArrayRef size, TensorOptions opts) {
  check_requires_grad(opts.requires_grad, opts.dtype_or_default());
  return leaf(filled(size, 0, opts), opts.requires_grad);
}

Tensor ones(IntArrayRef size, TensorOptions opts) {
  check_requires_grad(opts.requires_grad, opts.dtype_or_default());
  return leaf(filled(size, 1, opts), opts.requires_grad);
}

Tensor full(IntArrayRef size, const Scalar& fill_value, TensorOptions opts) {
  if (!opts.dtype) opts.dtype = fill_value.dtype();
  check_requires_grad(opts.requires_grad, *opts.dtype);
  check_scalar_fits(fill_value, *opts.dtype);
  return leaf(filled(size, fill_value, opts), opts.requires_grad);
}

Tensor scalar_tensor(const Scalar& s, TensorOptions opts) {
  check_requires_grad(opts.requires_grad, opts.dtype_or_default());
  check_scalar_fits(s, opts.dtype_or_default());
  return leaf(filled({}, s, opts), opts.requires_grad);
}

// ---- arange ----

namespace {

// The accumulate type PyTorch's CPU arange computes in: int64 for integers, float for the
// 16-bit floats, double for float and double.
DType arange_acc(DType t) {
  if (is_integral(t, false)) return DType::Int64;
  if (t == DType::Float16 || t == DType::BFloat16) return DType::Float32;
  return DType::Float64;
}

// Number of elements of arange(start, end, step) in dtype `t`, with PyTorch's checks.
int64_t arange_size(const Scalar& start, const Scalar& end, const Scalar& step, DType t) {
  TS_CHECK(t != DType::Bool, "\"arange_cpu\" not implemented for 'Bool'");
  const DType acc = arange_acc(t);
  check_scalar_fits(start, acc);
  check_scalar_fits(end, acc);
  check_scalar_fits(step, acc);
  double size_d;
  if (acc == DType::Int64) {
    const int64_t xs = start.to<int64_t>(), xe = end.to<int64_t>(), xst = step.to<int64_t>();
    TS_CHECK(xst != 0, "step must be nonzero");
    TS_CHECK((xst > 0 && xe >= xs) || (xst < 0 && xe <= xs),
             "upper bound and larger bound inconsistent with step sign");
    if (t == DType::Int64) {
      // PyTorch keeps int64 exact here (no double): truncating integer division.
      const int64_t sgn = (xst > 0) - (xst < 0);
      size_d = double((xe - xs + xst - sgn) / xst);
    } else {
      size_d = std::ceil((end.to_double() - start.to_double()) / step.to_double());
    }
  } else {
    double xs = start.to_double(), xe = end.to_double(), xst = step.to_double();
    if (acc == DType::Float32) {
      xs = double(float(xs));
      xe = double(float(xe));
      xst = double(float(xst));
    }
    TS_CHECK(xst > 0 || xst < 0, "step must be nonzero");
    if (acc == DType::Float32) {
      TS_CHECK(std::isfinite(xs) && std::isfinite(xe), "unsupported range: ", float(xs), " -> ",
               float(xe));
    } else {
      TS_CHECK(std::isfinite(xs) && std::isfinite(xe), "unsupported range: ", xs, " -> ", xe);
    }
    TS_CHECK((xst > 0 && xe >= xs) || (xst < 0 && xe <= xs),
             "upper bound and larger bound inconsistent with step sign");
    size_d = std::ceil((end.to_double() - start.to_double()) / step.to_double());
  }
  TS_CHECK(size_d >= 0 && size_d <= double(std::numeric_limits<int64_t>::max()),
           "invalid size, possible overflow?");
  return int64_t(size_d);
}

// Runs a 1-d generator kernel into `out`, through a contiguous temporary when needed.
template <typename F>
void generate_into(const Tensor& out, F&& kernel) {
  if (out.is_contiguous()) {
    kernel(out);
    out.bump_version();
    return;
  }
  TensorOptions o(out.dtype());
  o.device = out.device();
  Tensor tmp = empty(out.sizes(), o);
  kernel(tmp);
  copy_into(out, tmp);
}

}  // namespace

Tensor arange_out(const Scalar& start, const Scalar& end, const Scalar& step, const Tensor& out) {
  const int64_t n = arange_size(start, end, step, out.dtype());
  resize_out(out, {n});
  if (n > 0)
    generate_into(out, [&](const Tensor& o) { arange_stub(o.device().type, o, start, step); });
  return out;
}

Tensor arange(const Scalar& start, const Scalar& end, const Scalar& step, TensorOptions opts) {
  if (!opts.dtype) {
    bool integral = !start.is_float() && !end.is_float() && !step.is_float();
    opts.dtype = integral ? DType::Int64 : default_dtype();
  }
  check_requires_grad(opts.requires_grad, *opts.dtype);
  const int64_t n = arange_size(start, end, step, *opts.dtype);
  Tensor r = empty({n}, opts);
  if (n > 0) arange_stub(r.device().type, r, start, step);
  return leaf(r, opts.requires_grad);
}

Tensor arange(const Scalar& end, TensorOptions opts) { return arange(0, end, 1, opts); }

// ---- linspace and logspace ----

Tensor linspace_out(const Scalar& start, const Scalar& end, int64_t steps, const Tensor& out) {
  TS_CHECK(steps >= 0, "number of steps must be non-negative");
  if (out.numel() != steps) resize_out(out, {steps});  // PyTorch keeps a 0-dim out for steps 1
  if (steps == 1) {
    check_scalar_fits(start, out.dtype());
    fill_(out, start);
  } else if (steps > 1) {
    TS_CHECK(out.dtype() != DType::Bool, "\"linspace_cpu\" not implemented for 'Bool'");
    check_scalar_fits(start, out.dtype());
    check_scalar_fits(end, out.dtype());
    generate_into(out, [&](const Tensor& o) { linspace_stub(o.device().type, o, start, end); });
  }
  return out;
}

Tensor linspace(const Scalar& start, const Scalar& end, int64_t steps, TensorOptions opts) {
  TS_CHECK(steps >= 0, "number of steps must be non-negative");
  if (!opts.dtype) opts.dtype = default_dtype();
  check_requires_grad(opts.requires_grad, *opts.dtype);
  return leaf(linspace_out(start, end, steps, empty({steps}, opts)), opts.requires_grad);
}

Tensor logspace_out(const Scalar& start, const Scalar& end, int64_t steps, double base,
                    const Tensor& out) {
  TS_CHECK(steps >= 0, "number of steps must be non-negative");
  if (out.numel() != steps) resize_out(out, {steps});  // PyTorch keeps a 0-dim out for steps 1
  if (steps == 1) {
    Scalar v(std::pow(base, start.to_double()));
    check_scalar_fits(v, out.dtype());
    fill_(out, v);
  } else if (steps > 1) {
    const DType t = out.dtype();
    TS_CHECK(t != DType::Bool && t != DType::Float16, "\"logspace_cpu\" not implemented for '",
             scalar_type_name(t), "'");
    check_scalar_fits(start, t);
    check_scalar_fits(end, t);
    generate_into(out,
                  [&](const Tensor& o) { logspace_stub(o.device().type, o, start, end, base); });
  }
  return out;
}

Tensor logspace(const Scalar& start, const Scalar& end, int64_t steps, double base,
                TensorOptions opts) {
  TS_CHECK(steps >= 0, "number of steps must be non-negative");
  if (!opts.dtype) opts.dtype = default_dtype();
  check_requires_grad(opts.requires_grad, *opts.dtype);
  return leaf(logspace_out(start, end, steps, base, empty({steps}, opts)), opts.requires_grad);
}

// ---- eye ----

namespace {
Tensor eye_fill(const Tensor& r) {
  zero_(r);
  const int64_t n = std::min(r.size(0), r.size(1));
  if (n > 0) fill_(as_strided(r, {n}, {r.stride(0) + r.stride(1)}), 1);
  return r;
}
}  // namespace

Tensor eye(int64_t n, int64_t m, TensorOptions opts) {
  TS_CHECK(n >= 0, "n must be greater or equal to 0, got ", n);
  TS_CHECK(m >= 0, "m must be greater or equal to 0, got ", m);
  check_requires_grad(opts.requires_grad, opts.dtype_or_default());
  return leaf(eye_fill(empty({n, m}, opts)), opts.requires_grad);
}

Tensor eye(int64_t n, TensorOptions opts) {
  TS_CHECK(n >= 0, "n must be greater or equal to 0, got ", n);
  return eye(n, n, opts);
}

// ---- *_like and new_* ----

namespace {
// empty_like with an optional other device (a different device loses the strides).
Tensor like(const Tensor& self, std::optional<DType> dtype, std::optional<Device> device) {
  if (!device || *device == self.device()) return empty_like(self, dtype);
  TensorOptions o(dtype.value_or(self.dtype()));
  o.device = *device;
  return empty(self.sizes(), o);
}

Tensor fill_like(Tensor r, const Scalar& v) {
  if (r.numel() > 0) fill_(r, v);
  return r;
}

TensorOptions new_options(const Tensor& self, std::optional<DType> dtype,
                          std::optional<Device> device = std::nullopt) {
  TensorOptions o(dtype.value_or(self.dtype()));
  o.device = device.value_or(self.device());
  return o;
}
}  // namespace

Tensor zeros_like(const Tensor& self, std::optional<DType> dtype) {
  return fill_like(like(self, dtype, std::nullopt), 0);
}
Tensor ones_like(const Tensor& self, std::optional<DType> dtype) {
  return fill_like(like(self, dtype, std::nullopt), 1);
}
Tensor full_like(const Tensor& self, const Scalar& fill_value, std::optional<DType> dtype) {
  check_scalar_fits(fill_value, dtype.value_or(self.dtype()));
  return fill_like(like(self, dtype, std::nullopt), fill_value);
}
Tensor new_empty(const Tensor& self, IntArrayRef size, std::optional<DType> dtype) {
  return empty(size, new_options(self, dtype));
}
Tensor new_zeros(const Tensor& self, IntArrayRef size, std::optional<DType> dtype) {
  return filled(size, 0, new_options(self, dtype));
}
Tensor new_ones(const Tensor& self, IntArrayRef size, std::optional<DType> dtype) {
  return filled(size, 1, new_options(self, dtype));
}
Tensor new_full(const Tensor& self, IntArrayRef size, const Scalar& fill_value,
                std::optional<DType> dtype) {
  check_scalar_fits(fill_value, dtype.value_or(self.dtype()));
  return filled(size, fill_value, new_options(self, dtype));
}

// ---- Registration ----

namespace {

using LayoutArg = std::optional<int64_t>;  // Layout? and MemoryFormat?: only None is accepted

Tensor empty_boxed(IntArrayRef size, std::optional<DType> dtype, LayoutArg,
                   std::optional<Device> device, std::optional<bool> pin, LayoutArg) {
  return empty(size, make_options(dtype, device, pin));
}
Tensor empty_out_boxed(IntArrayRef size, LayoutArg, const Tensor& out) {
  resize_out(out, size);
  return out;
}
Tensor empty_strided_boxed(IntArrayRef size, IntArrayRef stride, std::optional<DType> dtype,
                           LayoutArg, std::optional<Device> device, std::optional<bool> pin) {
  TS_CHECK(size.size() == stride.size(), "dimensionality of sizes (", size.size(),
           ") must match dimensionality of strides (", stride.size(), ")");
  TensorOptions o = make_options(dtype, device, pin);
  for (int64_t s : size)  // PyTorch's check_size_nonnegative comes before the storage size
    TS_CHECK(s >= 0, "Trying to create tensor with negative dimension ", s, ": ", shape_str(size));
  shape_detail::storage_nbytes(size, stride, int64_t(element_size(o.dtype_or_default())));
  return empty_strided(size, stride, o);
}
Tensor zeros_boxed(IntArrayRef size, std::optional<DType> dtype, LayoutArg,
                   std::optional<Device> device, std::optional<bool> pin) {
  return zeros(size, make_options(dtype, device, pin));
}
Tensor ones_boxed(IntArrayRef size, std::optional<DType> dtype, LayoutArg,
                  std::optional<Device> device, std::optional<bool> pin) {
  return ones(size, make_options(dtype, device, pin));
}
Tensor full_boxed(IntArrayRef size, const Scalar& v, std::optional<DType> dtype, LayoutArg,
                  std::optional<Device> device, std::optional<bool> pin) {
  return full(size, v, make_options(dtype, device, pin));
}
Tensor fill_out(IntArrayRef size, const Scalar& v, const Tensor& out) {
  check_scalar_fits(v, out.dtype());
  resize_out(out, size);
  if (out.numel() > 0) fill_(out, v);
  return out;
}
Tensor zeros_out(IntArrayRef size, const Tensor& out) { return fill_out(size, 0, out); }
Tensor ones_out(IntArrayRef size, const Tensor& out) { return fill_out(size, 1, out); }
Tensor scalar_tensor_boxed(const Scalar& s, std::optional<DType> dtype, LayoutArg,
                           std::optional<Device> device, std::optional<bool> pin) {
  return scalar_tensor(s, make_options(dtype, device, pin));
}
Tensor arange_end_boxed(const Scalar& end, std::optional<DType> dtype, LayoutArg,
                        std::optional<Device> device, std::optional<bool> pin) {
  return arange(0, end, 1, make_options(dtype, device, pin));
}
Tensor arange_start_boxed(const Scalar& start, const Scalar& end, std::optional<DType> dtype,
                          LayoutArg, std::optional<Device> device, std::optional<bool> pin) {
  return arange(start, end, 1, make_options(dtype, device, pin));
}
Tensor arange_step_boxed(const Scalar& start, const Scalar& end, const Scalar& step,
                         std::optional<DType> dtype, LayoutArg, std::optional<Device> device,
                         std::optional<bool> pin) {
  return arange(start, end, step, make_options(dtype, device, pin));
}
Tensor arange_end_out(const Scalar& end, const Tensor& out) { return arange_out(0, end, 1, out); }
Tensor linspace_boxed(const Scalar& start, const Scalar& end, int64_t steps,
                      std::optional<DType> dtype, LayoutArg, std::optional<Device> device,
                      std::optional<bool> pin) {
  return linspace(start, end, steps, make_options(dtype, device, pin));
}
Tensor logspace_boxed(const Scalar& start, const Scalar& end, int64_t steps, double base,
                      std::optional<DType> dtype, LayoutArg, std::optional<Device> device,
                      std::optional<bool> pin) {
  return logspace(start, end, steps, base, make_options(dtype, device, pin));
}
Tensor eye_boxed(int64_t n, std::optional<DType> dtype, LayoutArg, std::optional<Device> device,
                 std::optional<bool> pin) {
  return eye(n, make_options(dtype, device, pin));
}
Tensor eye_m_boxed(int64_t n, int64_t m, std::optional<DType> dtype, LayoutArg,
                   std::optional<Device> device, std::optional<bool> pin) {
  return eye(n, m, make_options(dtype, device, pin));
}
Tensor eye_out(int64_t n, const Tensor& out) {
  TS_CHECK(n >= 0, "n must be greater or equal to 0, got ", n);
  resize_out(out, {n, n});
  return eye_fill(out);
}
Tensor eye_m_out(int64_t n, int64_t m, const Tensor& out) {
  TS_CHECK(n >= 0, "n must be greater or equal to 0, got ", n);
  TS_CHECK(m >= 0, "m must be greater or equal to 0, got ", m);
  resize_out(out, {n, m});
  return eye_fill(out);
}

Tensor like_boxed(const Tensor& self, std::optional<DType> dtype, std::optional<Device> device,
                  std::optional<bool> pin) {
  TS_CHECK(!pin.value_or(false), "pin_memory=True needs a CUDA backend");
  return like(self, dtype, device);
}
Tensor empty_like_boxed(const Tensor& self, std::optional<DType> dtype, LayoutArg,
                        std::optional<Device> device, std::optional<bool> pin, LayoutArg) {
  return like_boxed(self, dtype, device, pin);
}
Tensor zeros_like_boxed(const Tensor& self, std::optional<DType> dtype, LayoutArg,
                        std::optional<Device> device, std::optional<bool> pin, LayoutArg) {
  return fill_like(like_boxed(self, dtype, device, pin), 0);
}
Tensor ones_like_boxed(const Tensor& self, std::optional<DType> dtype, LayoutArg,
                       std::optional<Device> device, std::optional<bool> pin, LayoutArg) {
  return fill_like(like_boxed(self, dtype, device, pin), 1);
}
Tensor full_like_boxed(const Tensor& self, const Scalar& v, std::optional<DType> dtype, LayoutArg,
                       std::optional<Device> device, std::optional<bool> pin, LayoutArg) {
  check_scalar_fits(v, dtype.value_or(self.dtype()));
  return fill_like(like_boxed(self, dtype, device, pin), v);
}
Tensor new_empty_boxed(const Tensor& self, IntArrayRef size, std::optional<DType> dtype, LayoutArg,
                       std::optional<Device> device, std::optional<bool> pin) {
  TS_CHECK(!pin.value_or(false), "pin_memory=True needs a CUDA backend");
  return empty(size, new_options(self, dtype, device));
}
Tensor new_zeros_boxed(const Tensor& self, IntArrayRef size, std::optional<DType> dtype, LayoutArg,
                       std::optional<Device> device, std::optional<bool> pin) {
  return filled(size, 0, new_options(self, dtype, device));
}
Tensor new_ones_boxed(const Tensor& self, IntArrayRef size, std::optional<DType> dtype, LayoutArg,
                      std::optional<Device> device, std::optional<bool> pin) {
  return filled(size, 1, new_options(self, dtype, device));
}
Tensor new_full_boxed(const Tensor& self, IntArrayRef size, const Scalar& v,
                      std::optional<DType> dtype, LayoutArg, std::optional<Device> device,
                      std::optional<bool> pin) {
  check_scalar_fits(v, dtype.value_or(self.dtype()));
  return filled(size, v, new_options(self, dtype, device));
}

constexpr const char* kFactory =
    "ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None";

std::string schema(const char* head, const char* tail = ") -> Tensor") {
  return util::str(head, kFactory, tail);
}

}  // namespace

TS_REGISTER_OPS(creation) {
  r.def<&empty_boxed>(schema("empty.memory_format(SymInt[] size, *, ",
                             ", MemoryFormat? memory_format=None) -> Tensor"))
      .not_differentiable();
  r.def<&empty_out_boxed>(
       "empty.out(SymInt[] size, *, MemoryFormat? memory_format=None, Tensor(a!) out) -> "
       "Tensor(a!)")
      .not_differentiable();
  r.def<&empty_strided_boxed>(schema("empty_strided(SymInt[] size, SymInt[] stride, *, "))
      .not_differentiable();
  r.def<&zeros_boxed>(schema("zeros(SymInt[] size, *, ")).not_differentiable();
  r.def<&zeros_out>("zeros.out(SymInt[] size, *, Tensor(a!) out) -> Tensor(a!)")
      .not_differentiable();
  r.def<&ones_boxed>(schema("ones(SymInt[] size, *, ")).not_differentiable();
  r.def<&ones_out>("ones.out(SymInt[] size, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&full_boxed>(schema("full(SymInt[] size, Scalar fill_value, *, ")).not_differentiable();
  r.def<&fill_out>("full.out(SymInt[] size, Scalar fill_value, *, Tensor(a!) out) -> Tensor(a!)")
      .not_differentiable();
  r.def<&scalar_tensor_boxed>(schema("scalar_tensor(Scalar s, *, ")).not_differentiable();
  r.def<&arange_end_boxed>(schema("arange(Scalar end, *, ")).not_differentiable();
  r.def<&arange_start_boxed>(schema("arange.start(Scalar start, Scalar end, *, "))
      .not_differentiable();
  r.def<&arange_step_boxed>(
       schema("arange.start_step(Scalar start, Scalar end, Scalar step=1, *, "))
      .not_differentiable();
  r.def<&arange_out>(
       "arange.start_out(Scalar start, Scalar end, Scalar step=1, *, Tensor(a!) out) -> Tensor(a!)")
      .not_differentiable();
  r.def<&arange_end_out>("arange.out(Scalar end, *, Tensor(a!) out) -> Tensor(a!)")
      .not_differentiable();
  r.def<&linspace_boxed>(schema("linspace(Scalar start, Scalar end, int steps, *, "))
      .not_differentiable();
  r.def<&linspace_out>(
       "linspace.out(Scalar start, Scalar end, int steps, *, Tensor(a!) out) -> Tensor(a!)")
      .not_differentiable();
  r.def<&logspace_boxed>(
       schema("logspace(Scalar start, Scalar end, int steps, float base=10., *, "))
      .not_differentiable();
  r.def<&logspace_out>(
       "logspace.out(Scalar start, Scalar end, int steps, float base=10., *, Tensor(a!) out) -> "
       "Tensor(a!)")
      .not_differentiable();
  r.def<&eye_boxed>(schema("eye(int n, *, ")).not_differentiable();
  r.def<&eye_m_boxed>(schema("eye.m(int n, int m, *, ")).not_differentiable();
  r.def<&eye_out>("eye.out(int n, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&eye_m_out>("eye.m_out(int n, int m, *, Tensor(a!) out) -> Tensor(a!)")
      .not_differentiable();

  const char* like_tail = ", MemoryFormat? memory_format=None) -> Tensor";
  r.def<&empty_like_boxed>(schema("empty_like(Tensor self, *, ", like_tail))
      .variants("function")
      .not_differentiable();
  r.def<&zeros_like_boxed>(schema("zeros_like(Tensor self, *, ", like_tail))
      .variants("function")
      .not_differentiable();
  r.def<&ones_like_boxed>(schema("ones_like(Tensor self, *, ", like_tail))
      .variants("function")
      .not_differentiable();
  r.def<&full_like_boxed>(schema("full_like(Tensor self, Scalar fill_value, *, ", like_tail))
      .variants("function")
      .not_differentiable();
  r.def<&new_empty_boxed>(schema("new_empty(Tensor self, SymInt[] size, *, "))
      .variants("method")
      .not_differentiable();
  r.def<&new_zeros_boxed>(schema("new_zeros(Tensor self, SymInt[] size, *, "))
      .variants("method")
      .not_differentiable();
  r.def<&new_ones_boxed>(schema("new_ones(Tensor self, SymInt[] size, *, "))
      .variants("method")
      .not_differentiable();
  r.def<&new_full_boxed>(schema("new_full(Tensor self, SymInt[] size, Scalar fill_value, *, "))
      .variants("method")
      .not_differentiable();

  add_out_dtype_twins(r, {"zeros", "ones", "full", "empty", "arange", "linspace", "logspace", "eye"});
}

}  // namespace ts
