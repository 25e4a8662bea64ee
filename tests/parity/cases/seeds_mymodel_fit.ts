# The seeds' MyModel (explicit Parameters w1, b1, w2, b2 and tanh) fitted to sin(2x) with SGD,
# compared with the same network as nn.Sequential(Linear, Tanh, Linear) initialized from
# MyModel's parameters: losses every 20 steps, and the two models agree after training.
import torch
import torch.nn as nn
from typing import List


class MyModel(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w1 = torch.nn.Parameter(torch.randn(1, 10))
        self.b1 = torch.nn.Parameter(torch.randn(10))
        self.w2 = torch.nn.Parameter(torch.randn(10, 1))
        self.b2 = torch.nn.Parameter(torch.randn(1))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.tanh(x @ self.w1 + self.b1) @ self.w2 + self.b2


torch.manual_seed(44)
model = MyModel()
print(model, [n for n, _ in model.named_parameters()])
lin1 = nn.Linear(1, 10)
lin2 = nn.Linear(10, 1)
seq = nn.Sequential(lin1, nn.Tanh(), lin2)
bias1 = lin1.bias
bias2 = lin2.bias
assert bias1 is not None and bias2 is not None
with torch.no_grad():
    lin1.weight.copy_(model.w1.t())
    bias1.copy_(model.b1)
    lin2.weight.copy_(model.w2.t())
    bias2.copy_(model.b2)
x = torch.linspace(-2, 2, 50).unsqueeze(1)
y = torch.sin(2 * x)
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
opt2 = torch.optim.SGD(seq.parameters(), lr=0.05, momentum=0.9)
losses: List[float] = []
for step in range(100):
    opt.zero_grad()
    opt2.zero_grad()
    loss = torch.nn.functional.mse_loss(model(x), y)
    loss2 = torch.nn.functional.mse_loss(seq(x), y)
    loss.backward()
    loss2.backward()
    opt.step()
    opt2.step()
    if step % 20 == 0:
        losses.append(round(loss.item(), 3))
print(losses)
print(round(loss.item(), 3) < losses[0], torch.allclose(model(x), seq(x), atol=1e-4))
print([round(v, 2) for v in model(torch.tensor([[-1.0], [0.0], [0.5]])).flatten().tolist()])
sd = model.state_dict()
print(list(sd.keys()), [list(t.shape) for t in sd.values()])
fresh = MyModel()
fresh.load_state_dict(sd)
print(torch.equal(fresh(x), model(x)))
