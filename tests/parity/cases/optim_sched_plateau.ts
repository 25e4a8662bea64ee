# ReduceLROnPlateau in min and max mode, relative and absolute thresholds, patience, cooldown,
# min_lr per group and eps: the lr after each step, num_bad_epochs, best and cooldown_counter.
import torch
from typing import List, Any


def params() -> List[torch.Tensor]:
    return [torch.zeros(2, requires_grad=True)]


def trace(name: str, opt: Any, sched: Any, metrics: List[float]) -> None:
    print(name)
    for m in metrics:
        sched.step(m)
        print("  ", m, [round(g["lr"], 8) for g in opt.param_groups], sched.num_bad_epochs, round(sched.best, 6),
              sched.cooldown_counter)


down = [1.0, 0.8, 0.79, 0.795, 0.8, 0.81, 0.7, 0.69, 0.7, 0.71, 0.72, 0.73, 0.74]
up = [0.1, 0.2, 0.21, 0.2, 0.19, 0.25, 0.25, 0.24, 0.26, 0.22, 0.21]
o = torch.optim.SGD(params(), lr=1.0)
trace("min rel", o, torch.optim.lr_scheduler.ReduceLROnPlateau(o, patience=1), down)
o = torch.optim.SGD(params(), lr=1.0)
trace("min abs", o, torch.optim.lr_scheduler.ReduceLROnPlateau(o, factor=0.5, patience=1, threshold=0.05,
                                                              threshold_mode="abs"), down)
o = torch.optim.SGD(params(), lr=1.0)
trace("max rel", o, torch.optim.lr_scheduler.ReduceLROnPlateau(o, mode="max", factor=0.2, patience=0, threshold=0.1), up)
o = torch.optim.SGD(params(), lr=1.0)
trace("max abs cooldown", o, torch.optim.lr_scheduler.ReduceLROnPlateau(o, mode="max", factor=0.5, patience=1,
                                                                        threshold_mode="abs", cooldown=2), up)
o = torch.optim.SGD([{"params": params()}, {"params": params(), "lr": 0.1}], lr=1.0)
trace("min_lr groups", o, torch.optim.lr_scheduler.ReduceLROnPlateau(o, factor=0.1, patience=0, min_lr=[0.05, 0.002]),
      [1.0, 1.0, 1.0, 1.0])
o = torch.optim.SGD(params(), lr=1e-6)
trace("eps", o, torch.optim.lr_scheduler.ReduceLROnPlateau(o, factor=0.9, patience=0, eps=1e-6), [1.0, 1.0, 1.0])
s = torch.optim.lr_scheduler.ReduceLROnPlateau(torch.optim.SGD(params(), lr=1.0), patience=3)
s.step(1.0)
s.step(2.0)
sd = s.state_dict()
print(sd["best"], sd["num_bad_epochs"], sd["last_epoch"], sd["mode"], sd["patience"])
try:
    torch.optim.lr_scheduler.ReduceLROnPlateau(torch.optim.SGD(params(), lr=1.0), factor=1.0)
except ValueError as e:
    print("ValueError:", e)
try:
    torch.optim.lr_scheduler.ReduceLROnPlateau(torch.optim.SGD(params(), lr=1.0), mode="avg")
except ValueError as e:
    print("ValueError:", e)
