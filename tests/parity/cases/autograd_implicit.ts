# The seeds' implicit-function example: a torch.autograd.Function whose forward solves F(x, y) = 0
# for y with LBFGS under enable_grad and whose backward applies the implicit function theorem,
# on the unit circle (and a second curve), compared with the explicit derivative.
import torch
from typing import Any


def circle(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    return x ** 2 + y ** 2 - 1


def cubic(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    return y ** 3 + y - x


class Implicit(torch.autograd.Function):
    @staticmethod
    def forward(ctx: Any, x: torch.Tensor, y0: torch.Tensor, F: Any, max_iter: int = 100) -> torch.Tensor:
        with torch.enable_grad():
            y = y0.clone().detach().requires_grad_()
            xv = x.detach()
            opt = torch.optim.LBFGS([y], max_iter=max_iter)

            def reevaluate() -> torch.Tensor:
                opt.zero_grad()
                z = F(xv, y) ** 2
                z.backward()
                return z
            opt.step(reevaluate)
        ctx._the_function = F
        ctx.save_for_backward(x, y)
        return y

    @staticmethod
    def backward(ctx: Any, output_grad: torch.Tensor) -> Any:
        x, y = ctx.saved_tensors
        F = ctx._the_function
        with torch.enable_grad():
            xv = x.detach().requires_grad_()
            y = y.detach().requires_grad_()
            z = F(xv, y)
            z.backward()
        return -xv.grad / y.grad * output_grad, None, None, None


x = torch.tensor([0.5], dtype=torch.double, requires_grad=True)
y0 = torch.tensor([0.5], dtype=torch.double)
y = Implicit.apply(x, y0, circle)
print(round(y.item(), 6), round((1 - 0.5 ** 2) ** 0.5, 6), y.dtype)
gr, = torch.autograd.grad(y, x)
gr_exp, = torch.autograd.grad((1 - x ** 2) ** 0.5, [x])
print(round(gr.item(), 5), round(gr_exp.item(), 5))
x2 = torch.tensor([2.0], dtype=torch.double, requires_grad=True)
y2 = Implicit.apply(x2, torch.tensor([0.0], dtype=torch.double), cubic)
print(round(y2.item(), 6))
(y2 * 3).sum().backward()
g = x2.grad
assert g is not None
# dy/dx = 1 / (3 y^2 + 1)
print(round(g.item(), 5), round(3 / (3 * y2.item() ** 2 + 1), 5))
