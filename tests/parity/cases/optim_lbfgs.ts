# LBFGS with and without the strong-Wolfe line search on a least-squares problem and on the
# Rosenbrock function; and the seeds' Implicit function (an autograd.Function whose forward
# solves F(x, y) = 0 with LBFGS and whose backward uses the implicit function theorem).
import torch
import torch.nn as nn
from typing import List, Any, Callable


def fit(line_search: Any) -> None:
    torch.manual_seed(0)
    model = nn.Linear(3, 1)
    x = torch.randn(20, 3)
    y = x @ torch.tensor([[1.0], [-2.0], [0.5]]) + 0.3
    opt = torch.optim.LBFGS(model.parameters(), lr=1, max_iter=20, line_search_fn=line_search)

    def closure() -> torch.Tensor:
        opt.zero_grad()
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        return loss

    for i in range(3):
        loss = opt.step(closure)
        assert loss is not None
        print(line_search, i, round(loss.item(), 6))
    print([round(v, 4) for p in model.parameters() for v in p.flatten().tolist()])


fit(None)
fit("strong_wolfe")

p = torch.tensor([-1.5, 2.0], dtype=torch.float64, requires_grad=True)
opt = torch.optim.LBFGS([p], lr=1, max_iter=50, line_search_fn="strong_wolfe")


def rosen() -> torch.Tensor:
    opt.zero_grad()
    f = (1 - p[0]) ** 2 + 100 * (p[1] - p[0] ** 2) ** 2
    f.backward()
    return f


for i in range(3):
    opt.step(rosen)
print([round(v, 6) for v in p.tolist()], opt.state_dict()["state"][0]["n_iter"])


class Implicit(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x: torch.Tensor, y0: torch.Tensor, F: Callable[[torch.Tensor, torch.Tensor], torch.Tensor],
                max_iter: int = 100) -> torch.Tensor:
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
    def backward(ctx, output_grad: torch.Tensor) -> Any:
        x, y = ctx.saved_tensors
        F = ctx._the_function
        with torch.enable_grad():
            xv = x.detach().requires_grad_()
            y = y.detach().requires_grad_()
            z = F(xv, y)
            z.backward()
        return -xv.grad / y.grad * output_grad, None, None, None


def circle(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    return x ** 2 + y ** 2 - 1


x = torch.tensor([0.5], dtype=torch.double, requires_grad=True)
y0 = torch.tensor([0.5], dtype=torch.double)
y = Implicit.apply(x, y0, circle)
print(y.detach(), (1 - 0.5 ** 2) ** 0.5)
gr, = torch.autograd.grad(y, x)
gr_exp, = torch.autograd.grad((1 - x ** 2) ** 0.5, [x])
print(gr, gr_exp)
