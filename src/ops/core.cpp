// Copies, conversions and fills.
#include <cstring>
#include <omp.h>

#include "ops/api_core.h"
#include "ops/ivalue.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "stubs/fill.h"
#include "tensor/iter.h"
#include "tensor/print.h"
#include "tensor/random.h"

namespace ts {

TS_DEFINE_STUB(fill_stub);

Tensor copy_(const Tensor& self, const Tensor& src, bool) {
  TS_AUTOGRAD("copy_", self, src, false);
  copy_into(self, src);
  return self;
}

Tensor to_dtype(const Tensor& self, DType dtype, bool, bool copy) {
  TS_AUTOGRAD("to.dtype", self, dtype, false, copy, std::optional<int64_t>());
  if (self.dtype() == dtype && !copy) return self;
  Tensor r = empty_like(self, dtype);
  copy_into(r, self);
  return r;
}

Tensor empty_like(const Tensor& self, std::optional<DType> dtype) {
  // PyTorch's preserve_format: a dense non-overlapping input keeps its strides.
  DType t = dtype.value_or(self.dtype());
  TensorOptions o(t);
  o.device = self.device();
  if (self.is_contiguous()) return empty(self.sizes(), o);
  // Keep the memory order of permuted-dense inputs (e.g. x.t()), else contiguous.
  std::vector<int64_t> perm(size_t(self.dim()));
  for (size_t i = 0; i < perm.size(); ++i) perm[i] = int64_t(i);
  std::stable_sort(perm.begin(), perm.end(), [&](int64_t a, int64_t b) {
    return self.strides()[a] > self.strides()[b];
  });
  int64_t expected = 1;
  bool dense = true;
  for (auto it = perm.rbegin(); it != perm.rend(); ++it) {
    if (self.sizes()[*it] == 1) continue;
    if (self.strides()[*it] != expected) dense = false;
    expected *= self.sizes()[*it];
  }
  if (!dense) return empty(self.sizes(), o);
  DimVector st(self.dim());
  int64_t acc = 1;
  for (auto it = perm.rbegin(); it != perm.rend(); ++it) {
    st[*it] = acc;
    acc *= std::max<int64_t>(self.sizes()[*it], 1);
  }
  return empty_strided(self.sizes(), st, o);
}

Tensor contiguous(const Tensor& self) {
  TS_AUTOGRAD("contiguous", self);
  if (self.is_contiguous()) return self;
  TensorOptions o(self.dtype());
  o.device = self.device();
  Tensor r = empty(self.sizes(), o);
  copy_into(r, self);
  return r;
}

Tensor clone(const Tensor& self) {
  TS_AUTOGRAD("clone", self, std::optional<int64_t>());
  Tensor r = empty_like(self);
  copy_into(r, self);
  return r;
}

Tensor fill_(const Tensor& self, const Scalar& value) {
  TS_AUTOGRAD("fill_.Scalar", self, value);
  auto it = TensorIterConfig().add_output(self).resize_outputs(false).common_dtype(self.dtype()).build();
  fill_stub(self.device().type, it, value);
  return self;
}

Tensor zero_(const Tensor& self) {
  TS_AUTOGRAD("zero_", self);
  return fill_(self, 0);
}

// Tensor methods declared in tensor/tensor.h.
Tensor Tensor::contiguous() const { return ts::contiguous(*this); }
Tensor Tensor::clone() const { return ts::clone(*this); }
Tensor Tensor::to(DType t, bool copy) const { return to_dtype(*this, t, false, copy); }
Tensor& Tensor::copy_(const Tensor& src) {
  ts::copy_(*this, src, false);
  return *this;
}
Tensor& Tensor::fill_(const Scalar& v) {
  ts::fill_(*this, v);
  return *this;
}
Tensor& Tensor::zero_() {
  ts::zero_(*this);
  return *this;
}

namespace {
Tensor fill_tensor_(const Tensor& self, const Tensor& value) {
  TS_AUTOGRAD("fill_.Tensor", self, value);
  TS_CHECK(value.dim() == 0, "fill_ only supports 0-dimension value tensor but got tensor with ",
           value.dim(), " dimensions.");
  return ts::fill_(self, value.item());
}
Tensor clone_boxed(const Tensor& self, std::optional<int64_t>) { return clone(self); }
Tensor to_dtype_boxed(const Tensor& self, DType dtype, bool non_blocking, bool copy,
                      std::optional<int64_t>) {
  return to_dtype(self, dtype, non_blocking, copy);
}

// Nested Python lists of the tensor's values (ints, floats or bools), as Tensor.tolist().
IValue tolist_at(const Tensor& t, int64_t dim, const char* p) {
  if (dim == t.dim()) {
    return TS_DISPATCH_ALL(t.dtype(), "tolist", {
      scalar_t v;
      std::memcpy(&v, p, sizeof v);
      if constexpr (std::is_same_v<scalar_t, bool>) return IValue(v);
      else if constexpr (std::is_integral_v<scalar_t>) return IValue(int64_t(v));
      else if constexpr (std::is_same_v<scalar_t, double>) return IValue(v);
      else return IValue(double(float(v)));  // float, half, bfloat16: exact in double
    });
  }
  std::vector<IValue> items;
  int64_t step = t.strides()[dim] * int64_t(t.element_size());
  for (int64_t i = 0; i < t.sizes()[dim]; ++i) items.push_back(tolist_at(t, dim + 1, p + i * step));
  return IValue::list(std::move(items));
}
IValue tolist(const Tensor& self) {
  TS_CHECK(self.device().is_cpu(), "tolist() on a ", self.device().str(), " tensor needs a device backend");
  return tolist_at(self, 0, static_cast<const char*>(self.data_ptr()));
}
// Tensor.data_ptr(): the address of the first element (0 for a tensor without memory).
int64_t data_ptr_op(const Tensor& self) { return int64_t(reinterpret_cast<intptr_t>(self.data_ptr())); }
void manual_seed_op(int64_t seed) { manual_seed(uint64_t(seed)); }  // negative seeds: bit pattern
// torch.initial_seed(): the default generator's seed (as int64: seeds past 2^63 read negative).
int64_t initial_seed_op() { return int64_t(default_generator().initial_seed()); }
// torch.seed(): reseeds the default generator nondeterministically and returns the seed.
int64_t seed_op() { return int64_t(default_generator().seed()); }
// torch.get_rng_state / set_rng_state: the default generator's state as PyTorch's uint8 tensor.
Tensor get_rng_state() { return default_generator().get_state(); }
void set_rng_state(const Tensor& state) { default_generator().set_state(state); }
void set_num_threads(int64_t n) {
  TS_CHECK(n > 0, "set_num_threads expects a positive integer");
  omp_set_num_threads(int(n));
}
int64_t get_num_threads() { return omp_get_max_threads(); }
// torch.cuda.device_count() (stdlib/torch/cuda.ts).
int64_t cuda_device_count_op() { return cuda_device_count(); }
// torch.set_printoptions: the options tensor printing reads (tensor/print.h).
void set_printoptions_op(std::optional<int64_t> precision, std::optional<double> threshold,
                         std::optional<int64_t> edgeitems, std::optional<int64_t> linewidth,
                         std::optional<std::string> profile, std::optional<bool> sci_mode) {
  set_printoptions(precision, threshold, edgeitems, linewidth,
                   profile ? std::optional<std::string_view>(*profile) : std::nullopt, sci_mode);
}
// Tensor.long() / .float() / ...: Python-level conversions in PyTorch, to(dtype) here.
template <DType D>
Tensor to_type(const Tensor& self) { return to_dtype(self, D); }
}  // namespace

TS_REGISTER_OPS(core) {
  r.def<&tolist>("tolist(Tensor self) -> Any").variants("method").not_differentiable();
  r.def<&manual_seed_op>("manual_seed(int seed) -> ()").variants("function").not_differentiable();
  r.def<&data_ptr_op>("data_ptr(Tensor self) -> int").variants("method").not_differentiable();
  r.def<&initial_seed_op>("initial_seed() -> int").variants("function").not_differentiable();
  r.def<&seed_op>("seed() -> int").variants("function").not_differentiable();
  r.def<&get_rng_state>("get_rng_state() -> Tensor").variants("function").not_differentiable();
  r.def<&set_rng_state>("set_rng_state(Tensor new_state) -> ()").variants("function").not_differentiable();
  r.def<&cuda_device_count_op>("_ts_cuda_device_count() -> int").variants("").not_differentiable();
  r.def<&set_printoptions_op>("set_printoptions(int? precision=None, float? threshold=None, int? edgeitems=None, "
                               "int? linewidth=None, str? profile=None, bool? sci_mode=None) -> ()")
      .variants("function")
      .not_differentiable();
  // Intra-op threads (OpenMP), as torch.set_num_threads / torch.get_num_threads.
  r.def<&to_type<DType::Int64>>("long(Tensor(a) self) -> Tensor(a)").variants("method").composite_op();
  r.def<&to_type<DType::Int32>>("int(Tensor(a) self) -> Tensor(a)").variants("method").composite_op();
  r.def<&to_type<DType::Float32>>("float(Tensor(a) self) -> Tensor(a)").variants("method").composite_op();
  r.def<&to_type<DType::Float64>>("double(Tensor(a) self) -> Tensor(a)").variants("method").composite_op();
  r.def<&to_type<DType::Float16>>("half(Tensor(a) self) -> Tensor(a)").variants("method").composite_op();
  r.def<&to_type<DType::Bool>>("bool(Tensor(a) self) -> Tensor(a)").variants("method").composite_op();
  r.def<&set_num_threads>("set_num_threads(int n) -> ()").variants("function").not_differentiable();
  r.def<&get_num_threads>("get_num_threads() -> int").variants("function").not_differentiable();
  r.def<&copy_>("copy_(Tensor(a!) self, Tensor src, bool non_blocking=False) -> Tensor(a!)");
  r.def<&to_dtype_boxed>(
      "to.dtype(Tensor(a) self, ScalarType dtype, bool non_blocking=False, bool copy=False, "
      "MemoryFormat? memory_format=None) -> Tensor(a)")
      .variants("method");
  r.def<&contiguous>("contiguous(Tensor(a) self) -> Tensor(a)").variants("method");
  r.def<&clone_boxed>("clone(Tensor self, *, MemoryFormat? memory_format=None) -> Tensor");
  r.def<&fill_>("fill_.Scalar(Tensor(a!) self, Scalar value) -> Tensor(a!)");
  r.def<&fill_tensor_>("fill_.Tensor(Tensor(a!) self, Tensor value) -> Tensor(a!)");
  r.def<&zero_>("zero_(Tensor(a!) self) -> Tensor(a!)");

  // Derivatives (PyTorch 1.13's derivatives.yaml formulas and node names).
  r.entry("clone").grad("CloneBackward0", "", TS_GRAD({ return {c.grad()}; }));
  r.entry("contiguous").grad("CloneBackward0", "", TS_GRAD({ return {c.grad()}; }));
  // Conversions: the engine casts the gradient back to the input's dtype.
  r.entry("to", "dtype").grad("ToCopyBackward0", "", TS_GRAD({ return {c.grad()}; }));
  r.entry("copy_").grad("CopyBackwards", "", TS_GRAD({
    return {TS_IF(0, zeros_like(c.grad())), TS_IF(1, c.grad())};
  }));
  r.entry("fill_", "Scalar").grad("FillBackward0", "", TS_GRAD({ return {zeros_like(c.grad())}; }));
  r.entry("zero_").grad("ZeroBackward0", "", TS_GRAD({ return {zeros_like(c.grad())}; }));
  r.entry("fill_", "Tensor").grad("FillBackward1", "", TS_GRAD({
    return {TS_IF(0, zeros_like(c.grad())), TS_IF(1, sum(c.grad()))};
  }));
}

}  // namespace ts
