// Tensor's autograd methods (declared in tensor/tensor.h) and their registry entries.
#include "autograd/autograd.h"
#include "autograd/meta.h"
#include "ops/ops.h"
#include "ops/registry.h"

namespace ts {

using autograd::AutogradMeta;
using autograd::ensure_meta;
using autograd::meta_of;

Tensor& Tensor::requires_grad_(bool on) {
  AutogradMeta* m = meta_of(*this);
  if (m && m->grad_fn) {
    TS_CHECK(on, "you can only change requires_grad flags of leaf variables. If you want to use a "
             "computed variable in a subgraph that doesn't require differentiation use "
             "var_no_grad = var.detach().");
    return *this;
  }
  TS_CHECK(!on || is_floating(dtype()), "only Tensors of floating point dtype can require gradients");
  TS_CHECK(!on || !impl()->storage()->inference() || InferenceMode::is_enabled(),
           "Setting requires_grad=True on inference tensor outside InferenceMode is not allowed.");
  if (on || m) ensure_meta(*this).leaf_requires_grad = on;
  return *this;
}

bool Tensor::is_leaf() const { return autograd::is_leaf(*this); }

Tensor Tensor::grad() const {
  const AutogradMeta* m = meta_of(*this);
  return m ? m->grad : Tensor();
}

void Tensor::set_grad(const Tensor& g) const {
  if (g.defined()) {
    TS_CHECK(g.dtype() == dtype(), "assigned grad has data of a different type");
    TS_CHECK(g.sizes() == sizes(), "assigned grad has data of a different size");
  }
  if (!g.defined() && !meta_of(*this)) return;
  ensure_meta(*this).grad = g;
}

void Tensor::retain_grad() const {
  TS_CHECK(requires_grad(), "can't retain_grad on Tensor that has requires_grad=False");
  AutogradMeta& m = ensure_meta(*this);
  if (!m.grad_fn || m.retains_grad) return;  // leaves keep their grad anyway
  m.retains_grad = true;
  AutogradMeta* owner = &m;
  m.grad_fn->retain_hooks().push_back({m.output_nr, owner, [owner](const Tensor& g) {
    owner->grad = owner->grad.defined() ? ts::add(owner->grad, g) : ts::clone(g);
  }});
}

bool Tensor::retains_grad() const {
  const AutogradMeta* m = meta_of(*this);
  return m && m->retains_grad;
}

std::string Tensor::grad_fn_name() const {
  const AutogradMeta* m = meta_of(*this);
  return m ? m->grad_fn_name() : std::string();
}

void Tensor::backward(const Tensor& gradient, std::optional<bool> retain_graph,
                      bool create_graph) const {
  autograd::backward({*this}, {gradient}, retain_graph, create_graph);
}

Tensor& Tensor::detach_() {
  TS_CHECK(!impl()->view_base, "Can't detach views in-place. Use detach() instead. If you are "
           "using DistributedDataParallel (DDP) for training, and gradient_as_bucket_view is set "
           "as True, gradients are views of DDP buckets, and hence detach_() cannot be called on "
           "these gradients. To fix this error, please refer to the Optimizer.zero_grad() function "
           "in torch/optim/optimizer.py as the solution.");
  if (AutogradMeta* m = meta_of(*this)) {
    m->grad_fn.reset();
    m->leaf_requires_grad = false;
    m->output_nr = 0;
  }
  return *this;
}

namespace {
Tensor b_requires_grad_(const Tensor& self, bool on) {
  Tensor t = self;
  t.requires_grad_(on);
  return t;
}
Tensor b_detach_(const Tensor& self) {
  Tensor t = self;
  t.detach_();
  return t;
}
void b_retain_grad(const Tensor& self) { self.retain_grad(); }
void b_backward(const Tensor& self, const std::optional<Tensor>& gradient, std::optional<bool> retain_graph,
                bool create_graph) {
  self.backward(gradient ? *gradient : Tensor(), retain_graph, create_graph);
}
bool is_grad_enabled() { return GradMode::is_enabled(); }
bool is_inference_mode_enabled() { return InferenceMode::is_enabled(); }
bool is_inference(const Tensor& self) { return self.impl()->storage()->inference(); }
void set_grad_enabled(bool on) { GradMode::set_enabled(on); }
}  // namespace

TS_REGISTER_OPS(autograd) {
  r.def<&is_grad_enabled>("is_grad_enabled() -> bool").variants("function").not_differentiable();
  r.def<&set_grad_enabled>("set_grad_enabled(bool mode) -> ()").variants("function").not_differentiable();
  r.def<&is_inference_mode_enabled>("is_inference_mode_enabled() -> bool").variants("function").not_differentiable();
  r.def<&is_inference>("is_inference(Tensor self) -> bool").not_differentiable();
  r.def<&b_requires_grad_>("requires_grad_(Tensor(a!) self, bool requires_grad=True) -> Tensor(a!)")
      .variants("method").not_differentiable();
  r.def<&b_detach_>("detach_(Tensor(a!) self) -> Tensor(a!)").not_differentiable();
  r.def<&b_retain_grad>("retain_grad(Tensor(a!) self) -> ()").variants("method").not_differentiable();
  // Tensor.backward as a method for scripts (the engine runs outside any recording).
  r.def<&b_backward>("backward(Tensor self, Tensor? gradient=None, bool? retain_graph=None, bool create_graph=False) -> ()")
      .variants("method").not_differentiable();
}

}  // namespace ts
