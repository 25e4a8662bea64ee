# torch.optim.Adagrad: lr_decay, weight_decay, initial_accumulator_value, eps, maximize:
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


run("default", lambda m: torch.optim.Adagrad(m.parameters()))
run("lr", lambda m: torch.optim.Adagrad(m.parameters(), lr=0.1))
run("lr_decay", lambda m: torch.optim.Adagrad(m.parameters(), lr=0.1, lr_decay=0.1))
run("accumulator", lambda m: torch.optim.Adagrad(m.parameters(), lr=0.1, initial_accumulator_value=1.0, eps=1e-3))
run("weight_decay", lambda m: torch.optim.Adagrad(m.parameters(), lr=0.1, weight_decay=0.2))
run("maximize", lambda m: torch.optim.Adagrad(m.parameters(), lr=0.05, maximize=True))
run("groups", lambda m: torch.optim.Adagrad(groups(m, 0.02), lr=0.2))

torch.manual_seed(32)
w = torch.randn(4, requires_grad=True)
opt = torch.optim.Adagrad([w], lr=0.1)
for i in range(3):
    opt.zero_grad()
    (w * torch.arange(1.0, 5.0)).pow(2).sum().backward()
    opt.step()
st = opt.state_dict()
print(opt)
print(sorted(st["state"][0].keys()), [round(v, 5) for v in w.tolist()])
try:
    torch.optim.Adagrad([w], lr_decay=-1.0)
except ValueError as e:
    print("ValueError:", e)
try:
    torch.optim.Adagrad([w], initial_accumulator_value=-1.0)
except ValueError as e:
    print("ValueError:", e)
