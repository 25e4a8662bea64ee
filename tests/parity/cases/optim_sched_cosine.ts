# CosineAnnealingLR (eta_min, past T_max), CosineAnnealingWarmRestarts (T_mult 1 and 2, explicit
# epochs passed to step) and OneCycleLR (cos and linear annealing, div factors, pct_start,
# per-group max_lr, Adam betas cycling): lr sequences.
import torch
from typing import List, Any


def params() -> List[torch.Tensor]:
    return [torch.zeros(2, requires_grad=True)]


def trace(name: str, opt: Any, sched: Any, n: int) -> None:
    lrs: List[float] = []
    for i in range(n):
        opt.step()
        sched.step()
        lrs.append(round(opt.param_groups[0]["lr"], 7))
    print(name, lrs)


o = torch.optim.SGD(params(), lr=0.5)
trace("cosine", o, torch.optim.lr_scheduler.CosineAnnealingLR(o, T_max=5), 12)
o = torch.optim.SGD(params(), lr=0.5)
trace("cosine eta_min", o, torch.optim.lr_scheduler.CosineAnnealingLR(o, T_max=3, eta_min=0.1), 9)
o = torch.optim.SGD(params(), lr=0.5)
trace("restarts", o, torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(o, T_0=4), 12)
o = torch.optim.SGD(params(), lr=0.5)
trace("restarts mult", o, torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(o, T_0=2, T_mult=2, eta_min=0.05), 16)
o = torch.optim.SGD(params(), lr=0.5)
wr = torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(o, T_0=3, T_mult=2)
lrs: List[float] = []
for k in [1, 2, 5, 4, 9, 0, 12]:
    wr.step(k)
    lrs.append(round(o.param_groups[0]["lr"], 7))
print("explicit epochs", lrs, wr.T_i, wr.T_cur)
o = torch.optim.SGD(params(), lr=0.5, momentum=0.9)
trace("onecycle", o, torch.optim.lr_scheduler.OneCycleLR(o, max_lr=1.0, total_steps=12), 11)
o = torch.optim.SGD(params(), lr=0.5, momentum=0.9)
trace("onecycle linear", o, torch.optim.lr_scheduler.OneCycleLR(o, max_lr=0.8, total_steps=10, pct_start=0.4,
                                                                anneal_strategy="linear", div_factor=10.0,
                                                                final_div_factor=100.0), 9)
print("momentum", round(o.param_groups[0]["momentum"], 6))
o = torch.optim.SGD(params(), lr=0.5, momentum=0.9)
trace("onecycle no momentum", o, torch.optim.lr_scheduler.OneCycleLR(o, max_lr=0.3, epochs=3, steps_per_epoch=3,
                                                                     cycle_momentum=False), 8)
oa = torch.optim.Adam([{"params": params()}, {"params": params()}], lr=0.1)
sa = torch.optim.lr_scheduler.OneCycleLR(oa, max_lr=[0.4, 0.2], total_steps=8, three_phase=True, base_momentum=0.8,
                                         max_momentum=0.9)
for i in range(5):
    oa.step()
    sa.step()
    print("  adam", [round(v, 7) for v in sa.get_last_lr()], [round(b, 6) for b in oa.param_groups[0]["betas"]])
print(round(oa.param_groups[1]["initial_lr"], 6), round(oa.param_groups[1]["min_lr"], 9))
try:
    torch.optim.lr_scheduler.OneCycleLR(torch.optim.SGD(params(), lr=0.1), max_lr=1.0)
except ValueError as e:
    print("ValueError:", e)
try:
    torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(torch.optim.SGD(params(), lr=0.1), T_0=0)
except ValueError as e:
    print("ValueError:", e)
# CosineAnnealingWarmRestarts.step(epoch) with a float epoch (fractions of an epoch), verbose output
ow2 = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.5)
wr = torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(ow2, T_0=3, eta_min=0.01, verbose=True)
for ep in [1.4, 2.9, 3.25, 7.5]:
    wr.step(ep)
    print(ep, wr.last_epoch, round(wr.get_last_lr()[0], 6))
wr.step()
print(wr.last_epoch, round(wr.get_last_lr()[0], 6))
wr.step(5)
print(wr.last_epoch, round(wr.get_last_lr()[0], 6))
ow3 = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=1.0)
wr3 = torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(ow3, T_0=2, T_mult=2)
for i in range(12):
    wr3.step(i * 0.75)
    print(wr3.last_epoch, wr3.T_i, round(wr3.T_cur, 4), round(wr3.get_last_lr()[0], 6))
try:
    wr3.step(-0.5)
except ValueError as e:
    print("ValueError:", e)
try:
    wr3.step(-2)
except ValueError as e:
    print("ValueError:", e)
