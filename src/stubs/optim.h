// Kernel slots of torch.optim's fused updates (ops/optim_updates.cpp, kernels/cpu/optim_updates.cpp).
#pragma once

#include "tensor/dispatch_stub.h"
#include "tensor/tensor.h"

namespace ts {

// One call per parameter: the parameter, its gradient and its state tensors (undefined where the
// options do not use them), then the hyperparameters. Kernels that take a step counter add one
// to it first; NAdam's also multiplies mu_product by the step's mu.
TS_DECLARE_STUB(optim_sgd_stub, void(const Tensor& param, const Tensor& grad, const Tensor& buf, bool fresh_buf,
                                     double lr, double momentum, double dampening, double weight_decay,
                                     bool nesterov, bool maximize));
TS_DECLARE_STUB(optim_adam_stub, void(const Tensor& param, const Tensor& grad, const Tensor& step,
                                      const Tensor& exp_avg, const Tensor& exp_avg_sq, const Tensor& max_exp_avg_sq,
                                      double lr, double beta1, double beta2, double eps, double weight_decay,
                                      bool maximize, bool decoupled));
TS_DECLARE_STUB(optim_rmsprop_stub, void(const Tensor& param, const Tensor& grad, const Tensor& square_avg,
                                         const Tensor& grad_avg, const Tensor& momentum_buffer, double lr,
                                         double alpha, double eps, double weight_decay, double momentum,
                                         bool maximize));
TS_DECLARE_STUB(optim_adagrad_stub, void(const Tensor& param, const Tensor& grad, const Tensor& step,
                                         const Tensor& sum, double lr, double lr_decay, double eps,
                                         double weight_decay, bool maximize));
TS_DECLARE_STUB(optim_adadelta_stub, void(const Tensor& param, const Tensor& grad, const Tensor& square_avg,
                                          const Tensor& acc_delta, double lr, double rho, double eps,
                                          double weight_decay, bool maximize));
TS_DECLARE_STUB(optim_adamax_stub, void(const Tensor& param, const Tensor& grad, const Tensor& step,
                                        const Tensor& exp_avg, const Tensor& exp_inf, double lr, double beta1,
                                        double beta2, double eps, double weight_decay, bool maximize));
TS_DECLARE_STUB(optim_nadam_stub, void(const Tensor& param, const Tensor& grad, const Tensor& step,
                                       const Tensor& mu_product, const Tensor& exp_avg, const Tensor& exp_avg_sq,
                                       double lr, double beta1, double beta2, double eps, double weight_decay,
                                       double momentum_decay));
TS_DECLARE_STUB(optim_radam_stub, void(const Tensor& param, const Tensor& grad, const Tensor& step,
                                       const Tensor& exp_avg, const Tensor& exp_avg_sq, double lr, double beta1,
                                       double beta2, double eps, double weight_decay));

}  // namespace ts
