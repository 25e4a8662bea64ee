// Normalization, embedding and the remaining loss/activation functionals (torch.nn.functional
// and the aten ops under them), written as composites of public differentiable ops.
#pragma once
#include <array>
#include <tuple>
#include "tensor/tensor.h"

namespace ts {

Tensor layer_norm(const Tensor& input, IntArrayRef normalized_shape, const Tensor& weight = Tensor(),
                  const Tensor& bias = Tensor(), double eps = 1e-5, bool cudnn_enable = true);
// Rows whose index equals padding_idx get no gradient; scale_grad_by_freq divides each row's
// gradient by its index's count in `indices`. sparse=True (sparse gradients) is refused when
// the weight requires grad.
Tensor embedding(const Tensor& weight, const Tensor& indices, int64_t padding_idx = -1,
                 bool scale_grad_by_freq = false, bool sparse = false);
// Training: batch statistics, and running_mean/running_var (when given) updated in place
// without recording. Evaluation: the running statistics.
Tensor batch_norm(const Tensor& input, const Tensor& weight, const Tensor& bias,
                  const Tensor& running_mean, const Tensor& running_var, bool training,
                  double momentum, double eps, bool cudnn_enabled);
// The native kernel under batch_norm for float/double: (output, save_mean, save_invstd).
std::tuple<Tensor, Tensor, Tensor> native_batch_norm(const Tensor& input, const Tensor& weight, const Tensor& bias,
                                                     const Tensor& running_mean, const Tensor& running_var,
                                                     bool training, double momentum, double eps);
std::tuple<Tensor, Tensor, Tensor> native_batch_norm_backward(const Tensor& grad_out, const Tensor& input,
                                                              const Tensor& weight, const Tensor& running_mean,
                                                              const Tensor& running_var, const Tensor& save_mean,
                                                              const Tensor& save_invstd, bool train, double eps,
                                                              std::array<bool, 3> mask);
Tensor group_norm(const Tensor& input, int64_t num_groups, const Tensor& weight = Tensor(),
                  const Tensor& bias = Tensor(), double eps = 1e-5, bool cudnn_enabled = true);
// reduction: 0 none, 1 mean, 2 sum.
Tensor binary_cross_entropy(const Tensor& self, const Tensor& target, const Tensor& weight = Tensor(),
                            int64_t reduction = 1);
Tensor binary_cross_entropy_with_logits(const Tensor& self, const Tensor& target,
                                        const Tensor& weight = Tensor(),
                                        const Tensor& pos_weight = Tensor(), int64_t reduction = 1);
Tensor l1_loss(const Tensor& self, const Tensor& target, int64_t reduction = 1);
Tensor smooth_l1_loss(const Tensor& self, const Tensor& target, int64_t reduction = 1,
                      double beta = 1.0);
Tensor huber_loss(const Tensor& self, const Tensor& target, int64_t reduction = 1,
                  double delta = 1.0);
Tensor kl_div(const Tensor& self, const Tensor& target, int64_t reduction = 1,
              bool log_target = false);
Tensor glu(const Tensor& self, int64_t dim = -1);

}  // namespace ts
