// The graph's node kinds: AccumulateGrad (leaves), OpNode (any op with a registry derivative),
// CopySlices (in-place writes into views) and the nodes custom functions make.
#pragma once

#include "autograd/saved.h"
#include "ops/registry.h"

namespace ts::autograd {

// Sums the incoming gradient into a leaf's .grad.
class AccumulateGrad final : public Node {
 public:
  explicit AccumulateGrad(Tensor variable);
  TensorList apply(TensorList&& grads) override;
  std::string name() const override { return "torch::autograd::AccumulateGrad"; }
  const Tensor& variable() const { return variable_; }

 private:
  Tensor variable_;
};

// A recorded op: its registry derivative, the arguments it needs, and the saved tensors.
class OpNode final : public Node {
 public:
  OpNode(const ops::OpDef& op, const ops::Derivative& d) : op_(op), d_(d) {}
  TensorList apply(TensorList&& grads) override;
  std::string name() const override { return d_.name; }
  void release_variables() override;

  // Filled while recording.
  Stack args;                                     // non-tensor arguments; tensors as None
  std::vector<std::pair<int, SavedVariable>> saved;  // (schema position, tensor or list element)
  std::vector<int> saved_list_len;                // for Tensor[] arguments: elements saved
  std::vector<SavedVariable> saved_results;
  std::vector<bool> output_differentiable;

 private:
  const ops::OpDef& op_;
  const ops::Derivative& d_;
  bool released_ = false;
};

// An in-place op on a view of `base`: the base's gradient is the incoming one with the view's
// part replaced by what the in-place op's node makes of that part.
class CopySlices final : public Node {
 public:
  CopySlices(const Tensor& base, const Tensor& view, std::shared_ptr<Node> fn);
  TensorList apply(TensorList&& grads) override;
  std::string name() const override { return "CopySlices"; }
  void release_variables() override { fn_->release_variables(); }

 private:
  TensorGeometry base_;
  DimVector base_strides_;
  DimVector view_sizes_, view_strides_;
  int64_t view_offset_;  // relative to the base's offset
  std::shared_ptr<Node> fn_;
};

// A view of a base whose history an in-place write changed: its gradient is the base's slice.
class AsStridedBackward final : public Node {
 public:
  AsStridedBackward(const Tensor& base, const Tensor& view);
  TensorList apply(TensorList&& grads) override;
  std::string name() const override { return "AsStridedBackward0"; }

 private:
  TensorGeometry base_;
  DimVector base_strides_;
  DimVector view_sizes_, view_strides_;
  int64_t view_offset_;
};

// Reports a gradient as not implemented (ops with no derivative yet; `as_in_pytorch`: ops that
// PyTorch gives none either, with PyTorch's message for them).
class NotImplementedNode final : public Node {
 public:
  explicit NotImplementedNode(std::string op, bool as_in_pytorch = false)
      : op_(std::move(op)), as_in_pytorch_(as_in_pytorch) {}
  TensorList apply(TensorList&& grads) override;
  std::string name() const override { return "NotImplemented"; }

 private:
  std::string op_;
  bool as_in_pytorch_;
};

}  // namespace ts::autograd
