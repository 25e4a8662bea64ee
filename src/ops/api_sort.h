// Sorting and selection (sort.cpp: sort, argsort, topk, kthvalue, median, nanmedian, mode),
// uniques and counting (unique.cpp: _unique, _unique2, unique_dim, unique_consecutive,
// bincount, histc, searchsorted, bucketize) and the remaining scans and reductions (scan.cpp:
// cummax, cummin, diff, trace, dist, renorm), with PyTorch 1.13's schemas. Two-result ops return
// (values, indices) like max(dim). Results equal PyTorch's CPU results including the positions
// picked among ties: the kernels run the same algorithms (see kernels/cpu/sort.cpp).
#pragma once

#include <optional>
#include <string>
#include <tuple>

#include "tensor/tensor.h"

namespace ts {

// ---- sort.cpp ----
// `stable` None is an error (as in PyTorch); the overload without it is unstable.
std::tuple<Tensor, Tensor> sort(const Tensor& self, int64_t dim = -1, bool descending = false);
std::tuple<Tensor, Tensor> sort_stable(const Tensor& self, std::optional<bool> stable,
                                       int64_t dim = -1, bool descending = false);
std::tuple<Tensor, Tensor> sort_out(const Tensor& self, int64_t dim, bool descending,
                                    const Tensor& values, const Tensor& indices);
std::tuple<Tensor, Tensor> sort_stable_out(const Tensor& self, std::optional<bool> stable, int64_t dim,
                                           bool descending, const Tensor& values, const Tensor& indices);
Tensor argsort(const Tensor& self, int64_t dim = -1, bool descending = false);
Tensor argsort_stable(const Tensor& self, bool stable, int64_t dim = -1, bool descending = false);
Tensor msort(const Tensor& self);
Tensor msort_out(const Tensor& self, const Tensor& out);

std::tuple<Tensor, Tensor> topk(const Tensor& self, int64_t k, int64_t dim = -1, bool largest = true,
                                bool sorted = true);
std::tuple<Tensor, Tensor> topk_out(const Tensor& self, int64_t k, int64_t dim, bool largest, bool sorted,
                                    const Tensor& values, const Tensor& indices);
std::tuple<Tensor, Tensor> kthvalue(const Tensor& self, int64_t k, int64_t dim = -1, bool keepdim = false);
std::tuple<Tensor, Tensor> kthvalue_out(const Tensor& self, int64_t k, int64_t dim, bool keepdim,
                                        const Tensor& values, const Tensor& indices);

// median() of every element is the lower of the two middle values; NaN when any is NaN (median)
// or of the non-NaN values (nanmedian). The dim overloads also return the index.
Tensor median(const Tensor& self);
std::tuple<Tensor, Tensor> median(const Tensor& self, int64_t dim, bool keepdim = false);
std::tuple<Tensor, Tensor> median_out(const Tensor& self, int64_t dim, bool keepdim,
                                      const Tensor& values, const Tensor& indices);
Tensor nanmedian(const Tensor& self);
std::tuple<Tensor, Tensor> nanmedian(const Tensor& self, int64_t dim, bool keepdim = false);
std::tuple<Tensor, Tensor> nanmedian_out(const Tensor& self, int64_t dim, bool keepdim,
                                         const Tensor& values, const Tensor& indices);
std::tuple<Tensor, Tensor> mode(const Tensor& self, int64_t dim = -1, bool keepdim = false);
std::tuple<Tensor, Tensor> mode_out(const Tensor& self, int64_t dim, bool keepdim, const Tensor& values,
                                    const Tensor& indices);

// ---- unique.cpp ----
// (unique values, inverse indices, counts); inverse/counts are empty unless asked for.
// torch.unique / torch.unique_consecutive are Python-level wrappers over these.
std::tuple<Tensor, Tensor> _unique(const Tensor& self, bool sorted = true, bool return_inverse = false);
std::tuple<Tensor, Tensor, Tensor> _unique2(const Tensor& self, bool sorted = true,
                                            bool return_inverse = false, bool return_counts = false);
std::tuple<Tensor, Tensor, Tensor> unique_dim(const Tensor& self, int64_t dim, bool sorted = true,
                                              bool return_inverse = false, bool return_counts = false);
std::tuple<Tensor, Tensor, Tensor> unique_consecutive(const Tensor& self, bool return_inverse = false,
                                                      bool return_counts = false,
                                                      std::optional<int64_t> dim = std::nullopt);

Tensor bincount(const Tensor& self, const Tensor& weights = {}, int64_t minlength = 0);
Tensor histc(const Tensor& self, int64_t bins = 100, const Scalar& min = 0, const Scalar& max = 0);
Tensor histc_out(const Tensor& self, int64_t bins, const Scalar& min, const Scalar& max, const Tensor& out);

// Index of each value in the innermost dim of `sorted_sequence` (1-d, or matching the leading
// dims of `self`); `side` ("left"/"right") takes precedence over `right`.
Tensor searchsorted(const Tensor& sorted_sequence, const Tensor& self, bool out_int32 = false,
                    bool right = false, std::optional<std::string> side = std::nullopt,
                    const Tensor& sorter = {});
Tensor searchsorted(const Tensor& sorted_sequence, const Scalar& self, bool out_int32 = false,
                    bool right = false, std::optional<std::string> side = std::nullopt,
                    const Tensor& sorter = {});
Tensor searchsorted_out(const Tensor& sorted_sequence, const Tensor& self, bool out_int32, bool right,
                        std::optional<std::string> side, const Tensor& sorter, const Tensor& out);
Tensor bucketize(const Tensor& self, const Tensor& boundaries, bool out_int32 = false, bool right = false);
Tensor bucketize(const Scalar& self, const Tensor& boundaries, bool out_int32 = false, bool right = false);
Tensor bucketize_out(const Tensor& self, const Tensor& boundaries, bool out_int32, bool right,
                     const Tensor& out);

// ---- scan.cpp ----
std::tuple<Tensor, Tensor> cummax(const Tensor& self, int64_t dim);
std::tuple<Tensor, Tensor> cummax_out(const Tensor& self, int64_t dim, const Tensor& values,
                                      const Tensor& indices);
std::tuple<Tensor, Tensor> cummin(const Tensor& self, int64_t dim);
std::tuple<Tensor, Tensor> cummin_out(const Tensor& self, int64_t dim, const Tensor& values,
                                      const Tensor& indices);

Tensor diff(const Tensor& self, int64_t n = 1, int64_t dim = -1, const Tensor& prepend = {},
            const Tensor& append = {});
Tensor diff_out(const Tensor& self, int64_t n, int64_t dim, const Tensor& prepend, const Tensor& append,
                const Tensor& out);
Tensor trace(const Tensor& self);
Tensor dist(const Tensor& self, const Tensor& other, const Scalar& p = 2);
Tensor renorm(const Tensor& self, const Scalar& p, int64_t dim, const Scalar& maxnorm);
Tensor renorm_(const Tensor& self, const Scalar& p, int64_t dim, const Scalar& maxnorm);
Tensor renorm_out(const Tensor& self, const Scalar& p, int64_t dim, const Scalar& maxnorm, const Tensor& out);

}  // namespace ts
