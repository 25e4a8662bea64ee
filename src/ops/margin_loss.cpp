// The remaining losses: poisson_nll, hinge_embedding, margin_ranking, soft_margin,
// cosine_embedding, triplet_margin, multi_margin, multilabel_margin and ctc_loss. Formulas and
// checks follow PyTorch 1.13 (Loss.cpp, LossMultiMargin.cpp, LossMultiLabelMargin.cpp,
// LossCTC.cpp). All are composites of differentiable ops: autograd records what they call.
#include <cmath>
#include <limits>
#include <vector>

#include "ops/api_nn_extra.h"
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

Tensor poisson_nll_loss(const Tensor& input, const Tensor& target, bool log_input, bool full,
                        double eps, int64_t reduction) {
  Tensor loss = log_input ? exp(input) - target * input : input - target * log(input + eps);
  if (full) {
    Tensor stirling = target * log(target) - target + 0.5 * log(2 * M_PI * target);
    loss = loss + masked_fill(stirling, le(target, Scalar(1)), Scalar(0));
  }
  return apply_reduction(loss, reduction);
}

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

// ---- ctc_loss (LossCTC.cpp) ----
// The alpha recursion of PyTorch's CPU kernel, vectorized over the batch with tensor ops so
// autograd differentiates it. Unreachable states hold a large negative number rather than
// -inf (log-sum-exp of all -inf would give NaN gradients); a loss that large is infinite.

namespace {

constexpr double kCtcNegInf = -1e30;

Tensor ctc_impl(const Tensor& log_probs_in, const Tensor& targets_in, IntArrayRef input_lengths,
                IntArrayRef target_lengths, int64_t blank, int64_t reduction, bool zero_infinity) {
  const bool batched = log_probs_in.dim() == 3;
  Tensor log_probs = batched ? log_probs_in : unsqueeze(log_probs_in, 1);
  Tensor targets = targets_in.dtype() == DType::Int64 ? targets_in : targets_in.to(DType::Int64);
  const DType dt = log_probs.dtype();
  if (dt != DType::Float32 && dt != DType::Float64) not_implemented("ctc_loss_cpu", dt);
  TS_CHECK(log_probs.dim() == 3, "Expected 3-dimensional tensor, but got ", log_probs.dim(),
           "-dimensional tensor for argument #1 'log_probs' (while checking arguments for ctc_loss_cpu)");
  const int64_t tmax = log_probs.size(0), nb = log_probs.size(1), nc = log_probs.size(2);
  TS_CHECK(0 <= blank && blank < nc, "blank must be in label range");
  TS_CHECK(int64_t(input_lengths.size()) == nb, "input_lengths must be of size batch_size");
  TS_CHECK(int64_t(target_lengths.size()) == nb, "target_lengths must be of size batch_size");
  // Each item's targets (concatenated 1-d or [N, S]), gathered serially.
  Tensor tg = contiguous(targets);
  const int64_t* tp = tg.data<int64_t>();
  int64_t lmax = 0;
  for (int64_t b = 0; b < nb; ++b) lmax = std::max(lmax, target_lengths[size_t(b)]);
  std::vector<int64_t> starts(static_cast<size_t>(nb));
  int64_t stride = 1;
  if (tg.dim() == 1) {
    int64_t pos = 0;
    for (int64_t b = 0; b < nb; ++b) {
      starts[size_t(b)] = pos;
      pos += target_lengths[size_t(b)];
    }
    TS_CHECK(tg.size(0) == pos, "Expected tensor to have size ", pos, " at dimension 0, but got size ",
             tg.size(0), " for argument #2 'targets' (while checking arguments for ctc_loss_cpu)");
  } else {
    TS_CHECK(tg.size(0) == nb, "Expected tensor to have size ", nb, " at dimension 0, but got size ",
             tg.size(0), " for argument #2 'targets' (while checking arguments for ctc_loss_cpu)");
    TS_CHECK(tg.size(1) >= lmax, "Expected tensor to have size at least ", lmax, " at dimension 1, "
             "but got size ", tg.size(1), " for argument #2 'targets' (while checking arguments for ctc_loss_cpu)");
    for (int64_t b = 0; b < nb; ++b) starts[size_t(b)] = b * tg.size(1);
  }
  for (int64_t b = 0; b < nb; ++b)
    TS_CHECK(input_lengths[size_t(b)] <= tmax, "Expected input_lengths to have value at most ", tmax,
             ", but got value ", input_lengths[size_t(b)], " (while checking arguments for ctc_loss_cpu)");
  (void)stride;
  const int64_t smax = 2 * lmax + 1;
  // Extended labels (blanks between and around), the skip-transition mask and the final states.
  Tensor ext = full({nb, smax}, Scalar(blank), TensorOptions(DType::Int64));
  Tensor skip = zeros({nb, smax}, TensorOptions(DType::Bool));
  Tensor last = empty({nb, 2}, TensorOptions(DType::Int64));
  Tensor tlen = empty({nb, 1}, TensorOptions(DType::Int64));
  {
    int64_t* e = ext.data<int64_t>();
    bool* sk = skip.data<bool>();
    int64_t* lp = last.data<int64_t>();
    for (int64_t b = 0; b < nb; ++b) {
      const int64_t l = target_lengths[size_t(b)];
      for (int64_t j = 0; j < l; ++j) {
        const int64_t y = tp[starts[size_t(b)] + j];
        TS_CHECK(y >= 0 && y < nc, "ctc_loss: target ", y, " is out of the label range");
        e[b * smax + 2 * j + 1] = y;
        if (j > 0 && y != blank && y != tp[starts[size_t(b)] + j - 1]) sk[b * smax + 2 * j + 1] = true;
      }
      lp[2 * b] = 2 * l;
      lp[2 * b + 1] = l > 0 ? 2 * l - 1 : 2 * l;
      tlen.data<int64_t>()[b] = input_lengths[size_t(b)];
    }
  }
  // E[t, b, s] = log_probs[t, b, ext[b, s]].
  Tensor e_lp = gather(log_probs, 2, expand(unsqueeze(ext, 0), {tmax, nb, smax}));
  Tensor s_idx = unsqueeze(arange(Scalar(smax), TensorOptions(DType::Int64)), 0);
  Tensor ninf = full({}, Scalar(kCtcNegInf), TensorOptions(dt));
  Tensor alpha = where(lt(s_idx, Scalar(2)), select(e_lp, 0, 0), ninf);
  Tensor pad1 = full({nb, 1}, Scalar(kCtcNegInf), TensorOptions(dt));
  Tensor pad2 = full({nb, 2}, Scalar(kCtcNegInf), TensorOptions(dt));
  for (int64_t t = 1; t < tmax; ++t) {
    Tensor a2 = cat({pad1, narrow(alpha, 1, 0, smax - 1)}, 1);
    Tensor a3 = smax > 2 ? where(skip, cat({pad2, narrow(alpha, 1, 0, smax - 2)}, 1), ninf) : full_like(alpha, Scalar(kCtcNegInf));
    Tensor next = logsumexp(stack({alpha, a2, a3}, 0), {0}) + select(e_lp, 0, t);
    alpha = where(gt(tlen, Scalar(t)), next, alpha);
  }
  // An empty target ends in state 0 only.
  Tensor ends = gather(alpha, 1, last);
  Tensor one_end = empty({nb}, TensorOptions(DType::Bool));
  for (int64_t b = 0; b < nb; ++b) one_end.data<bool>()[b] = target_lengths[size_t(b)] == 0;
  Tensor second = where(one_end, ninf, select(ends, 1, 1));
  Tensor fin = logsumexp(stack({select(ends, 1, 0), second}, 1), {1});
  Tensor res = neg(fin);
  if (log_probs.requires_grad()) {
    // PyTorch's ctc_loss_backward returns exp(log_probs) - posterior at the steps t < input
    // length, i.e. it assumes log_probs come from log_softmax (where the extra exp term sums
    // away). A term worth exactly zero whose gradient is exp(log_probs) there matches it for
    // any log_probs.
    Tensor e = exp(log_probs);
    Tensor t_idx = unsqueeze(arange(Scalar(tmax), TensorOptions(DType::Int64)), 1);
    Tensor steps = unsqueeze(lt(t_idx, transpose(tlen, 0, 1)), 2);
    res = res + sum(where(steps, e - e.detach(), Scalar(0.0)), {0, 2});
  }
  const Tensor inf_mask = gt(res.detach(), Scalar(-kCtcNegInf / 2));
  res = where(inf_mask, Scalar(zero_infinity ? 0.0 : std::numeric_limits<double>::infinity()), res);
  if (!zero_infinity && log_probs.requires_grad() && GradMode::is_enabled() && any(inf_mask).item<bool>()) {
    // PyTorch's backward gives NaN at the steps t < input length of an item whose loss is
    // infinite (exp(-inf + inf)): add a term worth zero whose gradient is NaN there.
    Tensor lpd = log_probs.detach();
    Tensor d = where(isfinite(lpd), log_probs - lpd, Scalar(0.0));  // exactly zero
    Tensor mask = contiguous(inf_mask);
    std::vector<Tensor> terms;
    for (int64_t b = 0; b < nb; ++b) {
      const int64_t il = input_lengths[size_t(b)];
      if (!mask.data<bool>()[b] || il == 0) {
        terms.push_back(zeros({}, TensorOptions(dt)));
        continue;
      }
      Tensor db = narrow(select(d, 1, b), 0, 0, il);
      terms.push_back(sum(sqrt(db) - sqrt(db)));
    }
    res = res + stack(terms, 0);
  }
  if (reduction == kReductionMean) {
    Tensor tl = empty({nb}, TensorOptions(DType::Int64));
    std::copy(target_lengths.begin(), target_lengths.end(), tl.data<int64_t>());
    return mean(res / clamp_min(tl.to(dt), Scalar(1)));
  }
  if (reduction == kReductionSum) return sum(res);
  return batched ? res : squeeze(res, 0);
}

std::vector<int64_t> lengths_of(const Tensor& t) {
  TS_CHECK(is_integral(t.dtype(), false), "ctc_loss: lengths must be integral");
  Tensor c = contiguous(t).to(DType::Int64);
  return std::vector<int64_t>(c.data<int64_t>(), c.data<int64_t>() + c.numel());
}

}  // namespace

// _ctc_loss: each item's negative log likelihood (log_probs [T, N, C]; infinite for an impossible
// alignment). Recorded as PyTorch's CtcLossBackward0.
Tensor ctc_nll(const Tensor& log_probs, const Tensor& targets, IntArrayRef input_lengths,
               IntArrayRef target_lengths, int64_t blank, bool zero_infinity) {
  TS_AUTOGRAD("_ctc_loss", log_probs, targets, input_lengths, target_lengths, blank, zero_infinity);
  return ctc_impl(log_probs, targets, input_lengths, target_lengths, blank, kReductionNone, false);
}

// _ctc_loss_backward: the adjoint of the composite recursion above (with PyTorch's exp(log_probs)
// term, NaN at an impossible item's steps, zeros there with zero_infinity), taken by the autograd
// layer on a detached input. Recorded under create_graph, it gets PyTorch's node that refuses a
// further backward (PyTorch 1.13 has no derivative for it either).
Tensor ctc_nll_backward(const Tensor& grad, const Tensor& log_probs, const Tensor& targets,
                        IntArrayRef input_lengths, IntArrayRef target_lengths, int64_t blank,
                        bool zero_infinity) {
  TS_AUTOGRAD("_ctc_loss_backward", grad, log_probs, targets, input_lengths, target_lengths, blank,
              zero_infinity);
  EnableGradGuard on;
  Tensor x = log_probs.detach();
  x.requires_grad_(true);
  Tensor out = ctc_impl(x, targets, input_lengths, target_lengths, blank, kReductionNone, zero_infinity);
  std::vector<Tensor> got;
  if (out.requires_grad()) got = ops::vjp_hook()({out}, {x}, {grad.detach()});
  return (!got.empty() && got[0].defined() ? got[0] : zeros_like(log_probs)).detach();
}

// PyTorch's ctc_loss composite: _ctc_loss over a batched view, infinite losses zeroed with
// zero_infinity (WhereBackward0), then the reduction (mean divides by the target lengths first).
Tensor ctc_loss(const Tensor& log_probs, const Tensor& targets, IntArrayRef input_lengths,
                IntArrayRef target_lengths, int64_t blank, int64_t reduction, bool zero_infinity) {
  const bool batched = log_probs.dim() == 3;
  Tensor res = ctc_nll(batched ? log_probs : unsqueeze(log_probs, 1), targets, input_lengths, target_lengths,
                       blank, zero_infinity);
  if (zero_infinity)
    res = where(eq(res, Scalar(std::numeric_limits<double>::infinity())), zeros({}, TensorOptions(res.dtype())), res);
  if (reduction == kReductionMean) {
    Tensor tl = empty({int64_t(target_lengths.size())}, TensorOptions(DType::Int64));
    std::copy(target_lengths.begin(), target_lengths.end(), tl.data<int64_t>());
    return mean(res / clamp_min(tl.to(res.dtype()), Scalar(1)));
  }
  if (reduction == kReductionSum) return sum(res);
  return batched ? res : squeeze(res, 0);
}

Tensor ctc_loss_tensor(const Tensor& log_probs, const Tensor& targets, const Tensor& input_lengths,
                       const Tensor& target_lengths, int64_t blank, int64_t reduction, bool zero_infinity) {
  std::vector<int64_t> il = lengths_of(input_lengths), tl = lengths_of(target_lengths);
  return ctc_loss(log_probs, targets, il, tl, blank, reduction, zero_infinity);
}

TS_REGISTER_OPS(loss_extra) {
  r.def<&poisson_nll_loss>("poisson_nll_loss(Tensor input, Tensor target, bool log_input, bool full, float eps, int reduction) -> Tensor").composite_op().variants("function");
  r.def<&hinge_embedding_loss>("hinge_embedding_loss(Tensor self, Tensor target, float margin=1., int reduction=1) -> Tensor").composite_op().variants("function");
  r.def<&margin_ranking_loss>("margin_ranking_loss(Tensor input1, Tensor input2, Tensor target, float margin=0., int reduction=1) -> Tensor").composite_op().variants("function");
  r.def<&soft_margin_loss>("soft_margin_loss(Tensor self, Tensor target, int reduction=1) -> Tensor").composite_op().variants("");
  r.def<&cosine_embedding_loss>("cosine_embedding_loss(Tensor input1, Tensor input2, Tensor target, float margin=0., int reduction=1) -> Tensor").composite_op().variants("function");
  r.def<&triplet_margin_loss>("triplet_margin_loss(Tensor anchor, Tensor positive, Tensor negative, float margin=1., float p=2., float eps=1e-06, bool swap=False, int reduction=1) -> Tensor").composite_op().variants("function");
  r.def<&multi_margin_loss>("multi_margin_loss(Tensor self, Tensor target, Scalar p=1, Scalar margin=1, Tensor? weight=None, int reduction=1) -> Tensor").composite_op().variants("");
  r.def<&ctc_nll>("_ctc_loss(Tensor log_probs, Tensor targets, int[] input_lengths, int[] target_lengths, int blank=0, bool zero_infinity=False) -> Tensor").variants("")
      .grad("CtcLossBackward0", "log_probs targets", TS_GRAD({
        return {ctc_nll_backward(c.grad(), c.in(0), c.in(1), c.ints(2), c.ints(3), c.i64(4), c.flag(5)), Tensor()};
      }));
  r.def<&ctc_nll_backward>("_ctc_loss_backward(Tensor grad, Tensor log_probs, Tensor targets, int[] input_lengths, int[] target_lengths, int blank, bool zero_infinity=False) -> Tensor").variants("").no_derivative_in_pytorch();
  r.def<&ctc_loss>("ctc_loss.IntList(Tensor log_probs, Tensor targets, int[] input_lengths, int[] target_lengths, int blank=0, int reduction=1, bool zero_infinity=False) -> Tensor").composite_op().variants("function");
  r.def<&ctc_loss_tensor>("ctc_loss.Tensor(Tensor log_probs, Tensor targets, Tensor input_lengths, Tensor target_lengths, int blank=0, int reduction=1, bool zero_infinity=False) -> Tensor").composite_op().variants("function");
  r.def<&multilabel_margin_loss>("multilabel_margin_loss(Tensor self, Tensor target, int reduction=1) -> Tensor").composite_op().variants("");
  r.def<&multilabel_margin_loss_forward>("multilabel_margin_loss_forward(Tensor self, Tensor target, int reduction) -> (Tensor output, Tensor is_target)").variants("")
      .grad("MultilabelMarginLossBackward0", "self target", TS_GRAD({
        return {multilabel_margin_loss_backward(c.grad(0), c.in(0), c.in(1), c.i64(2)), Tensor()};
      }));
}

}  // namespace ts
