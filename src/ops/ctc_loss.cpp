// ctc_loss (PyTorch 1.13's LossCTC.cpp): _ctc_loss and its backward, and the ctc_loss.IntList /
// ctc_loss.Tensor entries with their reductions.
#include <cmath>
#include <limits>
#include <vector>

#include "ops/api_nn_functional.h"
#include "ops/linalg_nn_util.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "ops/vjp.h"
#include "tensor/grad_mode.h"

namespace ts {

using namespace lnn;

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

TS_REGISTER_OPS(ctc_loss) {
  r.def<&ctc_nll>("_ctc_loss(Tensor log_probs, Tensor targets, int[] input_lengths, int[] target_lengths, int blank=0, bool zero_infinity=False) -> Tensor").variants("")
      .grad("CtcLossBackward0", "log_probs targets", TS_GRAD({
        return {ctc_nll_backward(c.grad(), c.in(0), c.in(1), c.ints(2), c.ints(3), c.i64(4), c.flag(5)), Tensor()};
      }));
  r.def<&ctc_nll_backward>("_ctc_loss_backward(Tensor grad, Tensor log_probs, Tensor targets, int[] input_lengths, int[] target_lengths, int blank, bool zero_infinity=False) -> Tensor").variants("").no_derivative_in_pytorch();
  r.def<&ctc_loss>("ctc_loss.IntList(Tensor log_probs, Tensor targets, int[] input_lengths, int[] target_lengths, int blank=0, int reduction=1, bool zero_infinity=False) -> Tensor").composite_op().variants("function");
  r.def<&ctc_loss_tensor>("ctc_loss.Tensor(Tensor log_probs, Tensor targets, Tensor input_lengths, Tensor target_lengths, int blank=0, int reduction=1, bool zero_infinity=False) -> Tensor").composite_op().variants("function");
}

}  // namespace ts
