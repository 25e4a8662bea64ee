#include "tensor/tensor.h"
#include "tensor/grad_mode.h"

#include <cstring>

namespace ts {

namespace {

// Product of sizes as every shape path computes it (refresh() of each TensorImpl: views,
// expand, loaded tensors): PyTorch's RuntimeError "numel: integer multiplication overflow" when
// it does not fit int64 (a size of 0 makes it 0 whatever the others are).
int64_t checked_numel(IntArrayRef sizes) {
  int64_t n = 1;
  bool overflowed = false;
  for (int64_t s : sizes) {
    if (s == 0) return 0;
    overflowed |= __builtin_mul_overflow(n, s, &n);
  }
  TS_CHECK(!overflowed, "numel: integer multiplication overflow");
  return n;
}

}  // namespace

thread_local bool GradMode::enabled_ = true;
thread_local bool InferenceMode::enabled_ = false;
std::atomic<bool> InferenceMode::made_any_{false};

TensorImpl::TensorImpl(Storage storage, DType dtype, DimVector sizes, DimVector strides,
                       int64_t offset)
    : storage_(std::move(storage)),
      sizes_(std::move(sizes)),
      strides_(std::move(strides)),
      offset_(offset),
      dtype_(dtype) {
  refresh();
}

void TensorImpl::set_sizes_strides(DimVector sizes, DimVector strides, int64_t offset) {
  sizes_ = std::move(sizes);
  strides_ = std::move(strides);
  offset_ = offset;
  refresh();
}

void TensorImpl::refresh() {
  int64_t n = checked_numel(sizes_);
  numel_ = n;
  // PyTorch's rule: size-1 dims may have any stride; an empty tensor is contiguous.
  bool c = true;
  if (n != 0) {
    int64_t expected = 1;
    for (int64_t i = int64_t(sizes_.size()) - 1; i >= 0; --i) {
      if (sizes_[i] == 1) continue;
      if (strides_[i] != expected) {
        c = false;
        break;
      }
      expected *= sizes_[i];
    }
  }
  contiguous_ = c;
}

int64_t wrap_dim(int64_t d, int64_t ndim, bool scalar_ok) {
  if (ndim <= 0) {
    TS_CHECK_INDEX(scalar_ok, "Dimension specified as ", d, " but tensor has no dimensions");
    ndim = 1;
  }
  int64_t lo = -ndim, hi = ndim - 1;
  TS_CHECK_INDEX(d >= lo && d <= hi, "Dimension out of range (expected to be in range of [", lo,
                 ", ", hi, "], but got ", d, ")");
  return d < 0 ? d + ndim : d;
}

int64_t Tensor::size(int64_t d) const { return sizes()[wrap_dim(d, dim(), false)]; }
int64_t Tensor::stride(int64_t d) const { return strides()[wrap_dim(d, dim(), false)]; }

Scalar Tensor::item() const {
  TS_CHECK(numel() == 1, "a Tensor with ", numel(), " elements cannot be converted to Scalar");
  TS_CHECK(device().is_cpu(), "item() on a ", device().str(), " tensor needs a device backend");
  const char* p = static_cast<const char*>(data_ptr());
  return TS_DISPATCH_ALL(dtype(), "item", {
    scalar_t v;
    std::memcpy(&v, p, sizeof v);
    if constexpr (std::is_same_v<scalar_t, bool>) {
      return Scalar(v);
    } else if constexpr (std::is_integral_v<scalar_t>) {
      return Scalar(int64_t(v));
    } else if constexpr (std::is_same_v<scalar_t, double>) {
      return Scalar(v);
    } else {
      return Scalar(double(float(v)));  // float16/bfloat16 convert through float
    }
  });
}

DimVector contiguous_strides(IntArrayRef sizes) {
  DimVector st(sizes.size());
  int64_t acc = 1;
  for (int64_t i = int64_t(sizes.size()) - 1; i >= 0; --i) {
    st[i] = acc;
    acc *= std::max<int64_t>(sizes[i], 1);
  }
  return st;
}

int64_t compute_numel(IntArrayRef sizes) {
  for (int64_t s : sizes)
    TS_CHECK(s >= 0, "Trying to create tensor with negative dimension ", s, ": ",
             shape_str(sizes));
  int64_t n = 1;
  bool overflowed = false;
  for (int64_t s : sizes) overflowed |= __builtin_mul_overflow(n, s, &n);
  // 2^62 elements: the byte count of any dtype wider than one byte no longer fits.
  TS_CHECK(!overflowed && n <= (int64_t(1) << 62), "Storage size calculation overflowed with sizes=",
           shape_str(sizes));
  return n;
}

Tensor empty(IntArrayRef sizes, TensorOptions opts) {
  int64_t n = compute_numel(sizes);
  DType t = opts.dtype_or_default();
  auto storage = util::make_intrusive<StorageImpl>(size_t(n) * element_size(t), opts.device);
  return Tensor(util::make_intrusive<TensorImpl>(std::move(storage), t, DimVector(sizes),
                                                 contiguous_strides(sizes), 0));
}

Tensor empty_strided(IntArrayRef sizes, IntArrayRef strides, TensorOptions opts) {
  TS_CHECK(sizes.size() == strides.size(), "mismatch in length of strides and shape");
  int64_t n = compute_numel(sizes);
  int64_t extent = n == 0 ? 0 : 1;
  for (size_t i = 0; i < sizes.size(); ++i) {
    TS_CHECK(strides[i] >= 0, "as_strided: Negative strides are not supported at the moment, got strides: ",
             shape_str(strides));
    if (n) extent += (sizes[i] - 1) * strides[i];
  }
  DType t = opts.dtype_or_default();
  auto storage = util::make_intrusive<StorageImpl>(size_t(extent) * element_size(t), opts.device);
  return Tensor(util::make_intrusive<TensorImpl>(std::move(storage), t, DimVector(sizes),
                                                 DimVector(strides), 0));
}

Tensor from_blob(void* data, IntArrayRef sizes, IntArrayRef strides, DType dtype,
                 std::function<void(void*)> deleter, Device device) {
  int64_t n = compute_numel(sizes);
  int64_t extent = n == 0 ? 0 : 1;
  for (size_t i = 0; i < sizes.size(); ++i) extent += n ? (sizes[i] - 1) * strides[i] : 0;
  auto storage = util::make_intrusive<StorageImpl>(
      data, size_t(extent) * element_size(dtype), device,
      deleter ? std::move(deleter) : std::function<void(void*)>([](void*) {}));
  return Tensor(util::make_intrusive<TensorImpl>(std::move(storage), dtype, DimVector(sizes),
                                                 DimVector(strides), 0));
}

Tensor scalar_to_tensor(const Scalar& s, std::optional<DType> dtype) {
  // A Python float is a double: wrapped as float64 so float64 ops see its exact value
  // (result_type still counts a wrapped float as the default dtype, as PyTorch does).
  DType t = dtype ? *dtype : s.is_float() ? DType::Float64 : s.dtype();
  Tensor r = empty({}, TensorOptions(t));
  char* p = static_cast<char*>(r.data_ptr());
  TS_DISPATCH_ALL(t, "scalar_to_tensor", {
    scalar_t v = s.to<scalar_t>();
    std::memcpy(p, &v, sizeof v);
  });
  r.impl()->is_wrapped_number = true;
  return r;
}

void resize_out(const Tensor& out, IntArrayRef sizes) {
  if (out.sizes() == sizes) return;
  int64_t n = compute_numel(sizes);
  int64_t need = (out.storage_offset() + n) * int64_t(out.element_size());
  if (need <= int64_t(out.impl()->storage()->nbytes())) {
    out.impl()->set_sizes_strides(DimVector(sizes), contiguous_strides(sizes),
                                  out.storage_offset());
    return;
  }
  TensorOptions o(out.dtype());
  o.device = out.device();
  Tensor fresh = empty(sizes, o);
  out.impl()->set_storage(fresh.impl()->storage(), DimVector(sizes), contiguous_strides(sizes), 0);
}

Tensor make_view(const Tensor& self, DimVector sizes, DimVector strides, int64_t offset) {
  int64_t n = checked_numel(sizes);
  int64_t max_index = offset;
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] > 0) max_index += (sizes[i] - 1) * strides[i];
  }
  if (n > 0) {
    int64_t needed = (max_index + 1) * int64_t(element_size(self.dtype()));
    int64_t have = int64_t(self.impl()->storage()->nbytes());
    TS_CHECK(offset >= 0 && needed <= have, "setStorage: sizes ", shape_str(sizes), ", strides ",
             shape_str(strides), ", storage offset ", offset, ", and itemsize ",
             element_size(self.dtype()), " requiring a storage size of ", needed,
             " are out of bounds for storage of size ", have);
  }
  auto impl = util::make_intrusive<TensorImpl>(self.impl()->storage(), self.dtype(),
                                               std::move(sizes), std::move(strides), offset);
  impl->view_base = self.impl()->view_base ? self.impl()->view_base : self.impl_ptr();
  if (!GradMode::is_enabled()) impl->view_kind = TensorImpl::kNoGradView;
  return Tensor(std::move(impl));
}

std::string shape_str(IntArrayRef sizes) {
  std::string s = "[";
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(sizes[i]);
  }
  return s + "]";
}

}  // namespace ts
