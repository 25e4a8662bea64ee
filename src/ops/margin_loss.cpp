// The margin and ranking losses: hinge_embedding, margin_ranking, soft_margin, cosine_embedding,
// triplet_margin, multi_margin and multilabel_margin. Formulas and checks follow PyTorch 1.13
// (Loss.cpp, LossMultiMargin.cpp, LossMultiLabelMargin.cpp). All are composites of
// differentiable ops (multilabel_margin_loss_forward records one node, whose backward is the
// adjoint of that composite).
#include <cmath>
#include <vector>

#include "ops/api_nn_functional.h"
#include "ops/linalg_nn_util.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "ops/vjp.h"
#include "tensor/grad_mode.h"

namespace ts {

using namespace lnn;

namespace {

Tensor apply_reduction(const Tensor& loss, int64_t reduction) {
  if (reduction == kReductionMean) return mean(loss);
  if (reduction == kReductionSum) return sum(loss);
  return loss;
}

void check_long_target(const Tensor& target) {
  TS_CHECK(target.dtype() == DType::Int64, "expected scalar type Long but found ",
           torch_type_name(target.dtype()));
}

}  // namespace

Tensor hinge_embedding_loss(const Tensor& self, const Tensor& target, double margin, int64_t reduction) {
  Tensor zeros = zeros_like(self);
  Tensor margin_clamp = clamp_min(margin - self, Scalar(0));
  Tensor out_margin = where(ne(target, Scalar(1)), margin_clamp, zeros);
  Tensor out_self = where(ne(target, Scalar(-1)), self, zeros);
  return apply_reduction(out_margin + out_self, reduction);
}

Tensor margin_ranking_loss(const Tensor& input1, const Tensor& input2, const Tensor& target,
                           double margin, int64_t reduction) {
  return apply_reduction(clamp_min(neg(target) * (input1 - input2) + margin, Scalar(0)), reduction);
}

Tensor soft_margin_loss(const Tensor& self, const Tensor& target, int64_t reduction) {
  // PyTorch: log(1 + exp(-x * y)) in place in the output (so integer outputs fail the cast).
  Tensor z = neg(self) * target;
  TS_CHECK(is_floating(z.dtype()), "result type Float can't be cast to the desired output type ",
           scalar_type_name(z.dtype()));
  return apply_reduction(log(exp(z) + 1.), reduction);
}

Tensor cosine_embedding_loss(const Tensor& input1, const Tensor& input2, const Tensor& target,
                             double margin, int64_t reduction) {
  const int64_t td = target.dim();
  TS_CHECK(td == 1 || td == 0, "0D or 1D target tensor expected, multi-target not supported");
  if (td == 1)
    TS_CHECK(input1.dim() == 2 && input2.dim() == 2, "1D target tensor expects 2D input tensors, "
             "but found inputs with sizes ", shape_str(input1.sizes()), " and ",
             shape_str(input2.sizes()), ".");
  else
    TS_CHECK(input1.dim() == 1 && input2.dim() == 1, "0D target tensor expects 1D input tensors, "
             "but found inputs with sizes ", shape_str(input1.sizes()), " and ",
             shape_str(input2.sizes()), ".");
  constexpr double kEps = 1e-12;
  Tensor prod_sum = sum(input1 * input2, td);
  Tensor mag1 = sum(input1 * input1, td) + kEps;
  Tensor mag2 = sum(input2 * input2, td) + kEps;
  Tensor cos = prod_sum / sqrt(mag1 * mag2);
  Tensor zeros = zeros_like(cos);
  Tensor pos = 1 - cos;
  Tensor negv = clamp_min(cos - margin, Scalar(0));
  Tensor out = where(eq(target, Scalar(1)), pos, zeros) + where(eq(target, Scalar(-1)), negv, zeros);
  return apply_reduction(out, reduction);
}

Tensor triplet_margin_loss(const Tensor& anchor, const Tensor& positive, const Tensor& negative,
                           double margin, double p, double eps, bool swap, int64_t reduction) {
  TS_CHECK(anchor.dim() == positive.dim() && positive.dim() == negative.dim(),
           "All inputs should have same dimension but got ", anchor.dim(), "D, ", positive.dim(),
           "D and ", negative.dim(), "D inputs.");
  Tensor d_pos = pairwise_distance(anchor, positive, p, eps);
  Tensor d_neg = pairwise_distance(anchor, negative, p, eps);
  if (swap) d_neg = minimum(d_neg, pairwise_distance(positive, negative, p, eps));
  return apply_reduction(clamp_min(margin + d_pos - d_neg, Scalar(0)), reduction);
}

Tensor multi_margin_loss(const Tensor& self, const Tensor& target, const Scalar& p,
                         const Scalar& margin, const Tensor& weight, int64_t reduction) {
  const int64_t nd = self.dim();
  const int64_t dim = nd == 0 ? 1 : self.size(-1);
  const int64_t nframe = nd <= 1 ? 1 : self.size(0);
  TS_CHECK(p.to_double() == 1 || p.to_double() == 2, "only p == 1 and p == 2 supported");
  TS_CHECK((nd == 2 && dim != 0) || (nd == 1 && dim != 0) || nd == 0, "Expected non-empty vector "
           "or matrix with optional 0-dim batch size, but got: ", shape_str(self.sizes()));
  TS_CHECK(target.dim() <= 1 && target.numel() == nframe, "inconsistent target size, got: ",
           shape_str(target.sizes()));
  if (weight.defined())
    TS_CHECK(weight.dim() <= 1 && weight.numel() == dim, "inconsistent weight size, expected ",
             dim, " but got ", shape_str(weight.sizes()));
  check_long_target(target);
  if (!is_floating(self.dtype()) || self.dtype() == DType::Float16)
    not_implemented("multi_margin_loss_cpu_kernel", self.dtype());
  TS_CHECK(!weight.defined() || weight.dtype() == self.dtype(), "expected scalar type ",
           torch_type_name(self.dtype()), " but found ", torch_type_name(weight.dtype()));
  Tensor tg = reshape(target, {nframe});
  {
    Tensor tc = contiguous(tg);
    const int64_t* t = tc.data<int64_t>();
    for (int64_t i = 0; i < nframe; ++i) TS_CHECK(t[i] >= 0 && t[i] < dim, "target out of range");
  }
  Tensor x = reshape(self, {nframe, dim});
  Tensor idx = unsqueeze(tg, 1);
  Tensor z = clamp_min(margin.to_double() - gather(x, 1, idx) + x, Scalar(0));
  if (p.to_double() == 2) z = z * z;
  if (weight.defined()) z = z * unsqueeze(index_select(reshape(weight, {dim}), 0, tg), 1);
  // The target's own column does not count.
  Tensor own = eq(unsqueeze(arange(Scalar(dim), options_of(tg)), 0), idx);
  Tensor per = sum(where(own, Scalar(0.0), z), 1) / double(dim);
  if (reduction == kReductionNone) return target.dim() > 0 ? per : reshape(per, {});
  if (reduction == kReductionMean) return sum(per) / double(nframe);
  return sum(per);
}

namespace {

// What the multilabel margin loss reads: x [N, C], each row's targets up to the first -1
// (`safe`: the target index, 0 past the end; `valid` marks them) and the target classes.
struct MultiLabel {
  int64_t nframe, dim;
  Tensor x, safe, valid, is_target;
};

MultiLabel multilabel_setup(const Tensor& self, const Tensor& target) {
  const int64_t nd = self.dim();
  const int64_t dim = nd == 0 ? 1 : self.size(-1);
  TS_CHECK((nd == 2 && dim != 0) || (nd == 1 && dim != 0) || nd == 0, "Expected non-empty vector "
           "or matrix with optional 0-dim batch size, but got: ", shape_str(self.sizes()));
  int64_t nframe = 1;
  if (nd <= 1) {
    TS_CHECK(target.dim() <= 1 && target.numel() == dim, "inconsistent size ",
             shape_str(target.sizes()), " for argument #2 'target'");
  } else {
    nframe = self.size(0);
    TS_CHECK(target.dim() == 2 && target.size(0) == nframe && target.size(1) == dim,
             "inconsistent size ", shape_str(target.sizes()), " for argument #2 'target'");
  }
  check_long_target(target);
  if (!is_floating(self.dtype()) || self.dtype() == DType::Float16)
    not_implemented("multilabel_margin_loss_forward_out_frame", self.dtype());
  Tensor tg = contiguous(reshape(target, {nframe, dim}));
  Tensor vc = zeros({nframe, dim}, TensorOptions(DType::Float64));
  Tensor ic = zeros({nframe, dim}, TensorOptions(DType::Float64));
  Tensor safe = empty({nframe, dim}, TensorOptions(DType::Int64));
  const int64_t* t = tg.data<int64_t>();
  double* v = vc.data<double>();
  double* it = ic.data<double>();
  int64_t* sp = safe.data<int64_t>();
  for (int64_t i = 0; i < nframe; ++i) {
    bool ended = false;
    for (int64_t j = 0; j < dim; ++j) {
      const int64_t y = t[i * dim + j];
      ended = ended || y < 0;
      sp[i * dim + j] = ended ? 0 : y;
      if (ended) continue;
      TS_CHECK(y < dim, "argument #2 'target' is out of range");
      v[i * dim + j] = 1;
      it[i * dim + y] = 1;
    }
  }
  return {nframe, dim, reshape(self, {nframe, dim}), safe, vc.to(self.dtype()), ic.to(self.dtype())};
}

// [N, J, K]: 1 where target j's hinge against non-target k is active.
Tensor multilabel_active(const MultiLabel& m, Tensor* z_out) {
  Tensor xy = gather(m.x, 1, m.safe);
  Tensor z = clamp_min(1 - unsqueeze(xy, 2) + unsqueeze(m.x, 1), Scalar(0));
  Tensor keep = unsqueeze(m.valid, 2) * unsqueeze(1 - m.is_target, 1);
  if (z_out) *z_out = z * keep;
  return gt(z, Scalar(0)).to(m.x.dtype()) * keep;
}

}  // namespace

std::tuple<Tensor, Tensor> multilabel_margin_loss_forward(const Tensor& self, const Tensor& target,
                                                          int64_t reduction) {
  TS_AUTOGRAD("multilabel_margin_loss_forward", self, target, reduction);
  MultiLabel m = multilabel_setup(self, target);
  Tensor z;
  multilabel_active(m, &z);
  Tensor per = sum(z, IntArrayRef{1, 2}) / double(m.dim);
  Tensor out;
  if (reduction == kReductionNone) out = target.dim() <= 1 ? reshape(per, {}) : per;
  else if (reduction == kReductionMean) out = sum(per) / double(m.nframe);
  else out = sum(per);
  return {out, reshape(m.is_target, target.sizes())};
}

// d loss / d self: each active hinge adds 1/dim at the non-target and takes it at the target.
Tensor multilabel_margin_loss_backward(const Tensor& grad, const Tensor& self, const Tensor& target,
                                       int64_t reduction) {
  MultiLabel m = multilabel_setup(self, target);
  Tensor act = multilabel_active(m, nullptr);
  Tensor g = sum(act, 1) - scatter_add(zeros_like(m.x), 1, m.safe, sum(act, 2));
  g = g / double(m.dim);
  Tensor scale = reduction == kReductionNone && target.dim() > 1 ? unsqueeze(grad, 1) : grad;
  if (reduction == kReductionMean) scale = scale / double(m.nframe);
  return reshape(g * scale, self.sizes());
}

Tensor multilabel_margin_loss(const Tensor& self, const Tensor& target, int64_t reduction) {
  return std::get<0>(multilabel_margin_loss_forward(self, target, reduction));
}

TS_REGISTER_OPS(margin_loss) {
  r.def<&hinge_embedding_loss>("hinge_embedding_loss(Tensor self, Tensor target, float margin=1., int reduction=1) -> Tensor").composite_op().variants("function");
  r.def<&margin_ranking_loss>("margin_ranking_loss(Tensor input1, Tensor input2, Tensor target, float margin=0., int reduction=1) -> Tensor").composite_op().variants("function");
  r.def<&soft_margin_loss>("soft_margin_loss(Tensor self, Tensor target, int reduction=1) -> Tensor").composite_op().variants("");
  r.def<&cosine_embedding_loss>("cosine_embedding_loss(Tensor input1, Tensor input2, Tensor target, float margin=0., int reduction=1) -> Tensor").composite_op().variants("function");
  r.def<&triplet_margin_loss>("triplet_margin_loss(Tensor anchor, Tensor positive, Tensor negative, float margin=1., float p=2., float eps=1e-06, bool swap=False, int reduction=1) -> Tensor").composite_op().variants("function");
  r.def<&multi_margin_loss>("multi_margin_loss(Tensor self, Tensor target, Scalar p=1, Scalar margin=1, Tensor? weight=None, int reduction=1) -> Tensor").composite_op().variants("");
  r.def<&multilabel_margin_loss>("multilabel_margin_loss(Tensor self, Tensor target, int reduction=1) -> Tensor").composite_op().variants("");
  r.def<&multilabel_margin_loss_forward>("multilabel_margin_loss_forward(Tensor self, Tensor target, int reduction) -> (Tensor output, Tensor is_target)").variants("")
      .grad("MultilabelMarginLossBackward0", "self target", TS_GRAD({
        return {multilabel_margin_loss_backward(c.grad(0), c.in(0), c.in(1), c.i64(2)), Tensor()};
      }));
}

}  // namespace ts
