#include "autograd/saved.h"

#include "tensor/grad_mode.h"
#include "util/error.h"

namespace ts::autograd {

SavedVariable::SavedVariable(const Tensor& t, bool is_output) {
  if (!t.defined()) return;
  TS_CHECK(!InferenceMode::made_any() || !t.impl()->storage()->inference() || InferenceMode::is_enabled(),
           "Inference tensors cannot be saved for backward. To work around you can make a clone to get a normal "
           "tensor and use it in autograd.");
  was_defined_ = true;
  is_output_ = is_output;
  version_ = t.version();
  requires_grad_ = t.requires_grad();
  const AutogradMeta* m = meta_of(t);
  is_leaf_ = !m || !m->grad_fn;
  if (m && m->grad_fn) grad_fn_name_ = m->grad_fn->name();
  if (is_leaf_ && !is_output) {
    data_ = t;  // a leaf holds no node: no cycle, and it keeps its accumulator reachable
    return;
  }
  data_ = plain_alias(t);
  output_nr_ = m ? m->output_nr : 0;
  if (!is_output && m) grad_fn_ = m->grad_fn;
}

Tensor SavedVariable::unpack(const std::shared_ptr<Node>& owner) const {
  if (!was_defined_) return Tensor();
  TS_CHECK(!was_freed_,
           "Trying to backward through the graph a second time (or directly access saved tensors "
           "after they have already been freed). Saved intermediate values of the graph are freed "
           "when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to "
           "backward through the graph a second time or if you need to access saved tensors after "
           "calling backward.");
  const uint32_t now = data_.version();
  if (now != version_) {
    std::string type = std::string("torch.") + scalar_type_name(data_.dtype()) + "Tensor";
    std::string what = grad_fn_name_.empty() && !is_output_
                           ? std::string()
                           : util::str(", which is output ", output_nr_, " of ",
                                       is_output_ ? owner->name() : grad_fn_name_, ",");
    util::throw_error(
        ErrorKind::Runtime,
        util::str("one of the variables needed for gradient computation has been modified by an "
                  "inplace operation: [", type, " ", shape_str(data_.sizes()), "]", what,
                  " is at version ", now, "; expected version ", version_,
                  " instead. Hint: enable anomaly detection to find the operation that failed to "
                  "compute its gradient, with torch.autograd.set_detect_anomaly(True)."));
  }
  if (is_leaf_ && !is_output_) return data_;
  Tensor t = plain_alias(data_);
  if (!requires_grad_) return t;
  // Reconnected to the graph, so a backward with create_graph records through it.
  if (is_output_) {
    set_history(t, owner, output_nr_);
  } else if (grad_fn_) {
    set_history(t, grad_fn_, output_nr_);
  }
  return t;
}

}  // namespace ts::autograd
