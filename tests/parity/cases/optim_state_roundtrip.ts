# Optimizer state_dict round trips: training 5 steps, saving, loading into a fresh optimizer over
# a copy of the model and continuing gives the same parameters as uninterrupted training (SGD
# with momentum, Adam, RMSprop); add_param_group with defaults filled in; zero_grad set_to_none.
import torch
import torch.nn as nn
from typing import List, Any


def loss_of(model: nn.Linear, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    return ((model(x) - y) ** 2).mean()


def compare(name: str, make: Any) -> None:
    torch.manual_seed(41)
    x = torch.randn(8, 3)
    y = torch.randn(8, 2)
    a = nn.Linear(3, 2)
    b = nn.Linear(3, 2)
    b.load_state_dict(a.state_dict())
    oa = make(a.parameters())
    for i in range(10):
        oa.zero_grad()
        loss_of(a, x, y).backward()
        oa.step()
    ob = make(b.parameters())
    for i in range(5):
        ob.zero_grad()
        loss_of(b, x, y).backward()
        ob.step()
    saved = ob.state_dict()
    c = nn.Linear(3, 2)
    c.load_state_dict(b.state_dict())
    oc = make(c.parameters())
    oc.load_state_dict(saved)
    for i in range(5):
        oc.zero_grad()
        loss_of(c, x, y).backward()
        oc.step()
    same = all([torch.allclose(p, q, atol=1e-6) for p, q in zip(a.parameters(), c.parameters())])
    print(name, same, [round(v, 5) for v in c.weight.flatten().tolist()])
    print("  ", sorted(saved["state"][0].keys()), saved["param_groups"][0]["params"])


compare("sgd", lambda p: torch.optim.SGD(p, lr=0.1, momentum=0.9))
compare("adam", lambda p: torch.optim.Adam(p, lr=0.05, amsgrad=True))
compare("rmsprop", lambda p: torch.optim.RMSprop(p, lr=0.01, centered=True, momentum=0.5))
compare("adagrad", lambda p: torch.optim.Adagrad(p, lr=0.1))
torch.manual_seed(42)
l0 = nn.Linear(2, 2)
m = nn.Sequential(l0, nn.Linear(2, 1))
opt = torch.optim.SGD(m[0].parameters(), lr=0.1, momentum=0.5)
opt.add_param_group({"params": m[1].parameters(), "lr": 0.01})
print(len(opt.param_groups), opt.param_groups[1]["lr"], opt.param_groups[1]["momentum"], opt.param_groups[1]["nesterov"])
m(torch.ones(3, 2)).sum().backward()
opt.step()
sd = opt.state_dict()
print(sd["param_groups"][1]["params"], sorted(sd["state"].keys()))
opt.zero_grad()
g = l0.weight.grad
print(g is None)
m(torch.ones(3, 2)).sum().backward()
opt.zero_grad(set_to_none=False)
g2 = l0.weight.grad
assert g2 is not None
print(g2.abs().sum().item())
try:
    opt.add_param_group({"params": m[1].parameters()})
except ValueError as e:
    print("ValueError:", e)
fresh = torch.optim.SGD(m.parameters(), lr=0.1)
try:
    fresh.load_state_dict(sd)
except ValueError as e:
    print("ValueError:", e)
