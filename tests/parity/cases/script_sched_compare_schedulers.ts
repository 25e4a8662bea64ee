# Exercises many LR schedulers (StepLR, MultiStepLR, ExponentialLR, CosineAnnealingLR, LambdaLR, OneCycleLR) and their lr traces.
import torch
import torch.nn as nn
from torch.optim import lr_scheduler


def make_opt():
    model = nn.Linear(2, 1)
    return torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)


def trace(name, make_sched, steps=10):
    opt = make_opt()
    sched = make_sched(opt)
    lrs = []
    for _ in range(steps):
        lrs.append(opt.param_groups[0]["lr"])
        opt.step()
        sched.step()
    print(f"{name:>12}: " + " ".join(f"{lr:.4f}" for lr in lrs))
    return lrs


def main():
    torch.manual_seed(0)
    trace("StepLR", lambda o: lr_scheduler.StepLR(o, step_size=3, gamma=0.5))
    trace("MultiStepLR", lambda o: lr_scheduler.MultiStepLR(o, milestones=[2, 5, 8], gamma=0.3))
    trace("Exponential", lambda o: lr_scheduler.ExponentialLR(o, gamma=0.8))
    trace("Cosine", lambda o: lr_scheduler.CosineAnnealingLR(o, T_max=10, eta_min=0.001))
    warmup = 3
    trace("LambdaLR", lambda o: lr_scheduler.LambdaLR(o, lr_lambda=lambda e: min(1.0, (e + 1) / warmup)))
    lrs = trace("OneCycle", lambda o: lr_scheduler.OneCycleLR(o, max_lr=0.5, total_steps=12), steps=12)
    print(f"one-cycle peak {max(lrs):.4f} at step {lrs.index(max(lrs))}")

    opt = make_opt()
    sched = lr_scheduler.OneCycleLR(opt, max_lr=0.5, total_steps=12)
    moms = []
    for _ in range(12):
        moms.append(round(opt.param_groups[0]["momentum"], 4))
        opt.step()
        sched.step()
    print("one-cycle momentum:", moms)

    # real training with CosineAnnealing + state_dict round trip
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
    opt = torch.optim.Adam(model.parameters(), lr=0.05)
    sched = lr_scheduler.CosineAnnealingLR(opt, T_max=20)
    x = torch.randn(64, 4)
    y = x.sum(dim=1, keepdim=True)
    for epoch in range(20):
        loss = nn.functional.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if epoch % 5 == 4:
            print(f"epoch {epoch + 1:2d} loss {loss.item():.4f} lr {sched.get_last_lr()[0]:.5f}")
    sd = sched.state_dict()
    print("sched state keys:", sorted(k for k in sd.keys()))
    print("last_epoch:", sd["last_epoch"], "T_max:", sd["T_max"])


if __name__ == "__main__":
    main()
