# LambdaLR and MultiplicativeLR over two groups, SequentialLR over three schedulers,
# ChainedScheduler of three, MultiStepLR with repeated milestones, last_epoch resumption and
# get_last_lr: lr sequences per group.
import torch
from typing import List, Any


def params() -> List[torch.Tensor]:
    return [torch.zeros(2, requires_grad=True)]


def trace(name: str, opt: Any, sched: Any, n: int) -> None:
    lrs: List[List[float]] = []
    for i in range(n):
        opt.step()
        sched.step()
        lrs.append([round(g["lr"], 8) for g in opt.param_groups])
    print(name, lrs)


def two_groups() -> Any:
    return torch.optim.SGD([{"params": params()}, {"params": params(), "lr": 0.2}], lr=0.1)


o = two_groups()
trace("lambda", o, torch.optim.lr_scheduler.LambdaLR(o, lambda e: 1.0 / (e + 1)), 5)
o = two_groups()
trace("lambda one", o, torch.optim.lr_scheduler.LambdaLR(o, lambda e: 1.0 + e), 4)
o = two_groups()
trace("multiplicative", o, torch.optim.lr_scheduler.MultiplicativeLR(o, lambda e: 1.1 if e < 3 else 0.5), 6)
o = two_groups()
a = torch.optim.lr_scheduler.ConstantLR(o, factor=0.1, total_iters=2)
b = torch.optim.lr_scheduler.ExponentialLR(o, gamma=0.8)
c = torch.optim.lr_scheduler.StepLR(o, step_size=2, gamma=0.5)
trace("sequential", o, torch.optim.lr_scheduler.SequentialLR(o, [a, b, c], milestones=[2, 5]), 10)
o = two_groups()
a = torch.optim.lr_scheduler.LinearLR(o, start_factor=0.2, total_iters=3)
b = torch.optim.lr_scheduler.StepLR(o, step_size=2, gamma=0.5)
c = torch.optim.lr_scheduler.ExponentialLR(o, gamma=0.95)
ch = torch.optim.lr_scheduler.ChainedScheduler([a, b, c])
trace("chained", o, ch, 7)
print([round(v, 8) for v in ch.get_last_lr()])
o = two_groups()
trace("multistep", o, torch.optim.lr_scheduler.MultiStepLR(o, milestones=[1, 3, 3, 6], gamma=0.1), 8)
o = two_groups()
s = torch.optim.lr_scheduler.StepLR(o, step_size=2, gamma=0.5)
for i in range(3):
    o.step()
    s.step()
o2 = torch.optim.SGD([{"params": params(), "initial_lr": 0.1}, {"params": params(), "initial_lr": 0.2}], lr=0.1)
s2 = torch.optim.lr_scheduler.StepLR(o2, step_size=2, gamma=0.5, last_epoch=2)
trace("resumed", o2, s2, 4)
print(s.last_epoch, s2.last_epoch, [round(v, 8) for v in s.get_last_lr()])
try:
    torch.optim.lr_scheduler.StepLR(torch.optim.SGD(params(), lr=0.1), step_size=2, last_epoch=3)
except KeyError as e:
    print("KeyError:", e)
