# torch.optim.NAdam: lr, betas, momentum_decay, weight_decay, eps:
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


run("default", lambda m: torch.optim.NAdam(m.parameters()))
run("lr", lambda m: torch.optim.NAdam(m.parameters(), lr=0.05))
run("betas", lambda m: torch.optim.NAdam(m.parameters(), lr=0.03, betas=(0.7, 0.95), eps=1e-6))
run("momentum_decay", lambda m: torch.optim.NAdam(m.parameters(), lr=0.03, momentum_decay=0.01))
run("weight_decay", lambda m: torch.optim.NAdam(m.parameters(), lr=0.03, weight_decay=0.3))
run("groups", lambda m: torch.optim.NAdam(groups(m, 0.005), lr=0.05))

torch.manual_seed(32)
w = torch.randn(4, requires_grad=True)
opt = torch.optim.NAdam([w], lr=0.01)
for i in range(3):
    opt.zero_grad()
    (w * torch.arange(1.0, 5.0)).pow(2).sum().backward()
    opt.step()
st = opt.state_dict()
print(opt)
print(sorted(st["state"][0].keys()), [round(v, 5) for v in w.tolist()])
try:
    torch.optim.NAdam([w], momentum_decay=-0.1)
except ValueError as e:
    print("ValueError:", e)
