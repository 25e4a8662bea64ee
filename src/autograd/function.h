// Custom differentiable functions from C++ (the script-level torch.autograd.Function builds on
// this): a forward on plain tensors and a backward that maps output gradients to input
// gradients, recorded as one graph node named "<Name>Backward".
//
//   auto out = autograd::Function("Exp")
//       .forward([](autograd::FunctionCtx& ctx, const TensorList& in) {
//         Tensor y = exp(in[0]);
//         ctx.save_for_backward({y});
//         return TensorList{y};
//       })
//       .backward([](autograd::FunctionCtx& ctx, const TensorList& g) {
//         return TensorList{g[0] * ctx.saved_tensors()[0]};
//       })
//       .apply({x});
#pragma once

#include <functional>
#include <map>
#include <string>

#include "autograd/saved.h"
#include "ops/ivalue.h"

namespace ts::autograd {

class FunctionCtx {
 public:
  // Tensors the backward needs (inputs or outputs), with in-place modification checks.
  void save_for_backward(const TensorList& tensors);
  TensorList saved_tensors() const;
  // Whether input i's gradient is wanted (ctx.needs_input_grad[i]).
  bool needs_input_grad(size_t i) const { return i < needs_.size() && needs_[i]; }
  // Outputs whose gradient is always zero (integer results, indices).
  void mark_non_differentiable(const TensorList& outputs);
  // Anything else the backward needs (ctx.k = 3 in Python).
  std::map<std::string, IValue> data;

 private:
  friend class FunctionNode;
  friend class Function;
  std::vector<SavedVariable> saved_;
  std::vector<Tensor> to_save_;
  std::vector<bool> needs_;
  std::vector<const TensorImpl*> non_differentiable_;
  std::weak_ptr<Node> node_;
};

using ForwardFn = std::function<TensorList(FunctionCtx&, const TensorList& inputs)>;
using BackwardFn = std::function<TensorList(FunctionCtx&, const TensorList& grad_outputs)>;

class Function {
 public:
  explicit Function(std::string name) : name_(std::move(name)) {}
  Function& forward(ForwardFn f) {
    fwd_ = std::move(f);
    return *this;
  }
  Function& backward(BackwardFn f) {
    bwd_ = std::move(f);
    return *this;
  }
  // Runs the forward with grad mode off; when grad mode is on and an input requires grad, the
  // outputs become outputs of one node whose backward is `backward`.
  TensorList apply(const TensorList& inputs) const;

 private:
  std::string name_;
  ForwardFn fwd_;
  BackwardFn bwd_;
};

}  // namespace ts::autograd
