# Every optimizer (with its main options) for 10 steps on a small least-squares problem: losses,
# final parameters, state_dict layout and the printed optimizer.
import torch
import torch.nn as nn
from typing import List, Any


def run(name: str, make: Any) -> None:
    torch.manual_seed(0)
    model = nn.Linear(4, 2)
    x = torch.randn(16, 4)
    y = torch.randn(16, 2)
    opt = make(model.parameters())
    losses: List[float] = []
    for step in range(10):
        opt.zero_grad()
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        opt.step()
        # 4 digits: column sums (bias gradients) still differ from PyTorch's in the last float bits
        losses.append(round(loss.item(), 4))
    print(name, losses)
    for n, p in model.named_parameters():
        print(" ", n, [round(v, 6) for v in p.flatten().tolist()])


run("sgd", lambda p: torch.optim.SGD(p, lr=0.1))
run("sgd-momentum", lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.9, dampening=0.1, weight_decay=0.01))
run("sgd-nesterov", lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.9, nesterov=True, maximize=False))
run("adam", lambda p: torch.optim.Adam(p, lr=0.05))
run("adam-amsgrad", lambda p: torch.optim.Adam(p, lr=0.05, amsgrad=True, weight_decay=0.1))
run("adamw", lambda p: torch.optim.AdamW(p, lr=0.05))
run("rmsprop", lambda p: torch.optim.RMSprop(p, lr=0.01))
run("rmsprop-centered", lambda p: torch.optim.RMSprop(p, lr=0.01, momentum=0.5, centered=True, weight_decay=0.1))
run("adagrad", lambda p: torch.optim.Adagrad(p, lr=0.1, lr_decay=0.01, initial_accumulator_value=0.1))
run("adadelta", lambda p: torch.optim.Adadelta(p, lr=1.0, weight_decay=0.01))
run("adamax", lambda p: torch.optim.Adamax(p, lr=0.05))
run("nadam", lambda p: torch.optim.NAdam(p, lr=0.05))
run("radam", lambda p: torch.optim.RAdam(p, lr=0.05, weight_decay=0.01))

torch.manual_seed(1)
m = nn.Linear(3, 1)
opt = torch.optim.Adam([{"params": [m.weight]}, {"params": [m.bias], "lr": 0.1}], lr=0.01)
print(opt)
print(opt.param_groups[1]["lr"], len(opt.param_groups))
m(torch.randn(2, 3)).sum().backward()
opt.step()
sd = opt.state_dict()
print(sd["param_groups"])
print(sorted(sd["state"][0].keys()), sd["state"][1]["step"])
opt.param_groups[0]["lr"] = 0.5
print(opt.param_groups[0]["lr"])
sgd = torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.9)
m(torch.randn(2, 3)).sum().backward()
sgd.step()
print(sgd)
print(sgd.state_dict()["state"])
sgd2 = torch.optim.SGD(m.parameters(), lr=0.3, momentum=0.9)
sgd2.load_state_dict(sgd.state_dict())
print(sgd2.param_groups[0]["lr"], sgd2.state_dict()["state"][1])
try:
    torch.optim.SGD([], lr=0.1)
except ValueError as e:
    print("ValueError:", e)
try:
    torch.optim.Adam(m.parameters(), lr=-1.0)
except ValueError as e:
    print("ValueError:", e)
try:
    torch.optim.SGD([m.weight * 2], lr=0.1)
except ValueError as e:
    print("ValueError:", e)
