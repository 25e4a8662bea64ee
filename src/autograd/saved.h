// A tensor a node keeps for its backward, with the version it had when saved (so an in-place
// write before the backward is caught) and without owning the node that saved it (an output
// saving its own grad_fn would be a reference cycle).
#pragma once

#include "autograd/meta.h"

namespace ts::autograd {

class SavedVariable {
 public:
  SavedVariable() = default;
  SavedVariable(const Tensor& t, bool is_output);

  // The saved tensor, connected to the graph again (for create_graph). `owner` is the node
  // holding this variable; an output's grad_fn is that node. Raises PyTorch's errors for a
  // freed graph and for a tensor modified in place since it was saved.
  Tensor unpack(const std::shared_ptr<Node>& owner) const;
  void reset() {
    data_ = Tensor();
    grad_fn_.reset();
    was_freed_ = true;
  }
  bool defined() const { return was_defined_; }

 private:
  Tensor data_;                      // alias without autograd state; the leaf itself for leaves
  std::shared_ptr<Node> grad_fn_;    // inputs that are not leaves: their grad_fn
  std::string grad_fn_name_;         // for the in-place error message
  uint32_t output_nr_ = 0;
  uint32_t version_ = 0;
  bool was_defined_ = false;
  bool is_output_ = false;
  bool is_leaf_ = false;
  bool requires_grad_ = false;
  bool was_freed_ = false;
};

}  // namespace ts::autograd
