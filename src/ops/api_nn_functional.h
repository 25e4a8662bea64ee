// Normalization, embedding and embedding_bag, distances, one_hot, rrelu and the losses beside
// nll_loss / cross_entropy / mse_loss (api_nn.h): torch.nn.functional and the aten ops under
// them, mostly composites of public differentiable ops. Defined in ops/nn_functional.cpp unless
// a section names its file.
#pragma once
#include <array>
#include <optional>
#include <tuple>
#include "tensor/random.h"
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
// Class indices to one-hot rows (int64).
Tensor one_hot(const Tensor& self, int64_t num_classes = -1);

// ---- distances (ops/distance.cpp) ----
Tensor cosine_similarity(const Tensor& x1, const Tensor& x2, int64_t dim = 1, double eps = 1e-8);
Tensor pairwise_distance(const Tensor& x1, const Tensor& x2, double p = 2.0, double eps = 1e-6,
                         bool keepdim = false);
Tensor pdist(const Tensor& self, double p = 2.0);
Tensor _pdist_forward(const Tensor& self, double p = 2.0);
// compute_mode: 0 (or None) uses the matrix-product form for p = 2 above 25 rows, 1 always,
// 2 never.
Tensor cdist(const Tensor& x1, const Tensor& x2, double p = 2.0,
             std::optional<int64_t> compute_mode = std::nullopt);
Tensor _cdist_forward(const Tensor& x1, const Tensor& x2, double p,
                      std::optional<int64_t> compute_mode);

// instance_norm: batch_norm over [1, N * C, ...].
Tensor instance_norm(const Tensor& input, const Tensor& weight, const Tensor& bias,
                     const Tensor& running_mean, const Tensor& running_var, bool use_input_stats,
                     double momentum, double eps, bool cudnn_enabled);

// ---- losses (reduction: 0 none, 1 mean, 2 sum): poisson_nll here (nn_functional.cpp), the
// margin / ranking losses in margin_loss.cpp, ctc_loss in ctc_loss.cpp ----
Tensor poisson_nll_loss(const Tensor& input, const Tensor& target, bool log_input, bool full,
                        double eps, int64_t reduction);
Tensor hinge_embedding_loss(const Tensor& self, const Tensor& target, double margin = 1.0,
                            int64_t reduction = 1);
Tensor margin_ranking_loss(const Tensor& input1, const Tensor& input2, const Tensor& target,
                           double margin = 0.0, int64_t reduction = 1);
Tensor soft_margin_loss(const Tensor& self, const Tensor& target, int64_t reduction = 1);
Tensor cosine_embedding_loss(const Tensor& input1, const Tensor& input2, const Tensor& target,
                             double margin = 0.0, int64_t reduction = 1);
Tensor triplet_margin_loss(const Tensor& anchor, const Tensor& positive, const Tensor& negative,
                           double margin = 1.0, double p = 2.0, double eps = 1e-6,
                           bool swap = false, int64_t reduction = 1);
Tensor multi_margin_loss(const Tensor& self, const Tensor& target, const Scalar& p = 1,
                         const Scalar& margin = 1, const Tensor& weight = Tensor(),
                         int64_t reduction = 1);
// Targets per row run up to the first -1; is_target marks the target classes.
std::tuple<Tensor, Tensor> multilabel_margin_loss_forward(const Tensor& self, const Tensor& target,
                                                          int64_t reduction);
Tensor multilabel_margin_loss(const Tensor& self, const Tensor& target, int64_t reduction = 1);
// log_probs [T, N, C] (or [T, C]); targets [N, S] or concatenated 1-d.
Tensor ctc_loss(const Tensor& log_probs, const Tensor& targets, IntArrayRef input_lengths,
                IntArrayRef target_lengths, int64_t blank = 0, int64_t reduction = 1,
                bool zero_infinity = false);
Tensor ctc_loss_tensor(const Tensor& log_probs, const Tensor& targets, const Tensor& input_lengths,
                       const Tensor& target_lengths, int64_t blank = 0, int64_t reduction = 1,
                       bool zero_infinity = false);

// ---- embedding_bag (ops/embedding_bag.cpp): (output, offset2bag, bag_size, max_indices) as PyTorch's CPU kernel
// returns them; mode 0 sum, 1 mean, 2 max ----
std::tuple<Tensor, Tensor, Tensor, Tensor> embedding_bag(
    const Tensor& weight, const Tensor& indices, const Tensor& offsets, bool scale_grad_by_freq = false,
    int64_t mode = 0, bool sparse = false, const Tensor& per_sample_weights = Tensor(),
    bool include_last_offset = false);
std::tuple<Tensor, Tensor, Tensor, Tensor> embedding_bag_padding_idx(
    const Tensor& weight, const Tensor& indices, const Tensor& offsets, bool scale_grad_by_freq,
    int64_t mode, bool sparse, const Tensor& per_sample_weights, bool include_last_offset,
    std::optional<int64_t> padding_idx);
std::tuple<Tensor, Tensor, Tensor, Tensor> _embedding_bag(
    const Tensor& weight, const Tensor& indices, const Tensor& offsets, bool scale_grad_by_freq = false,
    int64_t mode = 0, bool sparse = false, const Tensor& per_sample_weights = Tensor(),
    bool include_last_offset = false, int64_t padding_idx = -1);

// ---- rrelu (ops/rrelu.cpp): training mode draws each slope for x <= 0 from `gen` (null: the default
// generator) and writes the slopes to `noise`; eval mode is leaky_relu((lower + upper) / 2) ----
Tensor rrelu_with_noise(const Tensor& self, const Tensor& noise, const Scalar& lower = 0.125,
                        const Scalar& upper = 1.0 / 3, bool training = false, Generator* gen = nullptr);
Tensor rrelu_with_noise_(const Tensor& self, const Tensor& noise, const Scalar& lower = 0.125,
                         const Scalar& upper = 1.0 / 3, bool training = false, Generator* gen = nullptr);
Tensor rrelu(const Tensor& self, const Scalar& lower = 0.125, const Scalar& upper = 1.0 / 3,
             bool training = false, Generator* gen = nullptr);
Tensor rrelu_(const Tensor& self, const Scalar& lower = 0.125, const Scalar& upper = 1.0 / 3,
              bool training = false, Generator* gen = nullptr);

}  // namespace ts
