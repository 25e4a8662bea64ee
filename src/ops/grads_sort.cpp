// Derivatives of sorting/selection ops (the gradient goes back to the selected indices) and of
// the movement ops (flip, roll, repeat, tril/triu, trace), PyTorch's formulas and node names.
#include <numeric>

#include "ops/ops.h"
#include "ops/registry.h"

namespace ts {

namespace {

using ops::BackwardCtx;

// Gradient of a value-selecting op: `grad` (keepdim or not) scattered to `indices` along dim.
Tensor select_back(const Tensor& grad, const Tensor& indices, int64_t dim, bool keepdim,
                   IntArrayRef sizes) {
  TensorOptions o(grad.dtype());
  if (sizes.empty()) return grad.clone();
  const int64_t d = wrap_dim(dim, int64_t(sizes.size()));
  Tensor g = keepdim ? grad : unsqueeze(grad, d);
  Tensor i = keepdim ? indices : unsqueeze(indices, d);
  return scatter(zeros(sizes, o), d, i, g);
}

// median()/nanmedian(): the gradient is shared among the elements equal to the result.
Tensor evenly(const Tensor& grad, const Tensor& self, const Tensor& value) {
  Tensor mask = logical_or(eq(self, value), logical_and(isnan(self), isnan(value)));
  Tensor m = mask.to(grad.dtype());
  return m * (grad / sum(m));
}

// repeat: the gradient of every copy summed back onto the input.
Tensor repeat_back(const Tensor& grad, IntArrayRef sizes, const std::vector<int64_t>& reps) {
  const size_t pad = reps.size() - sizes.size();
  std::vector<int64_t> split, sum_dims;
  for (size_t i = 0; i < reps.size(); ++i) {
    const int64_t s = i < pad ? 1 : sizes[i - pad];
    sum_dims.push_back(int64_t(split.size()));
    split.push_back(reps[i]);
    split.push_back(s);
  }
  Tensor g = sum(reshape(grad, split), IntArrayRef(sum_dims));
  return reshape(g, sizes);
}

}  // namespace

TS_REGISTER_GRADS(sort_grads) {
  // ---- selection: the values output's gradient goes to its indices ----
  r.entry("sort").grad("SortBackward0", "result", TS_GRAD({
    return {select_back(c.grad(0), c.result(1), c.i64(1), true, c.sizes(0))};
  }));
  r.entry("sort", "stable").grad("SortBackward1", "result", TS_GRAD({
    return {select_back(c.grad(0), c.result(1), c.i64(2), true, c.sizes(0))};
  }));
  r.entry("topk").grad("TopkBackward0", "result", TS_GRAD({
    return {select_back(c.grad(0), c.result(1), c.i64(2), true, c.sizes(0))};
  }));
  r.entry("kthvalue").grad("KthvalueBackward0", "result", TS_GRAD({
    return {select_back(c.grad(0), c.result(1), c.i64(2), c.flag(3), c.sizes(0))};
  }));
  r.entry("median", "dim").grad("MedianBackward1", "result", TS_GRAD({
    return {select_back(c.grad(0), c.result(1), c.i64(1), c.flag(2), c.sizes(0))};
  }));
  r.entry("nanmedian", "dim").grad("NanmedianBackward1", "result", TS_GRAD({
    return {select_back(c.grad(0), c.result(1), c.i64(1), c.flag(2), c.sizes(0))};
  }));
  r.entry("mode").grad("ModeBackward0", "result", TS_GRAD({
    return {select_back(c.grad(0), c.result(1), c.i64(1), c.flag(2), c.sizes(0))};
  }));
  r.entry("median").grad("MedianBackward0", "self result", TS_GRAD({
    return {evenly(c.grad(), c.in(0), c.result())};
  }));
  r.entry("nanmedian").grad("NanmedianBackward0", "self result", TS_GRAD({
    return {evenly(c.grad(), c.in(0), c.result())};
  }));
  r.entry("msort").grad("SortBackward0", "self", TS_GRAD({
    const Tensor& x = c.in(0);
    if (x.dim() == 0) return {c.grad()};
    Tensor idx = std::get<1>(sort(x.detach(), 0, false));
    return {select_back(c.grad(), idx, 0, true, x.sizes())};
  }));
  for (const char* n : {"cummax", "cummin"})
    r.entry(n).grad(std::string(n) == "cummax" ? "CummaxBackward0" : "CumminBackward0", "result",
                    TS_GRAD({
                      const IntArrayRef sizes = c.sizes(0);
                      if (sizes.empty()) return {c.grad(0)};
                      if (c.grad(0).numel() == 0) return {c.grad(0)};
                      TensorOptions o(c.grad(0).dtype());
                      const int64_t d = wrap_dim(c.i64(1), int64_t(sizes.size()));
                      return {scatter_add(zeros(sizes, o), d, c.result(1), c.grad(0))};
                    }));

  // ---- movement ----
  r.entry("flip").grad("FlipBackward0", "", TS_GRAD({ return {flip(c.grad(), c.ints(1))}; }));
  r.entry("roll").grad("RollBackward0", "", TS_GRAD({
    std::vector<int64_t> back = c.ints(1);
    for (int64_t& s : back) s = -s;
    return {roll(c.grad(), back, c.ints(2))};
  }));
  r.entry("repeat").grad("RepeatBackward0", "", TS_GRAD({
    return {repeat_back(c.grad(), c.sizes(0), c.ints(1))};
  }));
  for (const char* n : {"tile", "fliplr", "flipud", "rot90", "diagflat"}) r.entry(n).composite_op();
  r.entry("diag").grad("DiagBackward0", "", TS_GRAD({
    const int64_t k = c.i64(1);
    if (c.sizes(0).size() == 1) return {diagonal(c.grad(), k, 0, 1)};
    TensorOptions o(c.grad().dtype());
    Tensor z = zeros(c.sizes(0), o);
    diagonal(z, k, 0, 1).copy_(c.grad());
    return {z};
  }));
  r.entry("diag_embed").grad("DiagEmbedBackward0", "", TS_GRAD({
    return {diagonal(c.grad(), c.i64(1), c.i64(2), c.i64(3))};
  }));
  r.entry("polygamma_").grad("PolygammaBackward0", "self", TS_GRAD({
    return {c.grad() * polygamma(c.i64(1) + 1, c.in(0))};
  }));
  r.entry("dist").composite_op();
  r.entry("cartesian_prod").composite_op();
  r.entry("broadcast_tensors").composite_op();
  r.entry("meshgrid").composite_op();
  r.entry("meshgrid", "indexing").composite_op();
  r.grad_pair("tril", "TrilBackward0", "", TS_GRAD({ return {tril(c.grad(), c.i64(1))}; }));
  r.grad_pair("triu", "TriuBackward0", "", TS_GRAD({ return {triu(c.grad(), c.i64(1))}; }));
  r.entry("trace").grad("TraceBackward0", "", TS_GRAD({
    TensorOptions o(c.grad().dtype());
    return {c.grad() * eye(c.sizes(0)[0], c.sizes(0)[1], o)};
  }));
}

}  // namespace ts
