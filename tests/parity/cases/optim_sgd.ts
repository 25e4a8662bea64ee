# torch.optim.SGD: plain, momentum with dampening, Nesterov, weight_decay, maximize, per-group learning rates:
# each for 10 steps on a small regression; losses, final parameters, the printed optimizer and
# its state keys.
import torch
import torch.nn as nn
from typing import List, Any


def run(name: str, make: Any, steps: int = 10) -> None:
    torch.manual_seed(31)
    model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1))
    x = torch.randn(12, 3)
    y = x[:, :1] * 0.5 - x[:, 1:2].pow(2)
    opt = make(model)
    losses: List[float] = []
    for step in range(steps):
        opt.zero_grad()
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        opt.step()
        losses.append(round(loss.item(), 4))
    print(name, losses)
    for n, p in model.named_parameters():
        print(" ", n, [round(v, 4) for v in p.flatten().tolist()])


def groups(model: nn.Sequential, lr2: float) -> List[Any]:
    # the first layer with the defaults, the second with its own learning rate
    return [{"params": model[0].parameters()}, {"params": model[2].parameters(), "lr": lr2}]


run("plain", lambda m: torch.optim.SGD(m.parameters(), lr=0.1))
run("momentum", lambda m: torch.optim.SGD(m.parameters(), lr=0.05, momentum=0.8))
run("dampening", lambda m: torch.optim.SGD(m.parameters(), lr=0.05, momentum=0.9, dampening=0.5))
run("nesterov", lambda m: torch.optim.SGD(m.parameters(), lr=0.05, momentum=0.9, nesterov=True, weight_decay=0.01))
run("weight_decay", lambda m: torch.optim.SGD(m.parameters(), lr=0.1, weight_decay=0.1))
run("maximize", lambda m: torch.optim.SGD(m.parameters(), lr=0.01, maximize=True))
run("groups", lambda m: torch.optim.SGD(groups(m, 0.01), lr=0.2, momentum=0.5))

torch.manual_seed(32)
w = torch.randn(4, requires_grad=True)
opt = torch.optim.SGD([w], lr=0.01, momentum=0.9)
for i in range(3):
    opt.zero_grad()
    (w * torch.arange(1.0, 5.0)).pow(2).sum().backward()
    opt.step()
st = opt.state_dict()
print(opt)
print(sorted(st["state"][0].keys()), [round(v, 5) for v in w.tolist()])
try:
    torch.optim.SGD([w], lr=0.1, nesterov=True)
except ValueError as e:
    print("ValueError:", e)
try:
    torch.optim.SGD([w], lr=0.1, momentum=-0.5)
except ValueError as e:
    print("ValueError:", e)
