// Derivatives of the core ops of several families (reductions, views, copies, matrix products,
// softmax and losses): PyTorch's derivatives.yaml formulas, attached to the registry entries
// after their families registered them. Formulas use differentiable ops only, so a backward with
// create_graph records itself (higher-order gradients).
#include <algorithm>
#include <numeric>

#include "ops/ops.h"
#include "ops/registry.h"

namespace ts {

namespace {

using ops::BackwardCtx;

// The reduced dims of a sum-like op over `ndim` dims ("int[1]? dim": None or [] = all).
std::vector<int64_t> reduced_dims(const BackwardCtx& c, size_t arg, int64_t ndim) {
  std::vector<int64_t> dims;
  if (!c.none(arg)) dims = c.ints(arg);
  if (dims.empty()) {
    dims.resize(size_t(ndim));
    std::iota(dims.begin(), dims.end(), 0);
  }
  for (int64_t& d : dims) d = wrap_dim(d, ndim);
  std::sort(dims.begin(), dims.end());
  return dims;
}

// PyTorch's sum_backward: the gradient of a (keepdim or not) reduction, broadcast back.
Tensor sum_backward(const Tensor& grad, IntArrayRef sizes, const std::vector<int64_t>& dims,
                    bool keepdim) {
  Tensor g = grad;
  if (!keepdim && !sizes.empty())
    for (int64_t d : dims) g = unsqueeze(g, d);
  return expand(g, sizes);
}

int64_t reduced_numel(IntArrayRef sizes, const std::vector<int64_t>& dims) {
  int64_t n = 1;
  for (int64_t d : dims) n *= sizes.empty() ? 1 : sizes[size_t(d)];
  return n;
}

Tensor softmax_grad(const Tensor& g, const Tensor& y, int64_t dim) {
  return y * (g - sum(g * y, IntArrayRef(dim), true));
}
Tensor log_softmax_grad(const Tensor& g, const Tensor& y, int64_t dim) {
  return g - exp(y) * sum(g, IntArrayRef(dim), true);
}

}  // namespace

TS_REGISTER_GRADS(core_grads) {
  // Entries that only call differentiable ops, which record themselves.
  const std::pair<const char*, const char*> composites[] = {
      {"pow", "Scalar"}, {"square", ""}, {"square_", ""}, {"true_divide", "Tensor"},
      {"true_divide", "Scalar"}, {"true_divide_", "Tensor"}, {"true_divide_", "Scalar"},
  };
  for (const auto& [name, overload] : composites) r.entry(name, overload).composite_op();

  // ---- reductions ----
  r.entry("sum").grad("SumBackward0", "", TS_GRAD({ return {expand(c.grad(), c.sizes(0))}; }));
  r.entry("sum", "dim_IntList").grad("SumBackward1", "", TS_GRAD({
    auto dims = reduced_dims(c, 1, int64_t(c.sizes(0).size()));
    return {sum_backward(c.grad(), c.sizes(0), dims, c.flag(2))};
  }));
  r.entry("mean").grad("MeanBackward0", "", TS_GRAD({
    int64_t n = 1;
    for (int64_t s : c.sizes(0)) n *= s;
    return {expand(c.grad() / double(n), c.sizes(0))};
  }));
  r.entry("mean", "dim").grad("MeanBackward1", "", TS_GRAD({
    auto dims = reduced_dims(c, 1, int64_t(c.sizes(0).size()));
    return {sum_backward(c.grad(), c.sizes(0), dims, c.flag(2)) /
            double(reduced_numel(c.sizes(0), dims))};
  }));

  // ---- views ----
  r.entry("view").grad("ViewBackward0", "", TS_GRAD({ return {reshape(c.grad(), c.sizes(0))}; }));
  r.entry("squeeze").grad("SqueezeBackward0", "", TS_GRAD({ return {reshape(c.grad(), c.sizes(0))}; }));
  r.entry("squeeze", "dim").grad("SqueezeBackward1", "", TS_GRAD({ return {reshape(c.grad(), c.sizes(0))}; }));
  r.entry("squeeze_", "dim").grad("SqueezeBackward3", "", TS_GRAD({ return {reshape(c.grad(), c.sizes(0))}; }));
  r.entry("unsqueeze").grad("UnsqueezeBackward0", "", TS_GRAD({
    return {squeeze(c.grad(), c.i64(1))};
  }));
  r.entry("t").grad("TBackward0", "", TS_GRAD({ return {t(c.grad())}; }));
  r.entry("transpose", "int").grad("TransposeBackward0", "", TS_GRAD({
    return {transpose(c.grad(), c.i64(1), c.i64(2))};
  }));
  r.entry("t_").grad("TBackward1", "", TS_GRAD({ return {t(c.grad())}; }));
  r.entry("transpose_").grad("TransposeBackward1", "", TS_GRAD({
    return {transpose(c.grad(), c.i64(1), c.i64(2))};
  }));
  r.entry("permute").grad("PermuteBackward0", "", TS_GRAD({
    std::vector<int64_t> dims = c.ints(1), inv(dims.size());
    const int64_t nd = int64_t(dims.size());
    for (size_t i = 0; i < dims.size(); ++i) inv[size_t(wrap_dim(dims[i], nd))] = int64_t(i);
    return {permute(c.grad(), inv)};
  }));
  // The engine sums a broadcast gradient back to the input's shape.
  r.entry("expand").grad("ExpandBackward0", "", TS_GRAD({ return {c.grad()}; }));
  r.entry("select", "int").grad("SelectBackward0", "", TS_GRAD({
    TensorOptions o(c.grad().dtype());
    Tensor z = zeros(c.sizes(0), o);
    select(z, c.i64(1), c.i64(2)).copy_(c.grad());
    return {z};
  }));
  r.entry("slice", "Tensor").grad("SliceBackward0", "", TS_GRAD({
    TensorOptions o(c.grad().dtype());
    Tensor z = zeros(c.sizes(0), o);
    std::optional<int64_t> start, end;
    if (!c.none(2)) start = c.i64(2);
    if (!c.none(3)) end = c.i64(3);
    slice(z, c.i64(1), start, end, c.i64(4)).copy_(c.grad());
    return {z};
  }));

  // ---- copies ----
  r.entry("clone").grad("CloneBackward0", "", TS_GRAD({ return {c.grad()}; }));
  r.entry("contiguous").grad("CloneBackward0", "", TS_GRAD({ return {c.grad()}; }));
  // Conversions: the engine casts the gradient back to the input's dtype.
  r.entry("to", "dtype").grad("ToCopyBackward0", "", TS_GRAD({ return {c.grad()}; }));
  r.entry("to", "device").grad("ToCopyBackward0", "", TS_GRAD({ return {c.grad()}; }));
  r.entry("to", "dtype_layout").grad("ToCopyBackward0", "", TS_GRAD({ return {c.grad()}; }));
  r.entry("to", "prim_Device").grad("ToCopyBackward0", "", TS_GRAD({ return {c.grad()}; }));
  r.entry("to", "other").grad("ToCopyBackward0", "", TS_GRAD({ return {c.grad(), Tensor()}; }));
  r.entry("type_as").grad("ToCopyBackward0", "", TS_GRAD({ return {c.grad(), Tensor()}; }));
  r.entry("copy_").grad("CopyBackwards", "", TS_GRAD({
    return {TS_IF(0, zeros_like(c.grad())), TS_IF(1, c.grad())};
  }));
  r.entry("round_", "decimals").grad(r.entry("round", "decimals").derivative);
  r.entry("fill_", "Scalar").grad("FillBackward0", "", TS_GRAD({ return {zeros_like(c.grad())}; }));
  r.entry("zero_").grad("ZeroBackward0", "", TS_GRAD({ return {zeros_like(c.grad())}; }));

  // ---- pow ----
  const ops::Derivative* pow_s = r.entry("pow", "Tensor_Scalar").grad("PowBackward0", "self", TS_GRAD({
    const Scalar e = c.scalar(1);
    if (e.to_double() == 0.0) return {zeros_like(c.grad())};
    return {c.grad() * (pow(c.in(0), Scalar(e.to_double() - 1.0)) * e)};
  })).derivative;
  r.entry("pow_", "Scalar").grad(pow_s);
  const ops::Derivative* pow_t =
      r.entry("pow", "Tensor_Tensor").grad("PowBackward1", "self exponent result", TS_GRAD({
        Tensor gs, gexp;
        if (c.need(0)) {
          // d/dx x^y = y * x^(y-1), taken as 0 where y == 0 (PyTorch's pow_backward_self).
          Tensor v = c.grad() * c.in(1) * pow(c.in(0), c.in(1) - 1.0);
          gs = where(eq(c.in(1), Scalar(0.0)), Scalar(0.0), v);
        }
        if (c.need(1)) {
          // d/dy x^y = x^y * log(x), taken as 0 where x == 0 and y >= 0.
          Tensor v = c.grad() * c.result() * log(c.in(0));
          gexp = where(logical_and(eq(c.in(0), Scalar(0.0)), ge(c.in(1), Scalar(0.0))), Scalar(0.0), v);
        }
        return {gs, gexp};
      })).derivative;
  r.entry("pow_", "Tensor").grad(pow_t);

  // ---- matrix products ----
  r.entry("mm").grad("MmBackward0", "self:mat2 mat2:self", TS_GRAD({
    return {TS_IF(0, mm(c.grad(), t(c.in(1)))), TS_IF(1, mm(t(c.in(0)), c.grad()))};
  }));
  r.entry("addmm").grad("AddmmBackward0", "mat1:mat2 mat2:mat1", TS_GRAD({
    const Scalar beta = c.scalar(3), alpha = c.scalar(4);
    return {TS_IF(0, c.grad() * beta), TS_IF(1, mm(c.grad(), t(c.in(2))) * alpha),
            TS_IF(2, mm(t(c.in(1)), c.grad()) * alpha)};
  }));
  // One node for a matrix with a bias, PyTorch's addmm; other inputs record the view, matmul
  // and add_ that linear() runs (ops/nn.cpp).
  r.entry("linear")
      .composite_if(+[](const Stack& s) {
        const bool bias = !s[2].is_none() && s[2].to_tensor().defined();
        return !(bias && s[0].to_tensor().dim() == 2);
      })
      .grad("AddmmBackward0", "input:weight weight:input", TS_GRAD({
    Tensor gi, gw;
    if (c.need(0)) gi = matmul(c.grad(), c.in(1));
    if (c.need(1)) {
      const Tensor& g = c.grad();
      const Tensor& x = c.in(0);
      gw = g.dim() == 1 ? mm(unsqueeze(g, 1), unsqueeze(x, 0))
                        : mm(t(g.flatten(0, -2)), x.flatten(0, -2));
    }
    return {gi, gw, TS_IF(2, c.grad())};
  }));

  // ---- softmax ----
  r.entry("softmax", "int").grad("SoftmaxBackward0", "result", TS_GRAD({
    return {softmax_grad(c.grad(), c.result(), wrap_dim(c.i64(1), c.grad().dim()))};
  }));
  r.entry("_softmax").grad("SoftmaxBackward0", "result", TS_GRAD({
    return {softmax_grad(c.grad(), c.result(), wrap_dim(c.i64(1), c.grad().dim()))};
  }));
  r.entry("log_softmax", "int").grad("LogSoftmaxBackward0", "result", TS_GRAD({
    return {log_softmax_grad(c.grad(), c.result(), wrap_dim(c.i64(1), c.grad().dim()))};
  }));
  r.entry("_log_softmax").grad("LogSoftmaxBackward0", "result", TS_GRAD({
    return {log_softmax_grad(c.grad(), c.result(), wrap_dim(c.i64(1), c.grad().dim()))};
  }));

  // ---- joins ----
  r.entry("cat").grad("CatBackward0", "", TS_GRAD({
    const int64_t nd = c.grad().dim();
    const int64_t dim = wrap_dim(c.i64(1), nd);
    ops::Grads out;
    int64_t at = 0;
    for (size_t i = 0; i < c.in_sizes.size(); ++i) {
      IntArrayRef s = c.sizes(i);
      if (s.size() == 1 && s[0] == 0) {  // legacy empty inputs take no part
        out.emplace_back();
        continue;
      }
      const int64_t n = s[size_t(dim)];
      out.push_back(c.need(i) ? narrow(c.grad(), dim, at, n) : Tensor());
      at += n;
    }
    return out;
  }));
  r.entry("stack").grad("StackBackward0", "", TS_GRAD({
    const int64_t dim = wrap_dim(c.i64(1), c.grad().dim());
    ops::Grads out;
    for (size_t i = 0; i < c.in_sizes.size(); ++i)
      out.push_back(c.need(i) ? select(c.grad(), dim, int64_t(i)) : Tensor());
    return out;
  }));

  // ---- losses ----
  r.entry("nll_loss").no_grad_arg("weight").grad("NllLossBackward0", "self target weight", TS_GRAD({
    Tensor total = std::get<1>(nll_loss_forward(c.in(0), c.in(1), c.opt(2), c.i64(3), c.i64(4)));
    return {nll_loss_backward(c.grad(), c.in(0), c.in(1), c.opt(2), c.i64(3), c.i64(4), total),
            Tensor(), Tensor()};
  }));
  r.entry("mse_loss").grad("MseLossBackward0", "self target", TS_GRAD({
    Tensor g = mse_loss_backward(c.grad(), c.in(0), c.in(1), c.i64(2));
    return {TS_IF(0, g), TS_IF(1, neg(g))};
  }));
}

}  // namespace ts
