# Exercises AdamW parameter groups (no decay for bias/norm) with a linear-warmup cosine LambdaLR.
import math
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(5, 16)
        self.norm = nn.LayerNorm(16)
        self.fc2 = nn.Linear(16, 1)

    def forward(self, x):
        return self.fc2(torch.relu(self.norm(self.fc1(x))))


def split_params(model: nn.Module):
    decay, no_decay = [], []
    for name, p in model.named_parameters():
        if name.endswith("bias") or "norm" in name:
            no_decay.append(name)
        else:
            decay.append(name)
    return decay, no_decay


def warmup_cosine(warmup: int, total: int):
    def fn(step: int) -> float:
        if step < warmup:
            return (step + 1) / warmup
        progress = (step - warmup) / max(1, total - warmup)
        return 0.5 * (1.0 + math.cos(math.pi * progress))
    return fn


def main():
    torch.manual_seed(0)
    model = Net()
    decay, no_decay = split_params(model)
    print("decay:", decay)
    print("no_decay:", no_decay)
    params = dict(model.named_parameters())
    groups = [
        {"params": [params[n] for n in decay], "weight_decay": 0.1},
        {"params": [params[n] for n in no_decay], "weight_decay": 0.0},
    ]
    opt = torch.optim.AdamW(groups, lr=0.01)
    total_steps = 20
    sched = torch.optim.lr_scheduler.LambdaLR(opt, warmup_cosine(5, total_steps))
    x = torch.randn(64, 5)
    w = torch.tensor([[1.0], [-2.0], [0.5], [0.0], [3.0]])
    y = x @ w + 0.1 * torch.randn(64, 1)
    loss_fn = nn.MSELoss()
    for step in range(total_steps):
        pred = model(x)
        loss = loss_fn(pred, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        lrs = [g["lr"] for g in opt.param_groups]
        if step % 3 == 0 or step == total_steps - 1:
            print(f"step {step:2d} loss {loss.item():.4f} lr {lrs[0]:.6f} {lrs[1]:.6f}")
        sched.step()
    print("group sizes:", [len(g["params"]) for g in opt.param_groups])
    print("weight decays:", [g["weight_decay"] for g in opt.param_groups])
    print("last lr:", [round(v, 8) for v in sched.get_last_lr()])
    norm = sum(p.detach().norm().item() ** 2 for p in model.parameters()) ** 0.5
    print(f"param norm {norm:.3f}")


if __name__ == "__main__":
    main()
