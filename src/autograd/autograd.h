// The autograd C++ API: torch.autograd.backward / grad, grad mode, anomaly mode, hooks.
// Tensor methods (x.backward(), x.grad(), x.requires_grad_()) are declared in tensor/tensor.h.
#pragma once

#include <optional>
#include <vector>

#include "autograd/mode.h"
#include "autograd/node.h"
#include "tensor/grad_mode.h"

namespace ts::autograd {

// torch.autograd.backward: accumulates d(sum of tensors * grad_tensors)/d(leaf) into the leaves'
// .grad (or only into `inputs` when given). retain_graph defaults to create_graph.
void backward(const TensorList& tensors, const TensorList& grad_tensors = {},
              std::optional<bool> retain_graph = std::nullopt, bool create_graph = false,
              const TensorList& inputs = {});

// torch.autograd.grad: the gradients of `outputs` with respect to `inputs`, without touching
// any .grad. An input the outputs do not depend on is an error unless allow_unused (then its
// gradient is undefined).
TensorList grad(const TensorList& outputs, const TensorList& inputs,
                const TensorList& grad_outputs = {}, std::optional<bool> retain_graph = std::nullopt,
                bool create_graph = false, bool allow_unused = false);

// The node that made `t` (null for leaves and tensors outside the graph).
std::shared_ptr<Node> grad_fn(const Tensor& t);
bool is_leaf(const Tensor& t);

// A hook on the gradient of `t` (Tensor.register_hook): it may return a replacement gradient,
// or an undefined tensor to keep the gradient as it is.
void register_hook(const Tensor& t, GradHook hook);
// Runs after a leaf's .grad has been accumulated (data-parallel all-reduce hangs here).
void register_post_accumulate_grad_hook(const Tensor& t, std::function<void(const Tensor&)> hook);
// The leaves a backward from `outputs` would reach (their AccumulateGrad nodes' tensors), in no
// particular order; DistributedDataParallel's find_unused_parameters asks it.
TensorList reachable_leaves(const TensorList& outputs);

}  // namespace ts::autograd
