// TensorImpl (sizes, strides, offset over a shared Storage) and the Tensor handle.
// Methods that run ops (a.add(b), a.sum()) are declared here and defined in src/ops; see
// src/tensor/README.md, Note [Tensor methods live in ops].
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "tensor/dtype.h"
#include "tensor/scalar.h"
#include "tensor/storage.h"
#include "util/small_vector.h"

namespace ts {

using util::DimVector;
using IntArrayRef = util::ArrayRef<int64_t>;

// Autograd state hangs off a tensor through this interface; src/autograd implements it.
class AutogradMetaBase {
 public:
  virtual ~AutogradMetaBase() = default;
  virtual bool requires_grad() const = 0;
  // "AddBackward0" for non-leaf tensors, empty for leaves.
  virtual std::string grad_fn_name() const = 0;
};

class TensorImpl : public util::RefCounted {
 public:
  TensorImpl(Storage storage, DType dtype, DimVector sizes, DimVector strides, int64_t offset);

  const DimVector& sizes() const { return sizes_; }
  const DimVector& strides() const { return strides_; }
  int64_t offset() const { return offset_; }
  DType dtype() const { return dtype_; }
  Device device() const { return storage_->device(); }
  int64_t numel() const { return numel_; }
  int64_t dim() const { return int64_t(sizes_.size()); }
  bool is_contiguous() const { return contiguous_; }
  const Storage& storage() const { return storage_; }
  // Pointer to element 0 of this view.
  char* data() const {
    return static_cast<char*>(storage_->data()) + offset_ * int64_t(element_size(dtype_));
  }
  void set_sizes_strides(DimVector sizes, DimVector strides, int64_t offset);
  // Points this tensor at other memory (out= resizing, set_).
  void set_storage(Storage s, DimVector sizes, DimVector strides, int64_t offset) {
    storage_ = std::move(s);
    set_sizes_strides(std::move(sizes), std::move(strides), offset);
  }
  void set_dtype_unsafe(DType t) { dtype_ = t; }

  // A 0-dim tensor made from a Python number takes a smaller part in type promotion.
  bool is_wrapped_number = false;
  // Made by nn.Parameter: modules collect these, and it prints as "Parameter containing:".
  bool is_parameter = false;
  std::unique_ptr<AutogradMetaBase> autograd_meta;
  // For a view (make_view): the tensor whose memory it aliases, itself never a view. Autograd
  // routes in-place writes into a view to the base's gradient (CopySlices).
  util::IntrusivePtr<TensorImpl> view_base;
  // How the view was made, for autograd's checks on in-place writes into it.
  enum ViewKind : uint8_t { kPlainView = 0, kNoGradView = 1, kMultiOutputView = 2 };
  uint8_t view_kind = kPlainView;
  bool own_requires_grad() const { return autograd_meta && autograd_meta->requires_grad(); }

 private:
  void refresh();
  Storage storage_;
  DimVector sizes_, strides_;
  int64_t offset_ = 0;
  int64_t numel_ = 1;
  DType dtype_;
  bool contiguous_ = true;
};

struct TensorOptions {
  std::optional<DType> dtype;
  Device device;
  bool requires_grad = false;
  TensorOptions() = default;
  TensorOptions(DType t) : dtype(t) {}  // NOLINT
  TensorOptions(Device d) : device(d) {}  // NOLINT
  TensorOptions with_dtype(DType t) const {
    auto o = *this;
    o.dtype = t;
    return o;
  }
  DType dtype_or_default() const { return dtype ? *dtype : default_dtype(); }
};

class Tensor {
 public:
  Tensor() = default;
  explicit Tensor(util::IntrusivePtr<TensorImpl> impl) : impl_(std::move(impl)) {}

  bool defined() const { return bool(impl_); }
  TensorImpl* impl() const { return impl_.get(); }
  const util::IntrusivePtr<TensorImpl>& impl_ptr() const { return impl_; }
  bool is_same(const Tensor& o) const { return impl_ == o.impl_; }

  IntArrayRef sizes() const { return impl_->sizes(); }
  IntArrayRef strides() const { return impl_->strides(); }
  // size(d) and stride(d) accept negative dims, with PyTorch's IndexError when out of range.
  int64_t size(int64_t d) const;
  int64_t stride(int64_t d) const;
  int64_t dim() const { return impl_->dim(); }
  int64_t numel() const { return impl_->numel(); }
  int64_t storage_offset() const { return impl_->offset(); }
  DType dtype() const { return impl_->dtype(); }
  Device device() const { return impl_->device(); }
  bool is_contiguous() const { return impl_->is_contiguous(); }
  bool is_floating_point() const { return is_floating(dtype()); }
  size_t element_size() const { return ts::element_size(dtype()); }
  size_t nbytes() const { return size_t(numel()) * element_size(); }

  void* data_ptr() const { return impl_->data(); }
  template <typename T>
  T* data() const {
    TS_CHECK(dtype() == DTypeOf<T>::value, "expected scalar type ", dtype_name(DTypeOf<T>::value),
             " but found ", dtype_name(dtype()));
    return reinterpret_cast<T*>(impl_->data());
  }
  // Value of a one-element tensor ("a Tensor with N elements cannot be converted to Scalar").
  Scalar item() const;
  template <typename T>
  T item() const {
    return item().to<T>();
  }

  uint32_t version() const { return impl_->storage()->version(); }
  void bump_version() const { impl_->storage()->bump_version(); }

  // Autograd (the engine lives in src/autograd).
  // A view requires grad when its base does (PyTorch's differentiable views).
  bool requires_grad() const {
    return impl_->own_requires_grad() || (impl_->view_base && impl_->view_base->own_requires_grad());
  }

  // ---- Methods that run ops; defined in src/ops. ----
  Tensor contiguous() const;
  Tensor clone() const;
  Tensor to(DType t, bool copy = false) const;
  Tensor& copy_(const Tensor& src);
  Tensor& fill_(const Scalar& v);
  Tensor& zero_();
  Tensor view(IntArrayRef shape) const;
  Tensor reshape(IntArrayRef shape) const;
  Tensor t() const;
  Tensor transpose(int64_t a, int64_t b) const;
  Tensor permute(IntArrayRef dims) const;
  Tensor expand(IntArrayRef shape) const;
  Tensor squeeze() const;
  Tensor squeeze(int64_t d) const;
  Tensor unsqueeze(int64_t d) const;
  Tensor narrow(int64_t d, int64_t start, int64_t length) const;
  Tensor select(int64_t d, int64_t index) const;
  Tensor slice(int64_t d, std::optional<int64_t> start, std::optional<int64_t> end,
               int64_t step = 1) const;
  Tensor flatten(int64_t start = 0, int64_t end = -1) const;
  Tensor as_strided(IntArrayRef sizes, IntArrayRef strides,
                    std::optional<int64_t> offset = std::nullopt) const;
  Tensor detach() const;

  // ---- Autograd (src/autograd). ----
  // Marks a leaf as requiring grad (or not); only floating tensors can.
  Tensor& requires_grad_(bool on = true);
  bool is_leaf() const;
  Tensor grad() const;  // undefined when none
  void set_grad(const Tensor& g) const;
  void retain_grad() const;
  bool retains_grad() const;
  // "AddBackward0"; empty for leaves.
  std::string grad_fn_name() const;
  void backward(const Tensor& gradient = Tensor(), std::optional<bool> retain_graph = std::nullopt,
                bool create_graph = false) const;
  Tensor& detach_();

 private:
  util::IntrusivePtr<TensorImpl> impl_;
};

// Row-major strides for `sizes`.
DimVector contiguous_strides(IntArrayRef sizes);
// Product of sizes, with PyTorch's check against negative sizes.
int64_t compute_numel(IntArrayRef sizes);
// Wraps a possibly negative dim into [0, ndim), raising PyTorch's IndexError when it is out of
// range ("Dimension out of range (expected to be in range of [-2, 1], but got 2)").
int64_t wrap_dim(int64_t d, int64_t ndim, bool scalar_ok = true);

// Uninitialized tensors (the tensor layer's own factories; ops build on them).
Tensor empty(IntArrayRef sizes, TensorOptions opts = {});
Tensor empty_strided(IntArrayRef sizes, IntArrayRef strides, TensorOptions opts = {});
// A tensor over memory the caller owns; `deleter` (may be empty) runs when it is released.
Tensor from_blob(void* data, IntArrayRef sizes, IntArrayRef strides, DType dtype,
                 std::function<void(void*)> deleter = {}, Device device = {});
// A 0-dim tensor holding a Python number, marked as a wrapped number for type promotion.
Tensor scalar_to_tensor(const Scalar& s, std::optional<DType> dtype = std::nullopt);
// A view of `self`'s storage with new geometry (no checks beyond storage bounds).
Tensor make_view(const Tensor& self, DimVector sizes, DimVector strides, int64_t offset);

// PyTorch's resize_output for out= arguments: an out tensor of another shape takes the new
// shape with contiguous strides, keeping its storage when that is large enough.
void resize_out(const Tensor& out, IntArrayRef sizes);

std::string shape_str(IntArrayRef sizes);  // "[2, 3]"

}  // namespace ts
