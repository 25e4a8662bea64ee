// The autograd layer's reverse-mode product, for the few derivatives written as the adjoint of
// the op's own composite forward (grid_sampler_2d/3d's backward): the op layer never includes
// the autograd layer, which installs the hook. See src/autograd/README.md, Note [Recording ops].
#pragma once

#include <vector>

#include "tensor/tensor.h"

namespace ts::ops {

// Gradients of `outputs` (weighted by `grad_outputs`) with respect to `inputs`, without a graph
// of their own; an input the outputs do not reach gets an undefined gradient.
using VjpHook = std::vector<Tensor> (*)(const std::vector<Tensor>& outputs,
                                        const std::vector<Tensor>& inputs,
                                        const std::vector<Tensor>& grad_outputs);
inline VjpHook& vjp_hook() {
  static VjpHook hook = nullptr;
  return hook;
}

}  // namespace ts::ops
