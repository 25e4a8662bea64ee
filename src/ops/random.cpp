// Random sampling ops: argument checks in PyTorch 1.13's words, then the serial CPU kernels
// (kernels/cpu/random.cpp) that reproduce its streams bit for bit.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "ops/api_random.h"
#include "ops/registry.h"
#include "stubs/random.h"
#include "tensor/iter.h"

namespace ts {

TS_DEFINE_STUB(uniform_stub);
TS_DEFINE_STUB(normal_stub);
TS_DEFINE_STUB(random_from_to_stub);
TS_DEFINE_STUB(random_full_range_stub);
TS_DEFINE_STUB(random_stub);
TS_DEFINE_STUB(bernoulli_scalar_stub);
TS_DEFINE_STUB(bernoulli_tensor_stub);
TS_DEFINE_STUB(randperm_stub);

namespace {

// PyTorch's ScalarType names ("Long") come from scalar_type_name in tensor/dtype.h.


[[noreturn]] void not_implemented(const char* kernel, DType t) {
  TS_ERROR("\"", kernel, "\" not implemented for '", scalar_type_name(t), "'");
}

// numeric_limits<T>::lowest()/max() of a dtype, as doubles; digits of the floating types.
struct DTypeRange {
  double lo, hi;
  int digits;
};
DTypeRange dtype_range(DType t) {
  switch (t) {
    case DType::Bool: return {0, 1, 0};
    case DType::UInt8: return {0, 255, 0};
    case DType::Int8: return {-128, 127, 0};
    case DType::Int16: return {-32768, 32767, 0};
    case DType::Int32: return {-2147483648.0, 2147483647.0, 0};
    case DType::Int64: return {-9223372036854775808.0, 9223372036854775807.0, 0};
    case DType::Float16: return {-65504.0, 65504.0, 11};
    case DType::BFloat16: return {-3.3895313892515355e+38, 3.3895313892515355e+38, 8};
    case DType::Float32: return {-3.4028234663852886e+38, 3.4028234663852886e+38, 24};
    case DType::Float64:
      return {std::numeric_limits<double>::lowest(), std::numeric_limits<double>::max(), 53};
  }
  return {0, 0, 0};
}

// Integer bounds of the integral dtypes (exact, unlike the doubles above).
std::pair<int64_t, int64_t> int_range(DType t) {
  switch (t) {
    case DType::Bool: return {0, 1};
    case DType::UInt8: return {0, 255};
    case DType::Int8: return {-128, 127};
    case DType::Int16: return {-32768, 32767};
    case DType::Int32: return {INT32_MIN, INT32_MAX};
    default: return {INT64_MIN, INT64_MAX};
  }
}

// Strides of a dense tensor with the memory order of `self` (PyTorch's empty_like with
// preserve_format uses infer_dense_strides; for dense tensors it keeps their layout).
Tensor empty_like_preserve(const Tensor& self, const TensorOptions& options) {
  const int64_t nd = self.dim();
  std::vector<int64_t> perm(static_cast<size_t>(nd));
  std::iota(perm.rbegin(), perm.rend(), 0);  // fastest dim first
  auto should_swap = [&](int64_t d0, int64_t d1) {
    int64_t s0 = self.strides()[size_t(d0)], s1 = self.strides()[size_t(d1)];
    if (s0 == 0 || s1 == 0) return 0;
    if (s0 < s1) return -1;
    if (s0 > s1) return 1;
    return self.sizes()[size_t(d0)] > self.sizes()[size_t(d1)] ? 1 : 0;
  };
  for (int64_t i = 1; i < nd; ++i) {
    int64_t d1 = i;
    for (int64_t d0 = i - 1; d0 >= 0; --d0) {
      int c = should_swap(perm[size_t(d0)], perm[size_t(d1)]);
      if (c > 0) {
        std::swap(perm[size_t(d0)], perm[size_t(d1)]);
        d1 = d0;
      } else if (c < 0) {
        break;
      }
    }
  }
  DimVector strides(size_t(nd), 0);
  int64_t acc = 1;
  for (int64_t d : perm) {
    strides[size_t(d)] = acc;
    acc *= std::max<int64_t>(self.sizes()[size_t(d)], 1);
  }
  return empty_strided(self.sizes(), strides, options);
}

TensorOptions resolve(TensorOptions o, DType fallback) {
  if (!o.dtype) o.dtype = fallback;
  return o;
}

// requires_grad=True makes the sampled tensor a leaf (PyTorch samples first, so its dtype
// errors win).
Tensor finish_requires_grad(Tensor t, bool requires_grad) {
  if (!requires_grad) return t;
  TS_CHECK(is_floating(t.dtype()), "Only Tensors of floating point and complex dtype can require gradients");
  t.requires_grad_(true);
  return t;
}

TensorOptions like_options(const Tensor& self, TensorOptions o) {
  if (!o.dtype) o.dtype = self.dtype();
  if (o.device == Device()) o.device = self.device();
  return o;
}

// The C names PyTorch's checked conversion errors print.
const char* c_int_name(DType t) {
  switch (t) {
    case DType::UInt8: return "uint8_t";
    case DType::Int8: return "int8_t";
    case DType::Int16: return "int16_t";
    case DType::Int32: return "int32_t";
    default: return "int64_t";
  }
}

// ---- random_ bounds (PyTorch's DistributionTemplates.h) ----

void check_from_to_in_range(int64_t from, int64_t to_inc, DType t) {
  const char* name = cpp_type_name(t);
  if (is_floating(t)) {
    DTypeRange r = dtype_range(t);
    TS_CHECK(double(from) >= r.lo && double(from) <= r.hi, "from is out of bounds for ", name);
    TS_CHECK(double(to_inc) >= r.lo && double(to_inc) <= r.hi, "to - 1 is out of bounds for ", name);
  } else {
    auto [lo, hi] = int_range(t);
    TS_CHECK(from >= lo && from <= hi, "from is out of bounds for ", name);
    TS_CHECK(to_inc >= lo && to_inc <= hi, "to - 1 is out of bounds for ", name);
  }
}

// The value `v` becomes in dtype `t`, back as int64 (static_cast<int64_t>(static_cast<T>(v))).
int64_t round_trip(int64_t v, DType t) {
  switch (t) {
    case DType::Float16: return int64_t(float(Half(float(v))));
    case DType::BFloat16: return int64_t(float(BFloat16(float(v))));
    case DType::Float32: return int64_t(float(v));
    default: return int64_t(double(v));
  }
}

// PyTorch's update_from / update_to: move a bound the dtype cannot hold inside the range.
int64_t update_from(int64_t from, DType t) {
  const int64_t from_plus_1 = round_trip(from + 1, t);
  if (from_plus_1 < from) {
    int64_t a = std::abs(from + 1);
    int n = 0;
    while (a >>= 1) ++n;
    from = from_plus_1 + (int64_t(1) << (n - dtype_range(t).digits + 1));
  }
  return from;
}
int64_t update_to(int64_t to, DType t) {
  const int64_t to_minus_1 = round_trip(to - 1, t);
  if (to_minus_1 >= to) {
    int64_t a = std::abs(to - 1);
    int n = 0;
    while (a >>= 1) ++n;
    to = to_minus_1 - (int64_t(1) << (n - dtype_range(t).digits + 1));
  }
  return to;
}

// PyTorch's assert_no_internal_overlap: an expanded (stride-0) output cannot be written.
void check_no_internal_overlap(const Tensor& self) {
  for (int64_t d = 0; d < self.dim(); ++d)
    TS_CHECK(!(self.sizes()[size_t(d)] > 1 && self.strides()[size_t(d)] == 0),
             "unsupported operation: more than one element of the written-to tensor refers to a "
             "single memory location. Please clone() the tensor before performing the operation.");
}

}  // namespace

// ---- In-place samplers ----

Tensor uniform_(const Tensor& self, double from, double to, Generator* gen) {
  check_no_internal_overlap(self);
  const DType t = self.dtype();
  if (!is_floating(t)) not_implemented("check_uniform_bounds", t);
  DTypeRange r = dtype_range(t);
  const char* name = cpp_type_name(t);
  TS_CHECK(from >= r.lo && from <= r.hi, "from is out of bounds for ", name);
  TS_CHECK(to >= r.lo && to <= r.hi, "to is out of bounds for ", name);
  TS_CHECK(from <= to, "uniform_ expects to return a [from, to) range, but found from=", from,
           " > to=", to);
  TS_CHECK(to - from <= r.hi, "uniform_ expects to-from <= std::numeric_limits<",
           scalar_type_name(t), ">::max(), but found to=", to, " and from=", from,
           " which result in to-from to exceed the limit");
  if (self.numel() == 0) return self;
  uniform_stub(self.device().type, self, from, to, generator_or_default(gen));
  return self;
}

Tensor normal_(const Tensor& self, double mean, double std, Generator* gen) {
  TS_CHECK(std >= 0.0, "normal expects std >= 0.0, but found std ", std);
  check_no_internal_overlap(self);
  if (!is_floating(self.dtype())) not_implemented("normal_kernel_cpu", self.dtype());
  if (self.numel() == 0) return self;
  normal_stub(self.device().type, self, mean, std, generator_or_default(gen));
  return self;
}

Tensor bernoulli_(const Tensor& self, double p, Generator* gen) {
  TS_CHECK(0 <= p && p <= 1, "bernoulli_ expects p to be in [0, 1], but got p=", p);
  check_no_internal_overlap(self);
  if (self.dtype() == DType::Float16) not_implemented("bernoulli_scalar_cpu_", self.dtype());
  if (self.numel() == 0) return self;
  bernoulli_scalar_stub(self.device().type, self, p, generator_or_default(gen));
  return self;
}

Tensor bernoulli_(const Tensor& self, double p) { return bernoulli_(self, p, nullptr); }

Tensor bernoulli_(const Tensor& self, const Tensor& p, Generator* gen) {
  check_no_internal_overlap(self);
  if (self.dtype() == DType::Float16) not_implemented("bernoulli_tensor_cpu_self_", self.dtype());
  const DType pt = p.dtype();
  if (pt != DType::Float32 && pt != DType::Float64 && pt != DType::BFloat16)
    not_implemented("bernoulli_tensor_cpu_p_", pt);
  // expand_inplace(self, p): p must broadcast to self's shape.
  const int64_t nd = self.dim(), pd = p.dim();
  if (pd > nd) {
    TS_ERROR("expand(torch.", scalar_type_name(pt), "Tensor{", shape_str(p.sizes()), "}, size=",
             shape_str(self.sizes()), "): the number of sizes provided (", nd,
             ") must be greater or equal to the number of dimensions in the tensor (", pd, ")");
  }
  for (int64_t i = 0; i < pd; ++i) {
    int64_t ps = p.sizes()[size_t(pd - 1 - i)], ss = self.sizes()[size_t(nd - 1 - i)];
    TS_CHECK(ps == ss || ps == 1, "The expanded size of the tensor (", ss,
             ") must match the existing size (", ps, ") at non-singleton dimension ", nd - 1 - i,
             ".  Target sizes: ", shape_str(self.sizes()), ".  Tensor sizes: ", shape_str(p.sizes()));
  }
  if (self.numel() == 0) return self;
  // The expanded view: stride 0 along broadcast dims.
  DimVector strides(size_t(nd), 0);
  for (int64_t i = 0; i < pd; ++i) {
    const size_t d = size_t(nd - pd + i);
    strides[d] = p.sizes()[size_t(i)] == 1 ? 0 : p.strides()[size_t(i)];
  }
  Tensor pe = make_view(p, DimVector(self.sizes()), strides, p.storage_offset());
  bernoulli_tensor_stub(self.device().type, self, pe, generator_or_default(gen));
  return self;
}

Tensor bernoulli(const Tensor& self, Generator* gen) {
  // empty_like(self, contiguous_format).bernoulli_(self)
  TensorOptions o(self.dtype());
  o.device = self.device();
  Tensor out = empty(self.sizes(), o);
  return bernoulli_(out, self, gen);
}

Tensor bernoulli(const Tensor& self, double p, Generator* gen) {
  // empty_like(self, contiguous_format).bernoulli_(p): drawn in row-major order
  TensorOptions o(self.dtype());
  o.device = self.device();
  Tensor out = empty(self.sizes(), o);
  return bernoulli_(out, p, gen);
}

Tensor bernoulli_out(const Tensor& self, Generator* gen, const Tensor& out) {
  resize_out(out, self.sizes());
  return bernoulli_(out, self, gen);
}

Tensor random_(const Tensor& self, int64_t from, std::optional<int64_t> to_opt, Generator* gen) {
  check_no_internal_overlap(self);
  const DType t = self.dtype();
  Generator& g = generator_or_default(gen);
  if (to_opt) {
    int64_t to = *to_opt;
    TS_CHECK(from < to, "random_ expects 'from' to be less than 'to', but got from=", from,
             " >= to=", to);
    if (is_floating(t)) {
      from = update_from(from, t);
      to = update_to(to, t);
      TS_CHECK(from < to, "random_ expects 'from' casted to dtype to be less than 'to' casted "
               "to dtype, but got from=", from, " >= to=", to);
    }
    check_from_to_in_range(from, to - 1, t);
    if (self.numel() == 0) return self;
    const uint64_t range = uint64_t(to) - uint64_t(from);
    random_from_to_stub(self.device().type, self, range, from, g);
  } else if (from != std::numeric_limits<int64_t>::min()) {
    int64_t to_inc = 0;
    if (is_floating(t)) {
      const int digits = dtype_range(t).digits;
      to_inc = digits >= 63 ? std::numeric_limits<int64_t>::max() : int64_t(1) << digits;
      from = update_from(from, t);
      TS_CHECK(from < to_inc, "random_ expects 'from' casted to dtype to be less than or equal "
               "to 'to_inc' casted to dtype, but got from=", from, " > to_inc=", to_inc);
    } else {
      to_inc = int_range(t).second;
    }
    check_from_to_in_range(from, to_inc, t);
    if (self.numel() == 0) return self;
    const uint64_t range = uint64_t(to_inc) - uint64_t(from) + 1;
    random_from_to_stub(self.device().type, self, range, from, g);
  } else {
    // [INT64_MIN, INT64_MAX]: the full 64-bit range.
    if (self.numel() == 0) return self;
    if (t == DType::Bool || t == DType::Float16)
      not_implemented("random_full_64_bits_range_kernel_cpu", t);
    TS_CHECK(t == DType::Int64 || t == DType::Float64 || t == DType::Float32 ||
                 t == DType::BFloat16,
             "random_full_64_bits_range_kernel_cpu handles only int64, double, float and bfloat16");
    random_full_range_stub(self.device().type, self, g);
  }
  return self;
}

Tensor random_(const Tensor& self, int64_t to, Generator* gen) {
  return random_(self, 0, std::optional<int64_t>(to), gen);
}

Tensor random_(const Tensor& self, Generator* gen) {
  check_no_internal_overlap(self);
  if (self.numel() == 0) return self;
  random_stub(self.device().type, self, generator_or_default(gen));
  return self;
}

// ---- Creation ----

Tensor rand(IntArrayRef size, TensorOptions options, Generator* gen) {
  Tensor t = empty(size, resolve(options, default_dtype()));
  return finish_requires_grad(uniform_(t, 0.0, 1.0, gen), options.requires_grad);
}

Tensor randn(IntArrayRef size, TensorOptions options, Generator* gen) {
  Tensor t = empty(size, resolve(options, default_dtype()));
  return finish_requires_grad(normal_(t, 0.0, 1.0, gen), options.requires_grad);
}

Tensor randint(int64_t low, int64_t high, IntArrayRef size, TensorOptions options, Generator* gen) {
  Tensor t = empty(size, resolve(options, DType::Int64));
  return finish_requires_grad(random_(t, low, std::optional<int64_t>(high), gen), options.requires_grad);
}

Tensor randint(int64_t high, IntArrayRef size, TensorOptions options, Generator* gen) {
  return randint(0, high, size, options, gen);
}

// Fills `result` (resized to n) with a permutation of 0..n-1, after PyTorch's dtype checks.
void randperm_fill(const Tensor& result, int64_t n, Generator* gen) {
  const DType t = result.dtype();
  // check_supported_max_int_with_precision: n - 1 must fit the dtype, exactly for floats.
  const int64_t top = n > 0 ? n - 1 : n;
  if (!is_floating(t) && t != DType::Bool) {
    auto [lo, hi] = int_range(t);
    TS_CHECK(top >= lo && top <= hi, "value cannot be converted to type ", c_int_name(t),
             " without overflow");
  }
  switch (t) {
    case DType::Float16:
      TS_CHECK(double(top) <= 65504.0, "value cannot be converted to type at::Half without overflow");
      TS_CHECK(n <= (int64_t(1) << 11) + 1, "n cannot be greater than 2049 for Half type.");
      break;
    case DType::Float32:
      TS_CHECK(n <= (int64_t(1) << 24) + 1, "n cannot be greater than 2^24+1 for Float type.");
      break;
    case DType::Float64:
      TS_CHECK(n <= (int64_t(1) << 53) + 1, "n cannot be greater than 2^53+1 for Double type.");
      break;
    case DType::Bool:
      not_implemented("randperm", t);
    default:
      break;
  }
  resize_out(result, {n});
  randperm_stub(result.device().type, result, n, generator_or_default(gen));
}

Tensor randperm(int64_t n, TensorOptions options, Generator* gen) {
  Tensor result = empty({n}, resolve(options, DType::Int64));
  randperm_fill(result, n, gen);
  return finish_requires_grad(result, options.requires_grad);
}

Tensor rand_like(const Tensor& self, TensorOptions options) {
  Tensor t = empty_like_preserve(self, like_options(self, options));
  return finish_requires_grad(uniform_(t, 0.0, 1.0, nullptr), options.requires_grad);
}

Tensor randn_like(const Tensor& self, TensorOptions options) {
  Tensor t = empty_like_preserve(self, like_options(self, options));
  return finish_requires_grad(normal_(t, 0.0, 1.0, nullptr), options.requires_grad);
}

Tensor randint_like(const Tensor& self, int64_t low, int64_t high, TensorOptions options) {
  Tensor t = empty_like_preserve(self, like_options(self, options));
  return finish_requires_grad(random_(t, low, std::optional<int64_t>(high), nullptr),
                              options.requires_grad);
}

Tensor randint_like(const Tensor& self, int64_t high, TensorOptions options) {
  return randint_like(self, 0, high, options);
}

// ---- Boxed entry points: the schema's argument order ----

namespace {

// Layout? and MemoryFormat? bind only None in scripts today (registry.cpp's convert); these
// boxed wrappers take them as optional ints and ignore them. Generator? is a Generator* (null:
// the default generator).
using NoneArg = std::optional<int64_t>;

TensorOptions make_options(std::optional<DType> dtype, std::optional<Device> device,
                           std::optional<bool> pin_memory) {
  TS_CHECK(!pin_memory.value_or(false), "Pinned memory requires CUDA.");
  TensorOptions o;
  o.dtype = dtype;
  if (device) o.device = *device;
  return o;
}

Tensor b_rand(IntArrayRef size, std::optional<DType> dtype, NoneArg, std::optional<Device> device,
              std::optional<bool> pin) {
  return rand(size, make_options(dtype, device, pin));
}
Tensor b_rand_g(IntArrayRef size, Generator* gen, std::optional<DType> dtype, NoneArg,
                std::optional<Device> device, std::optional<bool> pin) {
  return rand(size, make_options(dtype, device, pin), gen);
}
Tensor b_randn(IntArrayRef size, std::optional<DType> dtype, NoneArg, std::optional<Device> device,
               std::optional<bool> pin) {
  return randn(size, make_options(dtype, device, pin));
}
Tensor b_randn_g(IntArrayRef size, Generator* gen, std::optional<DType> dtype, NoneArg,
                 std::optional<Device> device, std::optional<bool> pin) {
  return randn(size, make_options(dtype, device, pin), gen);
}
// rand/randn out=: PyTorch resizes out to `size`, then fills it in place.
Tensor b_rand_out_g(IntArrayRef size, Generator* gen, const Tensor& out) {
  resize_out(out, size);
  return uniform_(out, 0.0, 1.0, gen);
}
Tensor b_rand_out(IntArrayRef size, const Tensor& out) { return b_rand_out_g(size, nullptr, out); }
// randint/randperm out=: out keeps its dtype (randint may fill a float tensor).
Tensor b_randint_low_out_g(int64_t low, int64_t high, IntArrayRef size, Generator* gen, const Tensor& out) {
  resize_out(out, size);
  return random_(out, low, std::optional<int64_t>(high), gen);
}
Tensor b_randint_low_out(int64_t low, int64_t high, IntArrayRef size, const Tensor& out) {
  return b_randint_low_out_g(low, high, size, nullptr, out);
}
Tensor b_randint_out_g(int64_t high, IntArrayRef size, Generator* gen, const Tensor& out) {
  return b_randint_low_out_g(0, high, size, gen, out);
}
Tensor b_randint_out(int64_t high, IntArrayRef size, const Tensor& out) {
  return b_randint_low_out_g(0, high, size, nullptr, out);
}
Tensor b_randperm_out_g(int64_t n, Generator* gen, const Tensor& out) {
  TS_CHECK(n >= 0, "n must be non-negative, got", n);
  randperm_fill(out, n, gen);
  return out;
}
Tensor b_randperm_out(int64_t n, const Tensor& out) { return b_randperm_out_g(n, nullptr, out); }
Tensor b_randn_out_g(IntArrayRef size, Generator* gen, const Tensor& out) {
  resize_out(out, size);
  return normal_(out, 0.0, 1.0, gen);
}
Tensor b_randn_out(IntArrayRef size, const Tensor& out) { return b_randn_out_g(size, nullptr, out); }
Tensor b_randint(int64_t high, IntArrayRef size, std::optional<DType> dtype, NoneArg,
                 std::optional<Device> device, std::optional<bool> pin) {
  return randint(high, size, make_options(dtype, device, pin));
}
Tensor b_randint_g(int64_t high, IntArrayRef size, Generator* gen, std::optional<DType> dtype, NoneArg,
                   std::optional<Device> device, std::optional<bool> pin) {
  return randint(high, size, make_options(dtype, device, pin), gen);
}
Tensor b_randint_low(int64_t low, int64_t high, IntArrayRef size, std::optional<DType> dtype,
                     NoneArg, std::optional<Device> device, std::optional<bool> pin) {
  return randint(low, high, size, make_options(dtype, device, pin));
}
Tensor b_randint_low_g(int64_t low, int64_t high, IntArrayRef size, Generator* gen,
                       std::optional<DType> dtype, NoneArg, std::optional<Device> device,
                       std::optional<bool> pin) {
  return randint(low, high, size, make_options(dtype, device, pin), gen);
}
Tensor b_randperm(int64_t n, std::optional<DType> dtype, NoneArg, std::optional<Device> device,
                  std::optional<bool> pin) {
  return randperm(n, make_options(dtype, device, pin));
}
Tensor b_randperm_g(int64_t n, Generator* gen, std::optional<DType> dtype, NoneArg,
                    std::optional<Device> device, std::optional<bool> pin) {
  return randperm(n, make_options(dtype, device, pin), gen);
}
Tensor b_rand_like(const Tensor& self, std::optional<DType> dtype, NoneArg,
                   std::optional<Device> device, std::optional<bool> pin, NoneArg) {
  return rand_like(self, make_options(dtype, device, pin));
}
Tensor b_randn_like(const Tensor& self, std::optional<DType> dtype, NoneArg,
                    std::optional<Device> device, std::optional<bool> pin, NoneArg) {
  return randn_like(self, make_options(dtype, device, pin));
}
Tensor b_randint_like(const Tensor& self, int64_t high, std::optional<DType> dtype, NoneArg,
                      std::optional<Device> device, std::optional<bool> pin, NoneArg) {
  return randint_like(self, high, make_options(dtype, device, pin));
}
Tensor b_randint_like_low(const Tensor& self, int64_t low, int64_t high,
                          std::optional<DType> dtype, NoneArg, std::optional<Device> device,
                          std::optional<bool> pin, NoneArg) {
  return randint_like(self, low, high, make_options(dtype, device, pin));
}
Tensor b_uniform_(const Tensor& self, double from, double to, Generator* g) { return uniform_(self, from, to, g); }
Tensor b_normal_(const Tensor& self, double mean, double std, Generator* g) { return normal_(self, mean, std, g); }
Tensor b_bernoulli_t(const Tensor& self, const Tensor& p, Generator* g) { return bernoulli_(self, p, g); }
Tensor b_bernoulli_f(const Tensor& self, double p, Generator* g) { return bernoulli_(self, p, g); }
Tensor b_bernoulli(const Tensor& self, Generator* g) { return bernoulli(self, g); }
Tensor b_bernoulli_p(const Tensor& self, double p, Generator* g) { return bernoulli(self, p, g); }
Tensor b_bernoulli_out(const Tensor& self, Generator* g, const Tensor& out) { return bernoulli_out(self, g, out); }
Tensor b_random_from(const Tensor& self, int64_t from, std::optional<int64_t> to, Generator* g) {
  return random_(self, from, to, g);
}
Tensor b_random_to(const Tensor& self, int64_t to, Generator* g) { return random_(self, to, g); }
Tensor b_random(const Tensor& self, Generator* g) { return random_(self, g); }

}  // namespace

TS_REGISTER_OPS(random) {
  r.def<&b_rand>("rand(int[] size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor").not_differentiable();
  r.def<&b_rand_g>("rand.generator(int[] size, *, Generator? generator, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor").not_differentiable();
  r.def<&b_randn>("randn(int[] size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor").not_differentiable();
  r.def<&b_randn_g>("randn.generator(int[] size, *, Generator? generator, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor").not_differentiable();
  r.def<&b_rand_out>("rand.out(int[] size, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&b_rand_out_g>("rand.generator_out(int[] size, *, Generator? generator, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&b_randint_out>("randint.out(int high, int[] size, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&b_randint_out_g>("randint.generator_out(int high, int[] size, *, Generator? generator, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&b_randint_low_out>("randint.low_out(int low, int high, int[] size, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&b_randint_low_out_g>("randint.low_generator_out(int low, int high, int[] size, *, Generator? generator, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&b_randperm_out>("randperm.out(int n, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&b_randperm_out_g>("randperm.generator_out(int n, *, Generator? generator, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&b_randn_out>("randn.out(int[] size, *, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&b_randn_out_g>("randn.generator_out(int[] size, *, Generator? generator, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&b_randint>("randint(int high, int[] size, *, ScalarType? dtype=long, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor").not_differentiable();
  r.def<&b_randint_g>("randint.generator(int high, int[] size, *, Generator? generator, ScalarType? dtype=long, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor").not_differentiable();
  r.def<&b_randint_low>("randint.low(int low, int high, int[] size, *, ScalarType? dtype=long, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor").not_differentiable();
  r.def<&b_randint_low_g>("randint.low_generator(int low, int high, int[] size, *, Generator? generator, ScalarType? dtype=long, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor").not_differentiable();
  r.def<&b_randperm>("randperm(int n, *, ScalarType? dtype=long, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor").not_differentiable();
  r.def<&b_randperm_g>("randperm.generator(int n, *, Generator? generator, ScalarType? dtype=long, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor").not_differentiable();
  r.def<&b_rand_like>("rand_like(Tensor self, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None, MemoryFormat? memory_format=None) -> Tensor").not_differentiable();
  r.def<&b_randn_like>("randn_like(Tensor self, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None, MemoryFormat? memory_format=None) -> Tensor").not_differentiable();
  r.def<&b_randint_like>("randint_like(Tensor self, int high, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None, MemoryFormat? memory_format=None) -> Tensor").not_differentiable();
  r.def<&b_randint_like_low>("randint_like.low_dtype(Tensor self, int low, int high, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None, MemoryFormat? memory_format=None) -> Tensor").not_differentiable();
  r.def<&b_uniform_>("uniform_(Tensor(a!) self, float from=0., float to=1., *, Generator? generator=None) -> Tensor(a!)").variants("method").not_differentiable();
  r.def<&b_normal_>("normal_(Tensor(a!) self, float mean=0., float std=1., *, Generator? generator=None) -> Tensor(a!)").variants("method").not_differentiable();
  r.def<&b_bernoulli_t>("bernoulli_.Tensor(Tensor(a!) self, Tensor p, *, Generator? generator=None) -> Tensor(a!)").variants("method").not_differentiable();
  r.def<&b_bernoulli_f>("bernoulli_.float(Tensor(a!) self, float p=0.5, *, Generator? generator=None) -> Tensor(a!)").variants("method").not_differentiable();
  r.def<&b_bernoulli>("bernoulli(Tensor self, *, Generator? generator=None) -> Tensor").not_differentiable();
  r.def<&b_bernoulli_p>("bernoulli.p(Tensor self, float p, *, Generator? generator=None) -> Tensor").not_differentiable();
  r.def<&b_bernoulli_out>("bernoulli.out(Tensor self, *, Generator? generator=None, Tensor(a!) out) -> Tensor(a!)").not_differentiable();
  r.def<&b_random_from>("random_.from(Tensor(a!) self, int from, int? to, *, Generator? generator=None) -> Tensor(a!)").variants("method").not_differentiable();
  r.def<&b_random_to>("random_.to(Tensor(a!) self, int to, *, Generator? generator=None) -> Tensor(a!)").variants("method").not_differentiable();
  r.def<&b_random>("random_(Tensor(a!) self, *, Generator? generator=None) -> Tensor(a!)").variants("method").not_differentiable();
  add_out_dtype_twins(r, {"rand", "randn", "randint", "randperm"});
}

}  // namespace ts
