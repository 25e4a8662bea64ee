#include "autograd/functions.h"

#include "ops/ops.h"

namespace ts::autograd {

namespace {
bool uniquely_owned(const Tensor& t) {
  return t.impl()->use_count() == 1 && t.impl()->storage()->use_count() == 1;
}

Tensor zeros_of(const TensorGeometry& g) {
  TensorOptions o(g.dtype);
  o.device = g.device;
  return zeros(g.sizes, o);
}
}  // namespace

// ---- AccumulateGrad ----

AccumulateGrad::AccumulateGrad(Tensor variable) : variable_(std::move(variable)) {
  input_geometry().push_back(geometry_of(variable_));
  outputs().push_back(geometry_of(variable_));
}

TensorList AccumulateGrad::apply(TensorList&& grads) {
  Tensor g = std::move(grads.at(0));
  if (!g.defined()) return {};
  AutogradMeta& m = ensure_meta(variable_);
  if (!m.grad.defined()) {
    if (!GradMode::is_enabled() && uniquely_owned(g) && g.is_contiguous() &&
        variable_.is_contiguous()) {
      m.grad = plain_alias(g);  // nothing else holds it: take it
    } else {
      m.grad = clone(g);
    }
  } else if (!GradMode::is_enabled()) {
    add_(m.grad, g);
  } else {
    m.grad = add(m.grad, g);
  }
  for (auto& hook : m.post_accumulate_hooks) hook(variable_);
  return {};
}

// ---- OpNode ----

TensorList OpNode::apply(TensorList&& grads) {
  std::shared_ptr<Node> self = shared_from_this();
  ops::BackwardCtx c;
  c.grads = std::move(grads);
  for (size_t i = 0; i < c.grads.size(); ++i)
    if (!c.grads[i].defined() && i < output_differentiable.size() && output_differentiable[i])
      c.grads[i] = zeros_of(outputs()[i]);
  c.args = args;
  for (size_t i = 0; i < saved.size();) {
    const int pos = saved[i].first;
    if (op_.schema.args[size_t(pos)].type.list) {
      std::vector<Tensor> items;
      for (; i < saved.size() && saved[i].first == pos; ++i)
        items.push_back(saved[i].second.unpack(self));
      c.args[size_t(pos)] = IValue(std::move(items));
    } else {
      c.args[size_t(pos)] = saved[i].second.unpack(self);
      ++i;
    }
  }
  for (const SavedVariable& r : saved_results) c.results.push_back(r.unpack(self));
  c.needs.reserve(next_edges().size());
  for (const Edge& e : next_edges()) c.needs.push_back(e.valid());
  c.in_sizes.reserve(input_geometry().size());
  c.in_dtypes.reserve(input_geometry().size());
  c.in_strides.reserve(input_geometry().size());
  c.in_offsets.reserve(input_geometry().size());
  for (const TensorGeometry& g : input_geometry()) {
    c.in_sizes.push_back(g.sizes);
    c.in_dtypes.push_back(g.dtype);
    c.in_strides.push_back(g.strides);
    c.in_offsets.push_back(g.storage_offset);
  }
  TensorList out = d_.fn(c);
  TS_INTERNAL_ASSERT(out.size() == next_edges().size(), d_.name, " returned ", out.size(),
                     " gradients for ", next_edges().size(), " inputs");
  return out;
}

void OpNode::release_variables() {
  for (auto& [pos, sv] : saved) sv.reset();
  for (SavedVariable& sv : saved_results) sv.reset();
  released_ = true;
}

// ---- CopySlices ----

CopySlices::CopySlices(const Tensor& base, const Tensor& view, std::shared_ptr<Node> fn)
    : base_(geometry_of(base)),
      base_strides_(base.strides()),
      view_sizes_(view.sizes()),
      view_strides_(view.strides()),
      view_offset_(view.storage_offset() - base.storage_offset()),
      fn_(std::move(fn)) {
  mutable_next_edges().push_back(gradient_edge(base));
  input_geometry().push_back(base_);
  for (size_t i = 1; i < fn_->next_edges().size(); ++i) {
    mutable_next_edges().push_back(fn_->next_edges()[i]);
    input_geometry().push_back(fn_->input_geometry()[i]);
  }
  outputs().push_back(base_);
}

TensorList CopySlices::apply(TensorList&& grads) {
  const Tensor& grad = grads.at(0);
  TensorOptions o(base_.dtype);
  o.device = base_.device;
  Tensor result = empty_strided(base_.sizes, base_strides_, o);
  result.copy_(grad);
  Tensor slice = result.as_strided(view_sizes_, view_strides_, view_offset_);
  TensorList res = fn_->apply({slice.clone()});
  TensorList out(next_edges().size());
  if (res.at(0).defined()) {
    slice.copy_(res[0]);
  } else {
    slice.zero_();
  }
  out[0] = result;
  for (size_t i = 1; i < out.size(); ++i) out[i] = res.at(i);
  return out;
}

// ---- AsStridedBackward ----

AsStridedBackward::AsStridedBackward(const Tensor& base, const Tensor& view)
    : base_(geometry_of(base)),
      base_strides_(base.strides()),
      view_sizes_(view.sizes()),
      view_strides_(view.strides()),
      view_offset_(view.storage_offset() - base.storage_offset()) {
  mutable_next_edges().push_back(gradient_edge(base));
  input_geometry().push_back(base_);
  outputs().push_back(geometry_of(view));
}

TensorList AsStridedBackward::apply(TensorList&& grads) {
  TensorOptions o(base_.dtype);
  o.device = base_.device;
  Tensor result = zeros(base_.sizes, o);
  if (!std::equal(base_strides_.begin(), base_strides_.end(), result.strides().begin()))
    result = empty_strided(base_.sizes, base_strides_, o).zero_();
  result.as_strided(view_sizes_, view_strides_, view_offset_).copy_(grads.at(0));
  return {result};
}

TensorList NotImplementedNode::apply(TensorList&&) {
  if (as_in_pytorch_)
    util::throw_error(ErrorKind::Runtime,
                      util::str("derivative for aten::", op_, " is not implemented"));
  util::throw_error(ErrorKind::NotImplemented,
                    util::str("the derivative for '", op_, "' is not implemented."));
}

}  // namespace ts::autograd
