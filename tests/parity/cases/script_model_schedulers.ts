import math
import torch
import torch.nn as nn
from torch.optim import lr_scheduler

torch.manual_seed(16)


def make_opt(lr=0.1):
    model = nn.Linear(2, 1)
    return torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)


def run(name, opt, sched, steps=8):
    lrs = []
    for _ in range(steps):
        opt.step()
        lrs.append(round(opt.param_groups[0]["lr"], 6))
        sched.step()
    print(f"{name:12s}", lrs)


opt = make_opt()
run("multistep", opt, lr_scheduler.MultiStepLR(opt, milestones=[2, 5], gamma=0.1))
opt = make_opt()
run("exponential", opt, lr_scheduler.ExponentialLR(opt, gamma=0.8))
opt = make_opt()
run("cos_restart", opt, lr_scheduler.CosineAnnealingWarmRestarts(opt, T_0=3, T_mult=2, eta_min=0.001), steps=10)
opt = make_opt()
run("onecycle", opt, lr_scheduler.OneCycleLR(opt, max_lr=1.0, total_steps=10), steps=10)
opt = make_opt()
run("step", opt, lr_scheduler.StepLR(opt, step_size=3, gamma=0.5))


def warmup(epoch):
    if epoch < 3:
        return (epoch + 1) / 3
    return 0.5 * (1 + math.cos(math.pi * (epoch - 3) / 5))


opt = make_opt()
run("lambda", opt, lr_scheduler.LambdaLR(opt, lr_lambda=warmup))
opt = make_opt()
run("lambda_lam", opt, lr_scheduler.LambdaLR(opt, lambda e: 0.95 ** e))

opt = make_opt()
plateau = lr_scheduler.ReduceLROnPlateau(opt, mode="min", factor=0.5, patience=1)
val_losses = [1.0, 0.9, 0.91, 0.92, 0.93, 0.85, 0.86, 0.87]
for epoch, vl in enumerate(val_losses):
    opt.step()
    plateau.step(vl)
    print(f"epoch {epoch} val {vl} lr {opt.param_groups[0]['lr']:.4f}")

opt = make_opt()
s = lr_scheduler.CosineAnnealingLR(opt, T_max=4)
for _ in range(4):
    opt.step()
    s.step()
print("last lr:", [round(v, 6) for v in s.get_last_lr()])
print("sched state keys:", sorted(k for k in s.state_dict().keys()))
