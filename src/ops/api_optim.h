// torch.optim's fused updates: one call per parameter group and step, one pass over each
// parameter's elements (src/ops/optim_updates.cpp; the CPU kernels are in
// kernels/cpu/optim_updates.cpp). Each runs PyTorch 1.13's single-tensor update for every
// parameter, in place, with the same numbers bit for bit as the op-by-op path. The registry
// names are `_ts_optim_<name>_` (internal ops: no torch.* or Tensor.* binding).
//
// Every tensor of a call must be `optim_fusable` with its parameter, and every step counter a
// `optim_step_fusable` 0-dim tensor; otherwise the op raises without changing anything.
// State lists not used by the chosen options (Adam's max_exp_avg_sqs without amsgrad, RMSprop's
// grad_avgs when not centered and momentum_buffers without momentum) may be empty or hold
// undefined tensors.
#pragma once

#include <vector>

#include "tensor/tensor.h"

namespace ts {

// Whether `t` can take part in a fused update of `param`: a defined, contiguous float32 or
// float64 tensor with the parameter's dtype, device and number of elements, on a device with
// the update's kernels.
bool optim_fusable(const Tensor& t, const Tensor& param);
// Whether `t` can be a fused update's step counter (or NAdam's mu_product): a one-element
// float32 or float64 tensor on a device with the update's kernels.
bool optim_step_fusable(const Tensor& t);

// SGD with momentum, dampening, Nesterov momentum, weight decay and maximize. A parameter whose
// buffer is undefined gets a new one (torch.clone of its gradient, then the update); returns
// the buffers after the step (without momentum: the given ones, undefined ones included).
std::vector<Tensor> optim_sgd_(const std::vector<Tensor>& params, const std::vector<Tensor>& grads,
                               const std::vector<Tensor>& momentum_buffers, double lr, double momentum,
                               double dampening, double weight_decay, bool nesterov, bool maximize);
// Adam (decoupled=false) and AdamW (decoupled=true); adds one to each step counter first.
void optim_adam_(const std::vector<Tensor>& params, const std::vector<Tensor>& grads,
                 const std::vector<Tensor>& state_steps, const std::vector<Tensor>& exp_avgs,
                 const std::vector<Tensor>& exp_avg_sqs, const std::vector<Tensor>& max_exp_avg_sqs, double lr,
                 double beta1, double beta2, double eps, double weight_decay, bool amsgrad, bool maximize,
                 bool decoupled);
void optim_rmsprop_(const std::vector<Tensor>& params, const std::vector<Tensor>& grads,
                    const std::vector<Tensor>& square_avgs, const std::vector<Tensor>& grad_avgs,
                    const std::vector<Tensor>& momentum_buffers, double lr, double alpha, double eps,
                    double weight_decay, double momentum, bool centered, bool maximize);
void optim_adagrad_(const std::vector<Tensor>& params, const std::vector<Tensor>& grads,
                    const std::vector<Tensor>& state_steps, const std::vector<Tensor>& state_sums, double lr,
                    double lr_decay, double eps, double weight_decay, bool maximize);
void optim_adadelta_(const std::vector<Tensor>& params, const std::vector<Tensor>& grads,
                     const std::vector<Tensor>& square_avgs, const std::vector<Tensor>& acc_deltas, double lr,
                     double rho, double eps, double weight_decay, bool maximize);
void optim_adamax_(const std::vector<Tensor>& params, const std::vector<Tensor>& grads,
                   const std::vector<Tensor>& state_steps, const std::vector<Tensor>& exp_avgs,
                   const std::vector<Tensor>& exp_infs, double lr, double beta1, double beta2, double eps,
                   double weight_decay, bool maximize);
// NAdam also multiplies each mu_product (a one-element tensor) by this step's mu.
void optim_nadam_(const std::vector<Tensor>& params, const std::vector<Tensor>& grads,
                  const std::vector<Tensor>& state_steps, const std::vector<Tensor>& mu_products,
                  const std::vector<Tensor>& exp_avgs, const std::vector<Tensor>& exp_avg_sqs, double lr,
                  double beta1, double beta2, double eps, double weight_decay, double momentum_decay);
void optim_radam_(const std::vector<Tensor>& params, const std::vector<Tensor>& grads,
                  const std::vector<Tensor>& state_steps, const std::vector<Tensor>& exp_avgs,
                  const std::vector<Tensor>& exp_avg_sqs, double lr, double beta1, double beta2, double eps,
                  double weight_decay);

}  // namespace ts
