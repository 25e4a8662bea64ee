#include "autograd/function.h"

#include "autograd/meta.h"
#include "ops/ops.h"
#include "tensor/grad_mode.h"

namespace ts::autograd {

void FunctionCtx::save_for_backward(const TensorList& tensors) { to_save_ = tensors; }

TensorList FunctionCtx::saved_tensors() const {
  std::shared_ptr<Node> owner = node_.lock();
  TensorList out;
  for (const SavedVariable& sv : saved_) out.push_back(sv.unpack(owner));
  return out;
}

void FunctionCtx::mark_non_differentiable(const TensorList& outputs) {
  for (const Tensor& t : outputs) non_differentiable_.push_back(t.impl());
}

// The node of one Function::apply call.
class FunctionNode final : public Node {
 public:
  FunctionNode(std::string name, BackwardFn bwd, std::shared_ptr<FunctionCtx> ctx)
      : name_(std::move(name)), bwd_(std::move(bwd)), ctx_(std::move(ctx)) {}
  TensorList apply(TensorList&& grads) override {
    for (size_t i = 0; i < grads.size(); ++i)  // PyTorch materializes missing gradients
      if (!grads[i].defined()) {
        TensorOptions o(outputs()[i].dtype);
        o.device = outputs()[i].device;
        grads[i] = zeros(outputs()[i].sizes, o);
      }
    TensorList out = bwd_(*ctx_, grads);
    TS_CHECK(out.size() == next_edges().size(), "function ", name_,
             " returned an incorrect number of gradients (expected ", next_edges().size(),
             ", got ", out.size(), ")");
    return out;
  }
  std::string name() const override { return name_; }
  void release_variables() override {
    for (SavedVariable& sv : ctx_->saved_) sv.reset();
  }

 private:
  std::string name_;
  BackwardFn bwd_;
  std::shared_ptr<FunctionCtx> ctx_;
};

TensorList Function::apply(const TensorList& inputs) const {
  TS_CHECK(fwd_ && bwd_, "Function ", name_, " needs both a forward and a backward");
  auto ctx = std::make_shared<FunctionCtx>();
  bool record = GradMode::is_enabled();
  bool any = false;
  for (const Tensor& t : inputs) {
    const bool need = record && t.defined() && t.requires_grad();
    ctx->needs_.push_back(need);
    any = any || need;
  }
  TensorList outs;
  {
    GradModeGuard off(false);
    outs = fwd_(*ctx, inputs);
  }
  if (!any) return outs;
  auto node = std::make_shared<FunctionNode>(name_ + "Backward", bwd_, ctx);
  ctx->node_ = node;
  for (const Tensor& t : inputs) {
    node->mutable_next_edges().push_back(t.defined() ? gradient_edge(t) : Edge{});
    node->input_geometry().push_back(t.defined() ? geometry_of(t) : TensorGeometry{});
  }
  for (size_t i = 0; i < outs.size(); ++i) {
    Tensor& o = outs[i];
    node->outputs().push_back(geometry_of(o));
    bool non_diff = !is_floating(o.dtype());
    for (const TensorImpl* p : ctx->non_differentiable_) non_diff = non_diff || p == o.impl();
    if (non_diff) continue;
    // An output that is an input returned as is becomes a new tensor of the node.
    for (const Tensor& in : inputs)
      if (in.defined() && in.is_same(o)) o = plain_alias(o);
    set_history(o, node, uint32_t(i));
  }
  for (const Tensor& t : ctx->to_save_) {
    bool is_output = false;
    for (const Tensor& o : outs) is_output = is_output || o.impl() == t.impl();
    ctx->saved_.emplace_back(t, is_output);
  }
  ctx->to_save_.clear();
  return outs;
}

}  // namespace ts::autograd
