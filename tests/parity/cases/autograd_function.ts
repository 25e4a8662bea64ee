# torch.autograd.Function subclasses in scripts: ctx.save_for_backward / saved_tensors, other
# ctx attributes, needs_input_grad, non-tensor arguments, several outputs, Fn.apply.
import torch
from typing import Tuple, Any


class MyReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input: torch.Tensor) -> torch.Tensor:
        ctx.save_for_backward(input)
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output: torch.Tensor) -> torch.Tensor:
        input, = ctx.saved_tensors
        grad_input = grad_output.clone()
        grad_input[input < 0] = 0
        return grad_input


class Scale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x: torch.Tensor, factor: float, y: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
        ctx.factor = factor
        ctx.save_for_backward(x, y)
        return x * factor, x * y

    @staticmethod
    def backward(ctx, g1: torch.Tensor, g2: torch.Tensor) -> Tuple[Any, Any, Any]:
        x, y = ctx.saved_tensors
        print("needs_input_grad", ctx.needs_input_grad)
        gx = g1 * ctx.factor + g2 * y
        gy = g2 * x if ctx.needs_input_grad[2] else None
        return gx, None, gy


torch.manual_seed(0)
x = torch.randn(6, requires_grad=True)
y = MyReLU.apply(x)
print(y)
(y * torch.arange(6.0)).sum().backward()
print(x.grad)
a = torch.randn(3, requires_grad=True)
b = torch.randn(3)
p, q = Scale.apply(a, 2.5, b)
(p.sum() + (q * q).sum()).backward()
print(p.detach(), q.detach(), a.grad)
with torch.no_grad():
    print(MyReLU.apply(x).requires_grad)
