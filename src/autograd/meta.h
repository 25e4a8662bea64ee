// A tensor's autograd state (TensorImpl::autograd_meta): grad, grad_fn, leaf flag, hooks, and
// for views the base they alias.
#pragma once

#include <memory>

#include "autograd/node.h"

namespace ts::autograd {

class AutogradMeta final : public AutogradMetaBase {
 public:
  ~AutogradMeta() override;
  bool requires_grad() const override;
  std::string grad_fn_name() const override;

  Tensor grad;
  std::shared_ptr<Node> grad_fn;           // non-leaf: the node that made this tensor
  std::weak_ptr<Node> grad_accumulator;    // leaf: its AccumulateGrad, made on first use
  uint32_t output_nr = 0;                  // which output of grad_fn this tensor is
  bool leaf_requires_grad = false;         // a leaf the user marked
  bool retains_grad = false;
  std::vector<GradHook> leaf_hooks;        // register_hook on a leaf (run by AccumulateGrad)
  std::vector<std::function<void(const Tensor&)>> post_accumulate_hooks;
};

// The tensor's meta, or null.
inline AutogradMeta* meta_of(const Tensor& t) {
  return static_cast<AutogradMeta*>(t.impl()->autograd_meta.get());
}
// The tensor's meta, made when missing.
AutogradMeta& ensure_meta(const Tensor& t);

bool is_leaf(const Tensor& t);
std::shared_ptr<Node> grad_fn(const Tensor& t);
// The edge a gradient for `t` flows along: its grad_fn's output, or its leaf accumulator.
Edge gradient_edge(const Tensor& t);
// Makes `t` output `nr` of `fn` (a fresh op result).
void set_history(const Tensor& t, const std::shared_ptr<Node>& fn, uint32_t nr);
// A tensor sharing t's memory and geometry with no autograd state (what detach() returns).
Tensor plain_alias(const Tensor& t);

}  // namespace ts::autograd
