// Derivatives that scatter the gradient back into the input's geometry: scatter_reduce (each
// reduction, with include_self) and as_strided. PyTorch 1.13's formulas and node names
// (FunctionsManual.cpp: scatter_reduce_backward, as_strided_backward).
#include <algorithm>
#include <vector>

#include "ops/ops.h"
#include "ops/registry.h"

namespace ts {

namespace {

using ops::BackwardCtx;

// scatter_reduce.two(self, dim, index, src, reduce, *, include_self): flat inputs self, index,
// src; gradients for self and src.
ops::Grads scatter_reduce_grad(const BackwardCtx& c) {
  const Tensor& grad = c.grad();
  const Tensor& self = c.in(0);
  const int64_t dim = c.i64(1);
  const Tensor& index = c.in(2);
  const Tensor& src = c.in(3);
  const std::string& reduce = c.args[4].to_string();
  const bool include_self = c.flag(5);
  const Tensor& result = c.result();
  const DType t = self.dtype();
  Tensor grad_self, grad_src;
  if (reduce == "sum") {
    grad_self = grad;
    grad_src = gather(grad, dim, index);
  } else if (reduce == "prod") {
    // Exclusive products, computed explicitly where self or src holds a zero.
    Tensor masked_self = masked_fill(self, eq(self, 0), 1);
    Tensor masked_self_result = scatter_reduce(masked_self, dim, index, src, reduce, include_self);
    grad_self = grad * masked_self_result / masked_self;
    Tensor src_zero = eq(src, 0);
    Tensor src_num_zeros =
        gather(scatter_add(zeros_like(self), dim, index, src_zero.to(t)), dim, index);
    Tensor src_single_zero = logical_and(src_zero, eq(src_num_zeros, 1));
    Tensor masked_src = masked_fill(src, src_single_zero, 1);
    Tensor masked_src_result = scatter_reduce(self, dim, index, masked_src, reduce, include_self);
    grad_src = where(src_single_zero, gather(grad * masked_src_result, dim, index),
                     gather(grad * result, dim, index) / masked_fill(src, src_zero, 1));
  } else if (reduce == "mean") {
    Tensor n = include_self ? ones_like(grad) : zeros_like(grad);
    n = scatter_add(n, dim, index, ones_like(src));
    n = masked_fill(n, eq(n, 0), 1);
    grad_self = grad / n;
    grad_src = gather(grad, dim, index) / gather(n, dim, index);
  } else {  // amax, amin: the gradient is shared evenly among the elements equal to the result
    Tensor value = gather(result, dim, index);
    Tensor self_is_result = eq(self, result).to(t);
    Tensor src_is_result = eq(src, value).to(t);
    Tensor n = scatter_add(self_is_result, dim, index, src_is_result);
    Tensor distributed = grad / n;
    grad_self = self_is_result * distributed;
    grad_src = src_is_result * gather(distributed, dim, index);
  }
  if (!include_self) grad_self = scatter(grad_self, dim, index, Scalar(0));
  return {TS_IF(0, grad_self), Tensor(), TS_IF(2, grad_src)};
}

// as_strided(self, size, stride, storage_offset): the gradient lands where each output element
// reads the input's storage, summed where windows overlap, then is read back through self's
// own geometry (a zero where self does not cover a storage element). Only self's geometry is
// kept, as PyTorch's AsStridedBackward0 does: self may be written in place afterwards.
ops::Grads as_strided_grad(const BackwardCtx& c) {
  const Tensor& grad = c.grad();
  IntArrayRef in_sizes = c.sizes(0), in_strides = c.strides(0);
  const int64_t in_offset = c.storage_offset(0);
  int64_t self_numel = 1;
  for (int64_t s : in_sizes) self_numel *= s;
  const std::vector<int64_t> out_sizes = c.ints(1), out_strides = c.ints(2);
  const int64_t out_offset = c.none(3) ? in_offset : c.i64(3);
  // The storage span both geometries touch, from the smallest offset.
  auto extent = [](IntArrayRef sizes, IntArrayRef strides, int64_t offset, int64_t* lo) {
    int64_t hi = offset;
    *lo = offset;
    for (size_t i = 0; i < sizes.size(); ++i) {
      if (sizes[i] == 0) return int64_t(-1);
      hi += (sizes[i] - 1) * strides[i];
    }
    return hi;
  };
  TensorOptions o(grad.dtype());
  if (grad.numel() == 0 || self_numel == 0) return {zeros(in_sizes, o)};
  int64_t lo_in = 0, lo_out = 0;
  const int64_t hi_in = extent(in_sizes, in_strides, in_offset, &lo_in);
  const int64_t hi_out = extent(out_sizes, out_strides, out_offset, &lo_out);
  const int64_t base = std::min(lo_in, lo_out);
  const int64_t span = std::max(hi_in, hi_out) - base + 1;
  // Storage element k of the buffer: index k into a flat zero buffer.
  auto flat_index = [&](IntArrayRef sizes, IntArrayRef strides, int64_t offset) {
    Tensor idx = empty(sizes, TensorOptions(DType::Int64));
    int64_t* p = idx.data<int64_t>();
    const int64_t n = idx.numel(), nd = int64_t(sizes.size());
    std::vector<int64_t> pos(size_t(nd), 0);
    for (int64_t k = 0; k < n; ++k) {
      int64_t at = offset - base;
      for (int64_t d = 0; d < nd; ++d) at += pos[size_t(d)] * strides[size_t(d)];
      p[k] = at;
      for (int64_t d = nd - 1; d >= 0; --d) {
        if (++pos[size_t(d)] < sizes[size_t(d)]) break;
        pos[size_t(d)] = 0;
      }
    }
    return idx;
  };
  Tensor out_idx = flat_index(out_sizes, out_strides, out_offset);
  Tensor in_idx = flat_index(in_sizes, in_strides, in_offset);
  Tensor storage = zeros({span}, o);
  storage = index_add(storage, 0, reshape(out_idx, {-1}), reshape(grad, {-1}));
  Tensor g = reshape(index_select(storage, 0, reshape(in_idx, {-1})), in_sizes);
  // Input elements sharing storage (an expanded input) got the whole sum each: split it.
  std::vector<int64_t> count(size_t(span), 0);
  const int64_t* ip = in_idx.data<int64_t>();
  for (int64_t k = 0; k < in_idx.numel(); ++k) ++count[size_t(ip[k])];
  if (std::any_of(count.begin(), count.end(), [](int64_t n) { return n > 1; })) {
    Tensor share64 = empty(in_sizes, TensorOptions(DType::Float64));
    double* sp = share64.data<double>();
    for (int64_t k = 0; k < in_idx.numel(); ++k) sp[k] = double(count[size_t(ip[k])]);
    g = g / share64.to(g.dtype());
  }
  return {g};
}

}  // namespace

TS_REGISTER_GRADS(scatter) {
  const ops::Derivative* d = r.entry("scatter_reduce", "two")
                                 .grad("ScatterReduceBackward0", "self index src result",
                                       &scatter_reduce_grad)
                                 .derivative;
  r.entry("scatter_reduce_", "two").grad(d);
  r.entry("as_strided").grad("AsStridedBackward0", "", &as_strided_grad);
}

}  // namespace ts
