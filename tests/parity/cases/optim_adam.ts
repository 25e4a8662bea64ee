# torch.optim.Adam: defaults, betas, eps, weight_decay, amsgrad, maximize, per-group learning rates:
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


run("default", lambda m: torch.optim.Adam(m.parameters()))
run("lr", lambda m: torch.optim.Adam(m.parameters(), lr=0.05))
run("betas", lambda m: torch.optim.Adam(m.parameters(), lr=0.02, betas=(0.5, 0.9), eps=1e-6))
run("weight_decay", lambda m: torch.optim.Adam(m.parameters(), lr=0.02, weight_decay=0.5))
run("amsgrad", lambda m: torch.optim.Adam(m.parameters(), lr=0.05, amsgrad=True))
run("maximize", lambda m: torch.optim.Adam(m.parameters(), lr=0.01, maximize=True))
run("groups", lambda m: torch.optim.Adam(groups(m, 0.001), lr=0.03, amsgrad=True))

torch.manual_seed(32)
w = torch.randn(4, requires_grad=True)
opt = torch.optim.Adam([w], lr=0.01, amsgrad=True)
for i in range(3):
    opt.zero_grad()
    (w * torch.arange(1.0, 5.0)).pow(2).sum().backward()
    opt.step()
st = opt.state_dict()
print(opt)
print(sorted(st["state"][0].keys()), [round(v, 5) for v in w.tolist()])
try:
    torch.optim.Adam([w], betas=(0.9, 1.0))
except ValueError as e:
    print("ValueError:", e)
try:
    torch.optim.Adam([w], eps=-1e-8)
except ValueError as e:
    print("ValueError:", e)
