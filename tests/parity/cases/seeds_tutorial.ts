# The seeds' tutorial samples (autograd, nn, optim sections): second derivatives, the
# differentiable-round trick and fake-quantization training, MyModel two ways, a Sequential fit
# of sin(2x) with SGD, and saving/loading a state_dict.
import torch
from typing import Optional, List

torch.manual_seed(0)
a = torch.arange(5., requires_grad=True)
b = a ** 4
gr, = torch.autograd.grad(b.sum(), [a], create_graph=True)
hvp, = torch.autograd.grad(gr.sum(), [a])
print(a, hvp)

a = torch.randn(5, requires_grad=True)
b = a.round()
gr, = torch.autograd.grad(b.sum(), [a])
print(gr)


def differentiable_round(a: torch.Tensor, ndigits: Optional[float] = None) -> torch.Tensor:
    if ndigits is None:
        b = a.round()
    else:
        scale = 10 ** ndigits
        b = (a * scale).round() / scale
    return a + (b - a).detach()


c = differentiable_round(a)
gr2, = torch.autograd.grad(c.sum(), [a])
print((c == b).all().item(), gr2)

w1 = torch.randn(1, 10, requires_grad=True)
b1 = torch.randn(10, requires_grad=True)
w2 = torch.randn(10, 1, requires_grad=True)
b2 = torch.randn(1, requires_grad=True)
params = [w1, b1, w2, b2]
for i in range(200):
    x = torch.randn(10, 1)
    target = torch.sin(2 * x)
    xr = differentiable_round(x)
    w1r = differentiable_round(w1, 0.5)
    b1r = differentiable_round(b1, 0.5)
    w2r = differentiable_round(w2, 0.5)
    b2r = differentiable_round(b2, 0.5)
    pred = torch.tanh(xr @ w1r + b1r) @ w2r + b2r
    loss = ((pred - target) ** 2).sum()
    grads = torch.autograd.grad(loss, params)
    for p, g in zip(params, grads):
        with torch.no_grad():
            p -= 1e-2 * g
    if i % 50 == 0:
        print(i, round(loss.item(), 3))


class MyModel(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w1 = torch.nn.Parameter(torch.randn(1, 10))
        self.b1 = torch.nn.Parameter(torch.randn(10))
        self.w2 = torch.nn.Parameter(torch.randn(10, 1))
        self.b2 = torch.nn.Parameter(torch.randn(1))

    def forward(self, x):
        return torch.tanh(x @ self.w1 + self.b1) @ self.w2 + self.b2


model = MyModel()
print(model.w1)
print(model(torch.ones(2, 1)))


class MyModel2(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = torch.nn.Linear(1, 10)
        self.l2 = torch.nn.Linear(10, 1)

    def forward(self, x):
        x = torch.tanh(self.l1(x))
        return self.l2(x)


print(MyModel2())

model2 = torch.nn.Sequential(
    torch.nn.Linear(1, 10),
    torch.nn.Tanh(),
    torch.nn.Linear(10, 1))
opt = torch.optim.SGD(model2.parameters(), lr=1e-2)
losses: List[float] = []
for i in range(200):
    x = torch.randn(10, 1)
    target = torch.sin(2 * x)
    pred = model2(x)
    loss = torch.nn.functional.mse_loss(pred, target, reduction="sum")
    opt.zero_grad()
    loss.backward()
    opt.step()
    losses.append(loss.item())
print([round(v, 3) for v in losses[::40]])
with torch.no_grad():
    x0 = torch.linspace(-2, 2, 9)
    print(model2(x0[:, None]).squeeze(1))
