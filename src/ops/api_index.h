// Indexing: Python's x[...] for reading and writing, and the index/gather/scatter op family.
//
// Which function does what (the interpreter's map from Python syntax):
//   x[i]            index(x, {i})              basic indices give a view, advanced a copy
//   x[i] = v        index_set_(x, {i}, v)      v a Tensor or a number (converted to x's dtype)
//   x[i] += v       index_augassign_(x, {i}, f) with f = [&](t) { return add_(t, v); }:
//                   read, modify, write back, as Python runs it. With repeated indices the
//                   last write wins; it is not index_put_(accumulate=true), which sums them.
// A one-element index list is Python's single index (x[1], not x[(1,)]); they differ only in
// error messages on 0-dim tensors. A Python list index (x[[0, 2]]) becomes a tensor first.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tensor/tensor.h"

namespace ts {

// A Python slice start:stop:step; a missing part is nullopt (`:` is Slice{}, `::2` is
// Slice{{}, {}, 2}).
struct Slice {
  std::optional<int64_t> start, stop, step;
  Slice() = default;
  Slice(std::optional<int64_t> start_, std::optional<int64_t> stop_ = std::nullopt,  // NOLINT
        std::optional<int64_t> step_ = std::nullopt)
      : start(start_), stop(stop_), step(step_) {}
};

struct EllipsisIndex {};
inline constexpr EllipsisIndex kEllipsis{};  // x[...]
struct NoneIndex {};
inline constexpr NoneIndex kNone{};  // x[None]: a new axis of size 1

// One entry of an index tuple, like PyTorch's at::indexing::TensorIndex.
class TensorIndex {
 public:
  enum class Kind : uint8_t { None, Ellipsis, Integer, Boolean, Slice, Tensor };
  TensorIndex(NoneIndex) : kind_(Kind::None) {}                 // NOLINT
  TensorIndex(std::nullopt_t) : kind_(Kind::None) {}            // NOLINT
  TensorIndex(EllipsisIndex) : kind_(Kind::Ellipsis) {}         // NOLINT
  TensorIndex(int64_t i) : kind_(Kind::Integer), int_(i) {}     // NOLINT
  TensorIndex(int i) : kind_(Kind::Integer), int_(i) {}         // NOLINT
  TensorIndex(bool b) : kind_(Kind::Boolean), bool_(b) {}       // NOLINT: Python True/False
  TensorIndex(Slice s) : kind_(Kind::Slice), slice_(s) {}       // NOLINT
  TensorIndex(Tensor t) : kind_(Kind::Tensor), tensor_(std::move(t)) {}  // NOLINT

  Kind kind() const { return kind_; }
  int64_t integer() const { return int_; }
  bool boolean() const { return bool_; }
  const Slice& slice() const { return slice_; }
  const Tensor& tensor() const { return tensor_; }

 private:
  Kind kind_;
  int64_t int_ = 0;
  bool bool_ = false;
  Slice slice_;
  Tensor tensor_;
};

// ---- Python indexing ----
Tensor index(const Tensor& self, const std::vector<TensorIndex>& indices);
Tensor index_set_(const Tensor& self, const std::vector<TensorIndex>& indices, const Tensor& value);
Tensor index_set_(const Tensor& self, const std::vector<TensorIndex>& indices, const Scalar& value);
// x[indices] op= v: t = x[indices]; t = op(t); x[indices] = t. `op` is the in-place operator
// (t.__iadd__(v)) and returns its result.
Tensor index_augassign_(const Tensor& self, const std::vector<TensorIndex>& indices,
                        const std::function<Tensor(const Tensor&)>& op);

// ---- Registry ops (PyTorch 1.13 schemas); an undefined Tensor in `indices` is None ----
Tensor index_tensor(const Tensor& self, const std::vector<Tensor>& indices);
Tensor index_tensor_out(const Tensor& self, const std::vector<Tensor>& indices, const Tensor& out);
Tensor index_put_(const Tensor& self, const std::vector<Tensor>& indices, const Tensor& values,
                  bool accumulate = false);
Tensor index_put(const Tensor& self, const std::vector<Tensor>& indices, const Tensor& values,
                 bool accumulate = false);
Tensor index_put_out(const Tensor& self, const std::vector<Tensor>& indices, const Tensor& values,
                     bool accumulate, const Tensor& out);

Tensor index_select(const Tensor& self, int64_t dim, const Tensor& index);
Tensor index_select_out(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& out);
Tensor gather(const Tensor& self, int64_t dim, const Tensor& index, bool sparse_grad = false);
Tensor gather_out(const Tensor& self, int64_t dim, const Tensor& index, bool sparse_grad,
                  const Tensor& out);
Tensor take(const Tensor& self, const Tensor& index);
Tensor take_out(const Tensor& self, const Tensor& index, const Tensor& out);
Tensor take_along_dim(const Tensor& self, const Tensor& indices,
                      std::optional<int64_t> dim = std::nullopt);
Tensor take_along_dim_out(const Tensor& self, const Tensor& indices, std::optional<int64_t> dim,
                          const Tensor& out);

// scatter: reduce is none, "add" or "multiply"; scatter_reduce: "sum", "prod", "mean",
// "amax" or "amin".
Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src);
Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value);
Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
               const std::string& reduce);
Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value,
               const std::string& reduce);
Tensor scatter_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src);
Tensor scatter_(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value);
Tensor scatter_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
                const std::string& reduce);
Tensor scatter_(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value,
                const std::string& reduce);
Tensor scatter_add(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src);
Tensor scatter_add_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src);
Tensor scatter_reduce(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
                      const std::string& reduce, bool include_self = true);
Tensor scatter_reduce_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
                       const std::string& reduce, bool include_self = true);
Tensor scatter_add_out(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
                       const Tensor& out);
Tensor scatter_reduce_out(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
                          const std::string& reduce, bool include_self, const Tensor& out);

Tensor index_add(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source,
                 const Scalar& alpha = 1);
Tensor index_add_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source,
                  const Scalar& alpha = 1);
Tensor index_add_out(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source,
                     const Scalar& alpha, const Tensor& out);
Tensor index_copy(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source);
Tensor index_copy_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source);
Tensor index_copy_out(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source,
                      const Tensor& out);
Tensor index_fill(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value);
Tensor index_fill(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& value);
Tensor index_fill_(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value);
Tensor index_fill_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& value);
Tensor put_(const Tensor& self, const Tensor& index, const Tensor& source, bool accumulate = false);
Tensor put(const Tensor& self, const Tensor& index, const Tensor& source, bool accumulate = false);

Tensor masked_select(const Tensor& self, const Tensor& mask);
Tensor masked_select_out(const Tensor& self, const Tensor& mask, const Tensor& out);
Tensor masked_scatter(const Tensor& self, const Tensor& mask, const Tensor& source);
Tensor masked_scatter_(const Tensor& self, const Tensor& mask, const Tensor& source);

// int64 [n, ndim] with strides [1, n], as PyTorch returns it.
Tensor nonzero(const Tensor& self);
Tensor nonzero_out(const Tensor& self, const Tensor& out);
// torch.nonzero(x, as_tuple=True): one int64 [n] tensor per dimension.
std::vector<Tensor> nonzero_numpy(const Tensor& self);
Tensor argwhere(const Tensor& self);

}  // namespace ts
