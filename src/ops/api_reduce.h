// Reductions and scans: sum, mean, prod, max, min, argmax, all, any, std, var, norm,
// logsumexp, cumsum, ... with PyTorch 1.13's schemas. `dim` lists follow PyTorch: None or []
// reduces every dim; each dim may be negative and may appear once. Ops with a single `int dim`
// in C++ take `int64_t`; `sum(x, 0)` picks the int overload, `sum(x, {0, 1})` the list one.
#pragma once

#include <initializer_list>
#include <optional>
#include <tuple>
#include <type_traits>

#include "tensor/tensor.h"

namespace ts {

// An optional dim list (PyTorch's `int[1]? dim`): std::nullopt, a list `{0, 1}` or an
// IntArrayRef. Like IntArrayRef it only lives as a parameter.
class OptDims {
 public:
  OptDims() = default;
  OptDims(std::nullopt_t) {}  // NOLINT
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winit-list-lifetime"
  OptDims(std::initializer_list<int64_t> l) : has_(true), dims_(l) {}  // NOLINT
#pragma GCC diagnostic pop
  OptDims(IntArrayRef d) : has_(true), dims_(d) {}  // NOLINT
  OptDims(std::optional<IntArrayRef> d) : has_(d.has_value()), dims_(d.value_or(IntArrayRef())) {}  // NOLINT
  bool has_value() const { return has_; }
  explicit operator bool() const { return has_; }
  IntArrayRef operator*() const { return dims_; }

 private:
  bool has_ = false;
  IntArrayRef dims_;
};

Tensor sum(const Tensor& self, std::optional<DType> dtype = std::nullopt);
Tensor sum(const Tensor& self, OptDims dim, bool keepdim = false, std::optional<DType> dtype = std::nullopt);
Tensor sum(const Tensor& self, int64_t dim, bool keepdim = false, std::optional<DType> dtype = std::nullopt);
Tensor sum_out(const Tensor& self, OptDims dim, bool keepdim, std::optional<DType> dtype, const Tensor& out);
Tensor nansum(const Tensor& self, OptDims dim = std::nullopt, bool keepdim = false,
              std::optional<DType> dtype = std::nullopt);
Tensor nansum_out(const Tensor& self, OptDims dim, bool keepdim, std::optional<DType> dtype, const Tensor& out);

Tensor mean(const Tensor& self, std::optional<DType> dtype = std::nullopt);
Tensor mean(const Tensor& self, OptDims dim, bool keepdim = false, std::optional<DType> dtype = std::nullopt);
Tensor mean(const Tensor& self, int64_t dim, bool keepdim = false, std::optional<DType> dtype = std::nullopt);
Tensor mean_out(const Tensor& self, OptDims dim, bool keepdim, std::optional<DType> dtype, const Tensor& out);
Tensor nanmean(const Tensor& self, OptDims dim = std::nullopt, bool keepdim = false,
               std::optional<DType> dtype = std::nullopt);
Tensor nanmean_out(const Tensor& self, OptDims dim, bool keepdim, std::optional<DType> dtype, const Tensor& out);

Tensor prod(const Tensor& self, std::optional<DType> dtype = std::nullopt);
Tensor prod(const Tensor& self, int64_t dim, bool keepdim = false, std::optional<DType> dtype = std::nullopt);
Tensor prod_out(const Tensor& self, int64_t dim, bool keepdim, std::optional<DType> dtype, const Tensor& out);

// max()/min() of every element; max(dim) returns (values, indices).
Tensor max(const Tensor& self);
std::tuple<Tensor, Tensor> max(const Tensor& self, int64_t dim, bool keepdim = false);
std::tuple<Tensor, Tensor> max_out(const Tensor& self, int64_t dim, bool keepdim, const Tensor& max,
                                   const Tensor& max_values);
Tensor min(const Tensor& self);
std::tuple<Tensor, Tensor> min(const Tensor& self, int64_t dim, bool keepdim = false);
std::tuple<Tensor, Tensor> min_out(const Tensor& self, int64_t dim, bool keepdim, const Tensor& min,
                                   const Tensor& min_indices);
Tensor amax(const Tensor& self, IntArrayRef dim = {}, bool keepdim = false);
Tensor amax_out(const Tensor& self, IntArrayRef dim, bool keepdim, const Tensor& out);
Tensor amin(const Tensor& self, IntArrayRef dim = {}, bool keepdim = false);
Tensor amin_out(const Tensor& self, IntArrayRef dim, bool keepdim, const Tensor& out);
// (min, max)
std::tuple<Tensor, Tensor> aminmax(const Tensor& self, std::optional<int64_t> dim = std::nullopt,
                                   bool keepdim = false);
std::tuple<Tensor, Tensor> aminmax_out(const Tensor& self, std::optional<int64_t> dim, bool keepdim,
                                       const Tensor& min, const Tensor& max);
Tensor argmax(const Tensor& self, std::optional<int64_t> dim = std::nullopt, bool keepdim = false);
Tensor argmax_out(const Tensor& self, std::optional<int64_t> dim, bool keepdim, const Tensor& out);
Tensor argmin(const Tensor& self, std::optional<int64_t> dim = std::nullopt, bool keepdim = false);
Tensor argmin_out(const Tensor& self, std::optional<int64_t> dim, bool keepdim, const Tensor& out);

Tensor all(const Tensor& self);
Tensor all(const Tensor& self, int64_t dim, bool keepdim = false);
Tensor all_out(const Tensor& self, int64_t dim, bool keepdim, const Tensor& out);
Tensor all_all_out(const Tensor& self, const Tensor& out);
Tensor any(const Tensor& self);
Tensor any(const Tensor& self, int64_t dim, bool keepdim = false);
Tensor any_out(const Tensor& self, int64_t dim, bool keepdim, const Tensor& out);
Tensor any_all_out(const Tensor& self, const Tensor& out);
Tensor count_nonzero(const Tensor& self, std::optional<int64_t> dim = std::nullopt);
Tensor count_nonzero_dims(const Tensor& self, IntArrayRef dim);

// std/var: `unbiased` divides by N - 1, else N; the correction overloads divide by
// N - correction (None: 1). The `bool unbiased` overloads take only a bool, so `std(x, 0)`
// reduces dim 0 as in Python instead of converting 0 to unbiased=false.
Tensor std_all(const Tensor& self, bool unbiased = true);
template <typename B, typename = std::enable_if_t<std::is_same_v<B, bool>>>
Tensor std(const Tensor& self, B unbiased) {
  return std_all(self, unbiased);
}
inline Tensor std(const Tensor& self) { return std_all(self, true); }
Tensor std(const Tensor& self, OptDims dim, bool unbiased = true, bool keepdim = false);
Tensor std(const Tensor& self, int64_t dim, bool unbiased = true, bool keepdim = false);
Tensor std_correction(const Tensor& self, OptDims dim, std::optional<int64_t> correction,
                      bool keepdim = false);
Tensor std_out(const Tensor& self, OptDims dim, bool unbiased, bool keepdim, const Tensor& out);
Tensor std_correction_out(const Tensor& self, OptDims dim, std::optional<int64_t> correction,
                          bool keepdim, const Tensor& out);
Tensor var_all(const Tensor& self, bool unbiased = true);
template <typename B, typename = std::enable_if_t<std::is_same_v<B, bool>>>
Tensor var(const Tensor& self, B unbiased) {
  return var_all(self, unbiased);
}
inline Tensor var(const Tensor& self) { return var_all(self, true); }
Tensor var(const Tensor& self, OptDims dim, bool unbiased = true, bool keepdim = false);
Tensor var(const Tensor& self, int64_t dim, bool unbiased = true, bool keepdim = false);
Tensor var_correction(const Tensor& self, OptDims dim, std::optional<int64_t> correction,
                      bool keepdim = false);
Tensor var_out(const Tensor& self, OptDims dim, bool unbiased, bool keepdim, const Tensor& out);
Tensor var_correction_out(const Tensor& self, OptDims dim, std::optional<int64_t> correction,
                          bool keepdim, const Tensor& out);
// (std, mean) and (var, mean)
std::tuple<Tensor, Tensor> std_mean(const Tensor& self, bool unbiased = true);
std::tuple<Tensor, Tensor> std_mean_dim(const Tensor& self, OptDims dim, bool unbiased = true,
                                        bool keepdim = false);
std::tuple<Tensor, Tensor> std_mean_correction(const Tensor& self, OptDims dim,
                                               std::optional<int64_t> correction, bool keepdim = false);
std::tuple<Tensor, Tensor> var_mean(const Tensor& self, bool unbiased = true);
std::tuple<Tensor, Tensor> var_mean_dim(const Tensor& self, OptDims dim, bool unbiased = true,
                                        bool keepdim = false);
std::tuple<Tensor, Tensor> var_mean_correction(const Tensor& self, OptDims dim,
                                               std::optional<int64_t> correction, bool keepdim = false);

Tensor logsumexp(const Tensor& self, IntArrayRef dim, bool keepdim = false);
Tensor logsumexp_out(const Tensor& self, IntArrayRef dim, bool keepdim, const Tensor& out);

// p-norms over all elements or `dim` (empty: all); p None means 2; inf/-inf are max/min |x|.
Tensor norm(const Tensor& self, const Scalar& p = 2);
Tensor norm(const Tensor& self, const std::optional<Scalar>& p, IntArrayRef dim, bool keepdim = false);
Tensor norm(const Tensor& self, const std::optional<Scalar>& p, IntArrayRef dim, bool keepdim, DType dtype);
Tensor norm(const Tensor& self, const std::optional<Scalar>& p, DType dtype);
Tensor norm_out(const Tensor& self, const std::optional<Scalar>& p, IntArrayRef dim, bool keepdim,
                const Tensor& out);
Tensor norm_dtype_out(const Tensor& self, const std::optional<Scalar>& p, IntArrayRef dim,
                      bool keepdim, DType dtype, const Tensor& out);

Tensor cumsum(const Tensor& self, int64_t dim, std::optional<DType> dtype = std::nullopt);
Tensor cumsum_(const Tensor& self, int64_t dim, std::optional<DType> dtype = std::nullopt);
Tensor cumsum_out(const Tensor& self, int64_t dim, std::optional<DType> dtype, const Tensor& out);
Tensor cumprod(const Tensor& self, int64_t dim, std::optional<DType> dtype = std::nullopt);
Tensor cumprod_(const Tensor& self, int64_t dim, std::optional<DType> dtype = std::nullopt);
Tensor cumprod_out(const Tensor& self, int64_t dim, std::optional<DType> dtype, const Tensor& out);

}  // namespace ts
