# CyclicLR in each mode (triangular, triangular2, exp_range), with step_size_down, a custom
# scale_fn by cycle and by iteration, cycle_momentum off, per-group base/max lrs, and the
# momentum it cycles: lr and momentum sequences.
import torch
from typing import List, Any


def params() -> List[torch.Tensor]:
    return [torch.zeros(2, requires_grad=True)]


def trace(name: str, opt: Any, sched: Any, n: int) -> None:
    lrs: List[float] = []
    moms: List[float] = []
    for i in range(n):
        opt.step()
        sched.step()
        lrs.append(round(opt.param_groups[0]["lr"], 6))
        moms.append(round(opt.param_groups[0]["momentum"], 6))
    print(name, lrs)
    print("  momentum", moms)


for mode in ["triangular", "triangular2", "exp_range"]:
    o = torch.optim.SGD(params(), lr=0.5, momentum=0.9)
    trace(mode, o, torch.optim.lr_scheduler.CyclicLR(o, base_lr=0.1, max_lr=1.0, step_size_up=4, mode=mode, gamma=0.8), 20)
    o = torch.optim.SGD(params(), lr=0.5, momentum=0.9)
    trace(mode + " down", o, torch.optim.lr_scheduler.CyclicLR(o, 0.01, 0.2, step_size_up=2, step_size_down=5, mode=mode,
                                                              gamma=0.95, base_momentum=0.5, max_momentum=0.95), 16)
o = torch.optim.SGD(params(), lr=0.5, momentum=0.9)
trace("scale_fn cycle", o, torch.optim.lr_scheduler.CyclicLR(o, 0.1, 0.6, step_size_up=3, scale_fn=lambda c: 1.0 / c,
                                                             scale_mode="cycle"), 14)
o = torch.optim.SGD(params(), lr=0.5, momentum=0.9)
trace("scale_fn iterations", o, torch.optim.lr_scheduler.CyclicLR(o, 0.1, 0.6, step_size_up=3,
                                                                  scale_fn=lambda x: 0.9 ** x, scale_mode="iterations"), 14)
o = torch.optim.SGD(params(), lr=0.5)
s = torch.optim.lr_scheduler.CyclicLR(o, 0.1, 0.4, step_size_up=2, cycle_momentum=False)
lrs: List[float] = []
for i in range(8):
    o.step()
    s.step()
    lrs.append(round(s.get_last_lr()[0], 6))
print("no momentum", lrs, s.last_epoch)
o2 = torch.optim.SGD([{"params": params()}, {"params": params()}], lr=0.5, momentum=0.8)
s2 = torch.optim.lr_scheduler.CyclicLR(o2, [0.1, 0.2], [1.0, 0.4], step_size_up=3)
for i in range(5):
    o2.step()
    s2.step()
print("groups", [round(v, 6) for v in s2.get_last_lr()], [round(g["momentum"], 6) for g in o2.param_groups])
try:
    torch.optim.lr_scheduler.CyclicLR(torch.optim.Adagrad(params(), lr=0.1), 0.1, 1.0)
except ValueError as e:
    print("ValueError:", e)
