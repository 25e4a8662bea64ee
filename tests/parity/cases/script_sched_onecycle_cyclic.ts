# Exercises OneCycleLR, CyclicLR, StepLR and MultiStepLR learning-rate traces with SGD momentum.
import torch
import torch.nn as nn
from torch.optim.lr_scheduler import OneCycleLR, CyclicLR, StepLR, MultiStepLR


def trace(sched_name, opt, sched, steps):
    lrs = []
    moms = []
    for _ in range(steps):
        opt.step()
        lrs.append(opt.param_groups[0]["lr"])
        moms.append(opt.param_groups[0].get("momentum", 0.0))
        sched.step()
    print(f"{sched_name}:")
    print("  lr  ", " ".join(f"{v:.4f}" for v in lrs))
    print("  mom ", " ".join(f"{v:.3f}" for v in moms))
    return lrs


def fresh_opt():
    model = nn.Linear(2, 1)
    return torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)


def main():
    torch.manual_seed(0)
    opt = fresh_opt()
    s = OneCycleLR(opt, max_lr=1.0, total_steps=12)
    lrs = trace("OneCycleLR", opt, s, 12)
    peak = max(range(len(lrs)), key=lambda i: lrs[i])
    print("  peak at step", peak, f"value {lrs[peak]:.4f}")

    opt = fresh_opt()
    s = OneCycleLR(opt, max_lr=0.5, total_steps=10, anneal_strategy="linear", pct_start=0.4)
    trace("OneCycleLR linear", opt, s, 10)

    opt = fresh_opt()
    s = CyclicLR(opt, base_lr=0.01, max_lr=0.1, step_size_up=3)
    trace("CyclicLR triangular", opt, s, 12)

    opt = fresh_opt()
    s = CyclicLR(opt, base_lr=0.01, max_lr=0.1, step_size_up=2, mode="triangular2")
    trace("CyclicLR triangular2", opt, s, 12)

    opt = fresh_opt()
    s = StepLR(opt, step_size=3, gamma=0.5)
    trace("StepLR", opt, s, 8)

    opt = fresh_opt()
    s = MultiStepLR(opt, milestones=[2, 5], gamma=0.1)
    out = trace("MultiStepLR", opt, s, 7)
    print("distinct lrs:", sorted(set(round(v, 6) for v in out)))
    print("state keys:", sorted(s.state_dict().keys()))


if __name__ == "__main__":
    main()
