# torch.autograd: grad and backward over the engine (tensors or lists of tensors, None allowed
# among grad_outputs as in PyTorch). grad returns a tuple with None for unused inputs.
import torch
import _ts
from typing import Any, Optional


def grad(outputs: Any, inputs: Any, grad_outputs: Any = None, retain_graph: Optional[bool] = None,
         create_graph: bool = False, only_inputs: bool = True, allow_unused: bool = False) -> Any:
    return _ts.autograd_grad(outputs, inputs, grad_outputs, retain_graph, create_graph, allow_unused)


def backward(tensors: Any, grad_tensors: Any = None, retain_graph: Optional[bool] = None, create_graph: bool = False,
             inputs: Any = None) -> None:
    _ts.autograd_backward(tensors, grad_tensors, retain_graph, create_graph, inputs)


class Function:
    # Base of custom differentiable functions: subclasses define static forward(ctx, ...) and
    # backward(ctx, grads...), and are called as Fn.apply(...) (see src/runtime/builtins_autograd.cpp).
    pass
