// The autograd hook: how an op call becomes a graph node (README.md, Note [Recording ops]).
#include <algorithm>

#include "autograd/autograd.h"
#include "autograd/functions.h"
#include "autograd/mode.h"
#include "ops/api_core.h"
#include "ops/vjp.h"

namespace ts::autograd {

namespace {

using ops::OpDef;
using ops::SchemaType;

bool is_tensor_arg(const ops::SchemaArg& a) { return a.type.kind == SchemaType::Kind::Tensor; }

// Tensor inputs in flat order (a Tensor[] contributes its elements; None stays undefined).
std::vector<Tensor> flat_inputs(const OpDef& op, const Stack& stack) {
  std::vector<Tensor> out;
  out.reserve(stack.size());
  const auto& args = op.schema.args;
  for (size_t i = 0; i < args.size(); ++i) {
    if (!is_tensor_arg(args[i])) continue;
    const IValue& v = stack[i];
    if (args[i].type.list) {
      if (v.is_none()) continue;
      for (const IValue& x : v.items()) out.push_back(x.is_tensor() ? x.to_tensor() : Tensor());
    } else {
      out.push_back(v.is_tensor() ? v.to_tensor() : Tensor());
    }
  }
  return out;
}

std::vector<Tensor> flat_outputs(const Stack& stack) {
  std::vector<Tensor> out;
  for (const IValue& v : stack) {
    if (v.is_tensor()) {
      out.push_back(v.to_tensor());
    } else if (v.is_list()) {
      for (const IValue& x : v.items())
        if (x.is_tensor()) out.push_back(x.to_tensor());
    }
  }
  return out;
}

bool differentiable_dtype(DType t) { return is_floating(t); }

void check_inplace(const Tensor& self) {
  const AutogradMeta* m = meta_of(self);
  const TensorImpl* impl = self.impl();
  if (impl->view_base && impl->view_kind == TensorImpl::kNoGradView &&
      impl->view_base->own_requires_grad())
    util::throw_error(
        ErrorKind::Runtime,
        "A view was created in no_grad mode and is being modified inplace with grad mode enabled. "
        "Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify "
        "your code by moving both the view and the inplace either both inside the no_grad block "
        "(if you don't want the inplace to be tracked) or both outside (if you want the inplace "
        "to be tracked).");
  if (impl->view_base && impl->view_kind == TensorImpl::kMultiOutputView && m && m->grad_fn)
    util::throw_error(
        ErrorKind::Runtime,
        util::str("Output ", m->output_nr, " of ", m->grad_fn->name(),
                  " is a view and is being modified inplace. This view is the output of a "
                  "function that returns multiple views. Such functions do not allow the output "
                  "views to be modified inplace. You should replace the inplace operation by an "
                  "out-of-place one."));
  if (m && m->leaf_requires_grad && !m->grad_fn)
    util::throw_error(ErrorKind::Runtime,
                      "a leaf Variable that requires grad is being used in an in-place operation.");
  if (const TensorImpl* base = self.impl()->view_base.get()) {
    const auto* bm = static_cast<const AutogradMeta*>(base->autograd_meta.get());
    if (bm && bm->leaf_requires_grad && !bm->grad_fn)
      util::throw_error(ErrorKind::Runtime,
                        "a view of a leaf Variable that requires grad is being used in an in-place "
                        "operation.");
  }
}

// An output that aliases none of the op's inputs, only a temporary of its kernel (conv1d's
// result is a squeezed view of the 2-d convolution's): a view only as storage goes, not for
// autograd, as PyTorch's non-view ops return fresh tensors. Left a view, an in-place write
// into it would route its gradient to the temporary, which leads nowhere.
void forget_internal_views(const std::vector<Tensor>& outs, const std::vector<Tensor>& inputs) {
  for (const Tensor& t : outs) {
    if (!t.defined() || !t.impl()->view_base) continue;
    const TensorImpl* base = t.impl()->view_base.get();
    bool aliases_input = false;
    for (const Tensor& in : inputs)
      aliases_input |= in.defined() && (in.impl() == base || in.impl()->view_base.get() == base);
    if (!aliases_input) t.impl()->view_base.reset();
  }
}

// Makes the in-place output `self` an output of `node`; a view's base gets a CopySlices.
void rebase_history(const Tensor& self, const std::shared_ptr<Node>& node) {
  if (self.impl()->view_base) {
    Tensor base(self.impl()->view_base);
    auto copy_slices = std::make_shared<CopySlices>(base, self, node);
    set_history(base, copy_slices, 0);
    set_history(self, std::make_shared<AsStridedBackward>(base, self), 0);
    return;
  }
  set_history(self, node, 0);
}

// Ops with no derivative of their own: a composite runs with recording on, so the ops it calls
// record themselves; whatever still comes out detached gets a node that reports the gap when a
// backward reaches it (PyTorch's "the derivative for 'X' is not implemented.").
thread_local const OpDef* tl_composite = nullptr;

void attach_not_implemented(const OpDef& op, const Stack& stack, const std::vector<Tensor>& inputs,
                            bool ran_plain) {
  std::shared_ptr<Node> missing;
  std::vector<Tensor> outs = flat_outputs(stack);
  forget_internal_views(outs, inputs);
  for (const Tensor& t : outs)  // made with grad mode off here, yet not no-grad views
    if (t.defined() && t.impl()->view_base) t.impl()->view_kind = TensorImpl::kPlainView;
  const bool inplace = ran_plain && op.schema.is_inplace();
  for (size_t i = 0; i < outs.size(); ++i) {
    const Tensor& t = outs[i];
    // A view requires grad through its base, yet has no history of its own: it gets the node.
    // An in-place op run with recording off: self's history before the write is replaced.
    const bool rebase = inplace && i == 0 && t.defined() && t.requires_grad() &&
                        differentiable_dtype(t.dtype());
    if (!rebase &&
        (!t.defined() || t.impl()->own_requires_grad() || !differentiable_dtype(t.dtype())))
      continue;
    if (!missing) {
      missing = std::make_shared<NotImplementedNode>(op.schema.name, op.no_derivative_in_torch);
      for (const Tensor& in : inputs) {
        missing->mutable_next_edges().push_back(in.defined() ? gradient_edge(in) : Edge{});
        missing->input_geometry().push_back(in.defined() ? geometry_of(in) : TensorGeometry{});
      }
    }
    if (rebase) {
      missing->outputs().push_back(geometry_of(t));
      rebase_history(t, missing);
      continue;
    }
    set_history(t, missing, uint32_t(missing->outputs().size()));
    missing->outputs().push_back(geometry_of(t));
  }
}

void run_without_derivative(const OpDef& op, Stack& stack, const std::vector<Tensor>& inputs) {
  if (!(op.composite || op.composite_when) || tl_composite == &op) {
    // A kernel op still waiting for its formula (or a composite re-entered from its own
    // TS_AUTOGRAD): run it plainly and make any backward through it an error.
    {
      GradModeGuard off(false);
      op.fn(stack);
    }
    attach_not_implemented(op, stack, inputs, true);
    return;
  }
  const OpDef* prev = std::exchange(tl_composite, &op);
  try {
    op.fn(stack);
  } catch (...) {
    tl_composite = prev;
    throw;
  }
  tl_composite = prev;
  attach_not_implemented(op, stack, inputs, false);
}

// The op PyTorch's out= error names: torch.linalg's functions are implemented there over
// internal ops (linalg.det over _linalg_det, ...).
std::string_view out_error_name(std::string_view name) {
  static const std::pair<std::string_view, std::string_view> kInternal[] = {
      {"linalg_inv", "linalg_inv_ex"},      {"linalg_det", "_linalg_det"},
      {"linalg_slogdet", "_linalg_slogdet"}, {"linalg_solve", "_linalg_solve_ex"},
      {"linalg_cholesky", "linalg_cholesky_ex"}, {"linalg_svd", "_linalg_svd"},
      {"linalg_svdvals", "_linalg_svd"},    {"linalg_eigh", "_linalg_eigh"},
      {"linalg_matrix_power", "mm"}};
  for (const auto& [ours, theirs] : kInternal)
    if (name == ours) return theirs;
  return name;
}

void record(const OpDef& op, Stack& stack) {
  const ops::FunctionSchema& s = op.schema;
  if (!op.differentiable && !op.derivative) {  // detach_, requires_grad_, comparisons, ...
    GradModeGuard off(false);
    op.fn(stack);
    return;
  }
  if (s.is_out())
    util::throw_error(ErrorKind::Runtime,
                      util::str(out_error_name(s.name), "(): functions with out=... arguments don't support "
                                "automatic differentiation, but one of the arguments requires grad."));
  for (size_t i = 0; i < s.args.size() && op.no_grad_args; ++i)
    if ((op.no_grad_args >> i & 1) && stack[i].is_tensor() && stack[i].to_tensor().requires_grad())
      util::throw_error(ErrorKind::Runtime,
                        util::str("The function '", s.name, "' is not differentiable with respect "
                                  "to argument '", s.args[i].name,
                                  "'. This input cannot have requires_grad True."));
  const bool inplace = s.is_inplace();
  if (inplace) check_inplace(stack[0].to_tensor());
  std::vector<Tensor> inputs = flat_inputs(op, stack);
  const ops::Derivative* d = op.derivative;
  if (!d || (op.composite_when && tl_composite != &op && op.composite_when(stack)))
    return run_without_derivative(op, stack, inputs);

  auto node = std::make_shared<OpNode>(op, *d);
  node->mutable_next_edges().reserve(inputs.size());
  node->input_geometry().reserve(inputs.size());
  uint64_t needs = 0;
  for (size_t i = 0; i < inputs.size(); ++i) {
    Edge e = inputs[i].defined() ? gradient_edge(inputs[i]) : Edge{};
    if (e.valid() && i < 64) needs |= uint64_t(1) << i;
    node->mutable_next_edges().push_back(std::move(e));
    node->input_geometry().push_back(inputs[i].defined() ? geometry_of(inputs[i])
                                                         : TensorGeometry{});
  }
  for (const ops::Derivative::Save& sv : d->saves) {
    if (sv.when && !(sv.when & needs)) continue;
    const IValue& v = stack[size_t(sv.arg)];
    if (v.is_tensor() && inplace && sv.arg == 0) {
      // The formula reads self as it was before the write: keep a (recorded) copy, as
      // PyTorch's original_self does, so sin_(), mul_() and friends stay differentiable.
      node->saved.emplace_back(0, SavedVariable(ts::clone(v.to_tensor()), false));
    } else if (v.is_tensor()) {
      node->saved.emplace_back(sv.arg, SavedVariable(v.to_tensor(), false));
    } else if (v.is_list()) {
      for (const IValue& x : v.items())
        node->saved.emplace_back(sv.arg, SavedVariable(x.is_tensor() ? x.to_tensor() : Tensor(), false));
    }
  }
  node->args.reserve(stack.size());
  for (size_t i = 0; i < stack.size(); ++i)
    node->args.push_back(is_tensor_arg(s.args[i]) ? IValue() : stack[i]);
  if (anomaly_enabled()) node->creation_trace() = s.full_name();

  {
    GradModeGuard off(false);
    op.fn(stack);
  }

  std::vector<Tensor> outs = flat_outputs(stack);
  forget_internal_views(outs, inputs);
  // Views made by this recorded call ran with grad mode off, but they are recorded views.
  const bool list_out = s.returns_list || (s.returns.size() == 1 && s.returns[0].type.list);
  for (const Tensor& t : outs)
    if (t.defined() && t.impl()->view_base)
      t.impl()->view_kind = list_out ? TensorImpl::kMultiOutputView : TensorImpl::kPlainView;
  for (size_t i = 0; i < outs.size(); ++i) {
    const Tensor& t = outs[i];
    const bool diff = t.defined() && differentiable_dtype(t.dtype()) && !(d && (d->nondiff_outputs >> i & 1));
    node->output_differentiable.push_back(diff);
    node->outputs().push_back(t.defined() ? geometry_of(t) : TensorGeometry{});
    if (!diff) continue;
    // An op that hands back its input unchanged (contiguous() of a contiguous tensor) keeps
    // the input's history.
    if (!inplace && std::any_of(inputs.begin(), inputs.end(),
                                [&](const Tensor& in) { return in.is_same(t); })) {
      node->output_differentiable.back() = false;
      continue;
    }
    if (inplace && i == 0) {
      rebase_history(t, node);
    } else {
      set_history(t, node, uint32_t(i));
    }
  }
  if (d->save_results)
    for (size_t i = 0; i < outs.size(); ++i)
      node->saved_results.emplace_back(i < 64 && (d->save_results >> i & 1) ? outs[i] : Tensor(), true);
}

std::vector<Tensor> vjp(const std::vector<Tensor>& outputs, const std::vector<Tensor>& inputs,
                        const std::vector<Tensor>& grad_outputs) {
  return autograd::grad(outputs, inputs, grad_outputs, false, false, true);
}

const bool kInstalled = [] {
  ops::set_autograd_hook(&record);
  ops::vjp_hook() = &vjp;
  return true;
}();

}  // namespace

}  // namespace ts::autograd
