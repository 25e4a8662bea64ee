// nll_loss (1-d/2-d, 2-d spatial and N-d), cross_entropy (class indices with label smoothing,
// or class probabilities), mse_loss, and their backward. PyTorch 1.13's LossNLL.cpp,
// LossNLL2d.cpp and Loss.cpp are the specification; kernels are in kernels/cpu/nn.cpp.
#include "ops/linalg_nn_util.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "stubs/loss.h"
#include "tensor/iter.h"

namespace ts {

TS_DEFINE_STUB(nll_loss_stub);
TS_DEFINE_STUB(nll_loss_backward_stub);
TS_DEFINE_STUB(sum_all_stub);
TS_DEFINE_STUB(squared_diff_stub);
TS_DEFINE_STUB(mse_backward_stub);

using namespace lnn;

namespace {

Tensor sum_all(const Tensor& t) {
  Tensor c = contiguous(t);
  Tensor out = empty({}, options_of(t));
  sum_all_stub(c.device().type, out, c);
  return out;
}

Tensor mean_all(const Tensor& t) {
  return div(sum_all(t), scalar_to_tensor(Scalar(int64_t(t.numel()))));
}

// Serial pass before the kernel: target dtype, bounds (IndexError as PyTorch raises).
Tensor checked_target(const Tensor& target, int64_t n_classes, int64_t ignore_index) {
  TS_CHECK(target.dtype() == DType::Int64, "expected scalar type Long but found ",
           torch_type_name(target.dtype()));
  Tensor t = contiguous(target);
  const int64_t* p = t.data<int64_t>();
  for (int64_t i = 0; i < t.numel(); ++i)
    TS_CHECK_INDEX(p[i] == ignore_index || (p[i] >= 0 && p[i] < n_classes), "Target ", p[i],
                   " is out of bounds.");
  return t;
}

void check_loss_dtypes(const Tensor& self, const Tensor& weight, const char* kernel) {
  DType t = self.dtype();
  if (t != DType::Float32 && t != DType::Float64 && t != DType::BFloat16) not_implemented(kernel, t);
  TS_CHECK(!weight.defined() || weight.dtype() == t, "expected scalar type ", torch_type_name(t),
           " but found ", torch_type_name(weight.dtype()));
}

std::tuple<Tensor, Tensor> nll_forward_run(const Tensor& self, const Tensor& target,
                                           const Tensor& weight, int64_t reduction,
                                           int64_t ignore_index, DimVector out_shape,
                                           int64_t n_classes, const char* kernel) {
  check_loss_dtypes(self, weight, kernel);
  Tensor t = checked_target(target, n_classes, ignore_index);
  Tensor out = empty(out_shape, options_of(self));
  Tensor tw = empty({}, options_of(self));
  Tensor in = contiguous(self);
  Tensor w = weight.defined() ? contiguous(weight) : weight;
  nll_loss_stub(in.device().type, out, tw, in, t, w, reduction, ignore_index);
  return {out, tw};
}

}  // namespace

std::tuple<Tensor, Tensor> nll_loss_forward(const Tensor& self, const Tensor& target,
                                            const Tensor& weight, int64_t reduction,
                                            int64_t ignore_index) {
  TS_CHECK(self.dim() > 0 && self.dim() <= 2, "input tensor should be 1D or 2D");
  TS_CHECK(target.dim() <= 1, "0D or 1D target tensor expected, multi-target not supported");
  const bool no_batch = self.dim() == 1 && target.dim() == 0;
  TS_CHECK(no_batch || self.size(0) == target.size(0), "size mismatch (got input: ",
           shape_str(self.sizes()), ", target: ", shape_str(target.sizes()), ")");
  const int64_t n_classes = self.size(-1);
  TS_CHECK(!weight.defined() || (weight.dim() == 1 && weight.numel() == n_classes),
           "weight tensor should be defined either for all ", n_classes,
           " classes or no classes but got weight tensor of shape: ", shape_str(weight.sizes()));
  DimVector shape;
  if (reduction == kReductionNone && self.dim() == 2) shape.push_back(self.size(0));
  return nll_forward_run(self, target, weight, reduction, ignore_index, shape, n_classes,
                         "nll_loss_out_frame");
}

std::tuple<Tensor, Tensor> nll_loss2d_forward(const Tensor& self, const Tensor& target,
                                              const Tensor& weight, int64_t reduction,
                                              int64_t ignore_index) {
  TS_CHECK(target.dim() == 3,
           "only batches of spatial targets supported (3D tensors) but got targets of dimension: ",
           target.dim());
  TS_CHECK(self.dim() == 4,
           "only batches of spatial inputs supported (4D tensors), but got input of dimension: ",
           self.dim());
  TS_CHECK(!weight.defined() || weight.numel() == self.size(1),
           "weight tensor should be defined either for all or no classes");
  TS_CHECK(self.size(0) == target.size(0) && self.size(2) == target.size(1) &&
               self.size(3) == target.size(2),
           "size mismatch (got input: ", shape_str(self.sizes()), " , target: ",
           shape_str(target.sizes()));
  DimVector shape;
  if (reduction == kReductionNone) shape = {self.size(0), self.size(2), self.size(3)};
  return nll_forward_run(self, target, weight, reduction, ignore_index, shape, self.size(1),
                         "nll_loss2d_forward_out_frame");
}

Tensor nll_loss(const Tensor& self, const Tensor& target, const Tensor& weight,
                int64_t reduction, int64_t ignore_index) {
  TS_AUTOGRAD("nll_loss", self, target, weight, reduction, ignore_index);
  return std::get<0>(nll_loss_forward(self, target, weight, reduction, ignore_index));
}

Tensor nll_loss2d(const Tensor& self, const Tensor& target, const Tensor& weight,
                  int64_t reduction, int64_t ignore_index) {
  TS_AUTOGRAD("nll_loss2d", self, target, weight, reduction, ignore_index);
  return std::get<0>(nll_loss2d_forward(self, target, weight, reduction, ignore_index));
}

Tensor nll_loss_nd(const Tensor& self, const Tensor& target, const Tensor& weight,
                   int64_t reduction, int64_t ignore_index) {
  TS_CHECK_VALUE(self.dim() >= 1, "Expected 1 or more dimensions (got ", self.dim(), ")");
  TS_CHECK_VALUE(self.dim() == 1 || self.size(0) == target.size(0), "Expected input batch_size (",
                 self.size(0), ") to match target batch_size (", target.size(0), ").");
  if (self.dim() <= 2) return nll_loss(self, target, weight, reduction, ignore_index);
  if (self.dim() == 4) return nll_loss2d(self, target, weight, reduction, ignore_index);
  // 3-d or > 4-d: fold the spatial dims into one and run the 2-d loss.
  const int64_t n = self.size(0), c = self.size(1);
  DimVector out_size{n};
  for (int64_t i = 2; i < self.dim(); ++i) out_size.push_back(self.size(i));
  IntArrayRef tail_t(target.sizes().data() + 1, size_t(std::max<int64_t>(target.dim() - 1, 0)));
  IntArrayRef tail_s(self.sizes().data() + 2, size_t(self.dim() - 2));
  TS_CHECK(target.dim() >= 1 && tail_t == tail_s, "Expected target size ", shape_str(out_size),
           ", got ", shape_str(target.sizes()));
  int64_t spatial = 1;
  for (int64_t s : tail_s) spatial *= s;
  // Public reshapes: this composite's views must be on the autograd graph.
  Tensor in = self.numel() > 0 ? reshape(self, {n, c, 1, spatial}) : reshape(self, {n, c, 0, 0});
  Tensor tg = target.numel() > 0 ? reshape(target, {n, 1, spatial}) : reshape(target, {n, 0, 0});
  Tensor r = nll_loss2d(in, tg, weight, reduction, ignore_index);
  return reduction == kReductionNone ? reshape(r, out_size) : r;
}

namespace {
Tensor nll_backward_run(const Tensor& grad_output, const Tensor& self, const Tensor& target,
                        const Tensor& weight, int64_t reduction, int64_t ignore_index,
                        const Tensor& total_weight, int64_t n_classes, const char* kernel) {
  check_loss_dtypes(self, weight, kernel);
  TS_CHECK(total_weight.numel() == 1, "expected total_weight to be a  single element tensor, got: ",
           shape_str(total_weight.sizes()), " (", total_weight.numel(), " elements)");
  Tensor t = checked_target(target, n_classes, ignore_index);
  Tensor gi = empty(self.sizes(), options_of(self));
  fill_(gi, 0);
  Tensor go = contiguous(grad_output);
  Tensor w = weight.defined() ? contiguous(weight) : weight;
  nll_loss_backward_stub(gi.device().type, gi, go, t, w, reduction, ignore_index,
                         contiguous(total_weight));
  return gi;
}
}  // namespace

Tensor nll_loss_backward(const Tensor& grad_output, const Tensor& self, const Tensor& target,
                         const Tensor& weight, int64_t reduction, int64_t ignore_index,
                         const Tensor& total_weight) {
  TS_AUTOGRAD("nll_loss_backward", grad_output, self, target, weight, reduction, ignore_index,
              total_weight);
  TS_CHECK(self.dim() > 0 && self.dim() <= 2, "input tensor should be 1D or 2D");
  TS_CHECK(target.dim() <= 1, "0D or 1D target tensor expected, multi-target not supported");
  const bool no_batch = self.dim() == 1 && target.dim() == 0;
  TS_CHECK(no_batch || self.size(0) == target.size(0), "size mismatch (got input: ",
           shape_str(self.sizes()), ", target: ", shape_str(target.sizes()), ")");
  TS_CHECK(!weight.defined() || weight.numel() == self.size(-1),
           "weight tensor should be defined either for all or no classes");
  if (reduction == kReductionNone && self.dim() == 2) {
    TS_CHECK(grad_output.dim() == 1 && grad_output.size(0) == self.size(0),
             "Expected a tensor of dimension 1 and tensor.size[0] == ", self.size(0),
             " but got: dimension ", grad_output.dim(), " and tensor.size[0] == ",
             grad_output.dim() > 0 ? grad_output.size(0) : 1);
  } else {
    TS_CHECK(grad_output.dim() <= 1 && grad_output.numel() == 1,
             "Expected a single element grad_output tensor, but got: ",
             shape_str(grad_output.sizes()));
  }
  return nll_backward_run(grad_output, self, target, weight, reduction, ignore_index,
                          total_weight, self.size(-1), "nll_loss_backward_out_frame");
}

Tensor nll_loss2d_backward(const Tensor& grad_output, const Tensor& self, const Tensor& target,
                           const Tensor& weight, int64_t reduction, int64_t ignore_index,
                           const Tensor& total_weight) {
  TS_AUTOGRAD("nll_loss2d_backward", grad_output, self, target, weight, reduction, ignore_index,
              total_weight);
  TS_CHECK(target.dim() == 3 && self.dim() == 4 &&
               (!weight.defined() || weight.numel() == self.size(1)),
           "nll_loss2d_backward: expected 4-d input, 3-d target and a weight for every class");
  if (reduction == kReductionNone) {
    TS_CHECK(grad_output.sizes() == target.sizes(), "size mismatch (got grad_output: ",
             shape_str(grad_output.sizes()), " target: ", shape_str(target.sizes()));
  } else {
    TS_CHECK(grad_output.dim() <= 1 && grad_output.numel() == 1,
             "Expected a single element grad_output tensor, but got: ",
             shape_str(grad_output.sizes()));
  }
  return nll_backward_run(grad_output, self, target, weight, reduction, ignore_index,
                          total_weight, self.size(1), "nll_loss2d_backward_out_frame");
}

namespace {

// Weight viewed as [1, C, 1, ...] to broadcast against [N, C, ...].
Tensor weight_bcast(const Tensor& weight, int64_t ndim, int64_t class_dim) {
  if (ndim <= 1) return weight;
  DimVector s(size_t(ndim), 1);
  s[size_t(class_dim)] = weight.size(0);
  return view(weight, s);
}

Tensor reduce_loss(const Tensor& loss, int64_t reduction) {
  if (reduction == kReductionMean) return mean_all(loss);
  if (reduction == kReductionSum) return sum_all(loss);
  return loss;
}

// The class-probability and label-smoothing forms are composites of differentiable public ops
// (PyTorch's own formulas), so autograd records them as PyTorch does.
Tensor ce_prob_target(const Tensor& self, const Tensor& target_in, const Tensor& weight,
                      int64_t reduction, double label_smoothing) {
  const int64_t class_dim = self.dim() == 1 ? 0 : 1;
  const int64_t n_classes = self.size(class_dim);
  TS_CHECK(!weight.defined() || (weight.dim() == 1 && weight.numel() == n_classes),
           "cross_entropy: weight tensor should be defined either for all ", n_classes,
           " classes or no classes but got weight tensor of shape: ", shape_str(weight.sizes()));
  Tensor input = log_softmax(self, class_dim, self.dtype());
  Tensor target = target_in;
  if (label_smoothing > 0.0) {
    TS_CHECK(label_smoothing <= 1.0, "label_smoothing must be between 0.0 and 1.0. Got: ",
             label_smoothing);
    target = target_in * (1 - label_smoothing) + label_smoothing / double(n_classes);
  }
  Tensor prod = input * target;
  if (weight.defined()) prod = prod * weight_bcast(weight, input.dim(), class_dim);
  if (reduction == kReductionMean) {
    if (input.numel() == 0) return fill_(empty({}, options_of(self)), std::nan(""));
    return neg(sum(prod)) / double(input.numel() / n_classes);
  }
  if (reduction == kReductionSum) return neg(sum(prod));
  return neg(sum(prod, IntArrayRef(class_dim)));
}

Tensor ce_label_smoothing(const Tensor& self, const Tensor& target, const Tensor& weight,
                          int64_t reduction, int64_t ignore_index, double label_smoothing) {
  const int64_t class_dim = self.dim() == 1 ? 0 : 1;
  Tensor input = log_softmax(self, class_dim, self.dtype());
  Tensor nll = nll_loss_nd(input, target, weight, reduction, ignore_index);
  const int64_t n_classes = input.size(class_dim);
  Tensor ignore = eq(target, Scalar(ignore_index));
  Tensor smooth = weight.defined()
                      ? neg(sum(input * weight_bcast(weight, input.dim(), class_dim), IntArrayRef(class_dim)))
                      : neg(sum(input, IntArrayRef(class_dim)));
  TS_CHECK(target.numel() == smooth.numel(), "Expected target size ", shape_str(smooth.sizes()),
           ", got ", shape_str(target.sizes()));
  smooth = where(ignore, Scalar(0.0), smooth);  // PyTorch: masked_fill_(ignore_mask, 0)
  Tensor ret;
  if (reduction == kReductionMean) {
    if (weight.defined()) {
      Tensor kept = masked_select(target, logical_not(ignore));
      ret = sum(smooth) / sum(index_select(weight, 0, kept));
    } else {
      ret = sum(smooth) / sum(logical_not(ignore)).to(smooth.dtype());
    }
  } else if (reduction == kReductionSum) {
    ret = sum(smooth);
  } else {
    ret = smooth;
  }
  return nll * (1 - label_smoothing) + ret * (label_smoothing / double(n_classes));
}

}  // namespace

Tensor cross_entropy_loss(const Tensor& self, const Tensor& target, const Tensor& weight,
                          int64_t reduction, int64_t ignore_index, double label_smoothing) {
  if (self.sizes() == target.sizes()) {
    TS_CHECK(is_floating(target.dtype()),
             "Expected floating point type for target with class probabilities, got ",
             torch_type_name(target.dtype()));
    TS_CHECK(ignore_index < 0, "ignore_index is not supported for floating point target");
    return ce_prob_target(self, target, weight, reduction, label_smoothing);
  }
  if (label_smoothing > 0.0) {
    TS_CHECK(label_smoothing <= 1.0, "label_smoothing must be between 0.0 and 1.0. Got: ",
             label_smoothing);
    return ce_label_smoothing(self, target, weight, reduction, ignore_index, label_smoothing);
  }
  const int64_t class_dim = self.dim() == 1 ? 0 : 1;
  return nll_loss_nd(log_softmax(self, class_dim, self.dtype()), target, weight, reduction,
                     ignore_index);
}

namespace {
void check_mse_dtype(DType t) {
  if (t != DType::Float32 && t != DType::Float64 && t != DType::Float16) not_implemented("mse_cpu", t);
}
}  // namespace

Tensor mse_loss(const Tensor& self, const Tensor& target, int64_t reduction) {
  TS_AUTOGRAD("mse_loss", self, target, reduction);
  auto it = TensorIter::binary_op(Tensor(), self, target);
  check_mse_dtype(it.common_dtype());
  squared_diff_stub(it.device().type, it);
  return reduce_loss(it.output(), reduction);
}

Tensor mse_loss_out(const Tensor& self, const Tensor& target, int64_t reduction,
                    const Tensor& out) {
  if (reduction == kReductionNone) {
    auto it = TensorIter::binary_op(out, self, target);
    check_mse_dtype(it.common_dtype());
    squared_diff_stub(it.device().type, it);
    return out;
  }
  Tensor r = mse_loss(self, target, reduction);
  check_out_dtype(out, r.dtype());
  resize_out(out, r.sizes());
  copy_into(out, r);
  return out;
}

Tensor mse_loss_backward(const Tensor& grad_output, const Tensor& self, const Tensor& target,
                         int64_t reduction) {
  TS_AUTOGRAD("mse_loss_backward", grad_output, self, target, reduction);
  const double norm = reduction == kReductionMean ? 2. / double(self.numel()) : 2.;
  auto it = TensorIterConfig()
                .add_output(Tensor())
                .add_input(self)
                .add_input(target)
                .add_input(grad_output)
                .promote_inputs_to_common_dtype()
                .name("mse_loss_backward")
                .build();
  check_mse_dtype(it.common_dtype());
  mse_backward_stub(it.device().type, it, norm);
  return it.output();
}

TS_REGISTER_OPS(loss) {
  r.def<&nll_loss>("nll_loss(Tensor self, Tensor target, Tensor? weight=None, int reduction=1, int ignore_index=-100) -> Tensor");
  r.def<&nll_loss_nd>("nll_loss_nd(Tensor self, Tensor target, Tensor? weight=None, int reduction=1, int ignore_index=-100) -> Tensor").composite_op();
  r.def<&nll_loss2d>("nll_loss2d(Tensor self, Tensor target, Tensor? weight=None, int reduction=1, int ignore_index=-100) -> Tensor");
  r.def<&nll_loss_forward>("nll_loss_forward(Tensor self, Tensor target, Tensor? weight, int reduction, int ignore_index) -> (Tensor output, Tensor total_weight)");
  r.def<&nll_loss2d_forward>("nll_loss2d_forward(Tensor self, Tensor target, Tensor? weight, int reduction, int ignore_index) -> (Tensor output, Tensor total_weight)");
  r.def<&nll_loss_backward>("nll_loss_backward(Tensor grad_output, Tensor self, Tensor target, Tensor? weight, int reduction, int ignore_index, Tensor total_weight) -> Tensor");
  r.def<&nll_loss2d_backward>("nll_loss2d_backward(Tensor grad_output, Tensor self, Tensor target, Tensor? weight, int reduction, int ignore_index, Tensor total_weight) -> Tensor");
  r.def<&cross_entropy_loss>("cross_entropy_loss(Tensor self, Tensor target, Tensor? weight=None, int reduction=1, int ignore_index=-100, float label_smoothing=0.0) -> Tensor").composite_op();
  r.def<&mse_loss>("mse_loss(Tensor self, Tensor target, int reduction=1) -> Tensor");
  r.def<&mse_loss_out>("mse_loss.out(Tensor self, Tensor target, int reduction=1, *, Tensor(a!) out) -> Tensor(a!)");
  r.def<&mse_loss_backward>("mse_loss_backward(Tensor grad_output, Tensor self, Tensor target, int reduction) -> Tensor");
}

// ---- Derivatives (PyTorch 1.13's derivatives.yaml) ----

TS_REGISTER_OPS(loss_grads) {
  r.entry("nll_loss").no_grad_arg("weight").grad("NllLossBackward0", "self target weight", TS_GRAD({
    Tensor total = std::get<1>(nll_loss_forward(c.in(0), c.in(1), c.opt(2), c.i64(3), c.i64(4)));
    return {nll_loss_backward(c.grad(), c.in(0), c.in(1), c.opt(2), c.i64(3), c.i64(4), total),
            Tensor(), Tensor()};
  }));
  r.entry("mse_loss").grad("MseLossBackward0", "self target", TS_GRAD({
    Tensor g = mse_loss_backward(c.grad(), c.in(0), c.in(1), c.i64(2));
    return {TS_IF(0, g), TS_IF(1, neg(g))};
  }));
  r.entry("nll_loss2d").no_grad_arg("weight").grad("NllLoss2DBackward0", "self target weight", TS_GRAD({
    Tensor total = std::get<1>(nll_loss2d_forward(c.in(0), c.in(1), c.opt(2), c.i64(3), c.i64(4)));
    return {nll_loss2d_backward(c.grad(), c.in(0), c.in(1), c.opt(2), c.i64(3), c.i64(4), total),
            Tensor(), Tensor()};
  }));
  // The *_forward ops: the output's gradient only (total_weight is not differentiable).
  r.entry("nll_loss_forward").no_grad_arg("weight").grad("NllLossBackward0", "self target weight result1", TS_GRAD({
    return {nll_loss_backward(c.grad(0), c.in(0), c.in(1), c.opt(2), c.i64(3), c.i64(4), c.result(1)),
            Tensor(), Tensor()};
  }));
  r.entry("nll_loss2d_forward").no_grad_arg("weight").grad("NllLoss2DBackward0", "self target weight result1", TS_GRAD({
    return {nll_loss2d_backward(c.grad(0), c.in(0), c.in(1), c.opt(2), c.i64(3), c.i64(4), c.result(1)),
            Tensor(), Tensor()};
  }));
  // Double backward: the backward is linear in grad_output and constant in self.
  r.entry("nll_loss_backward").no_grad_arg("weight").grad("NllLossBackwardBackward0", "target weight", TS_GRAD({
    return {TS_IF(0, nll_loss(c.grad(), c.in(2), c.opt(3), c.i64(4), c.i64(5))),
            TS_IF(1, zeros_like(c.grad())), Tensor(), Tensor(), Tensor()};
  }));
  r.entry("nll_loss2d_backward").no_grad_arg("weight").grad("NllLoss2DBackwardBackward0", "target weight", TS_GRAD({
    return {TS_IF(0, nll_loss2d(c.grad(), c.in(2), c.opt(3), c.i64(4), c.i64(5))),
            TS_IF(1, zeros_like(c.grad())), Tensor(), Tensor(), Tensor()};
  }));
  r.entry("mse_loss_backward").grad("MseLossBackwardBackward0", "grad_output self target", TS_GRAD({
    const double norm = c.i64(3) == kReductionMean ? 2.0 / double(c.in(1).numel()) : 2.0;
    Tensor gg = c.grad() * norm;
    Tensor go_part = c.need(1) || c.need(2) ? gg * c.in(0) : Tensor();
    return {TS_IF(0, gg * (c.in(1) - c.in(2))), TS_IF(1, go_part), TS_IF(2, neg(go_part))};
  }));
}

}  // namespace ts
