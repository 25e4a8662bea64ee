# Exercises nn.Sequential built from an OrderedDict, LambdaLR warmup, saving the best model state_dict to a file and reloading it.
import os
from collections import OrderedDict
import torch
import torch.nn as nn
from torch.utils.data import TensorDataset, DataLoader, random_split

BEST_PATH = "best_model_demo.pth"


def build_model(hidden: int) -> nn.Sequential:
    return nn.Sequential(OrderedDict([
        ("fc1", nn.Linear(1, hidden)),
        ("act1", nn.Tanh()),
        ("fc2", nn.Linear(hidden, hidden)),
        ("act2", nn.Tanh()),
        ("out", nn.Linear(hidden, 1)),
    ]))


def evaluate(model, loader, loss_fn):
    model.eval()
    total, n = 0.0, 0
    with torch.no_grad():
        for xb, yb in loader:
            total += loss_fn(model(xb), yb).item() * xb.size(0)
            n += xb.size(0)
    return total / n


def main():
    torch.manual_seed(41)
    x = torch.linspace(-3, 3, 200).unsqueeze(1)
    y = torch.sin(x) + 0.1 * x ** 2 + 0.05 * torch.randn_like(x)
    ds = TensorDataset(x, y)
    train_ds, val_ds = random_split(ds, [160, 40], generator=torch.Generator().manual_seed(0))
    print("split sizes:", len(train_ds), len(val_ds))
    train_loader = DataLoader(train_ds, batch_size=20, shuffle=True)
    val_loader = DataLoader(val_ds, batch_size=40)
    model = build_model(32)
    print(model)
    print("access by name:", model.fc2.out_features, "index:", type(model[1]).__name__)
    opt = torch.optim.Adam(model.parameters(), lr=0.01)
    warmup = 5
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda ep: (ep + 1) / warmup if ep < warmup else 0.97 ** (ep - warmup))
    loss_fn = nn.MSELoss()
    best = float("inf")
    best_epoch = -1
    for epoch in range(30):
        model.train()
        for xb, yb in train_loader:
            opt.zero_grad()
            loss_fn(model(xb), yb).backward()
            opt.step()
        sched.step()
        val = evaluate(model, val_loader, loss_fn)
        if val < best:
            best, best_epoch = val, epoch
            torch.save(model.state_dict(), BEST_PATH)
        if epoch % 6 == 0:
            print(f"epoch {epoch:2d} val {val:.4f} lr {opt.param_groups[0]['lr']:.5f}")
    print(f"best epoch {best_epoch} val {best:.4f}")
    restored = build_model(32)
    restored.load_state_dict(torch.load(BEST_PATH))
    print(f"restored val {evaluate(restored, val_loader, loss_fn):.4f}")
    print("file saved:", os.path.isfile(BEST_PATH))
    os.remove(BEST_PATH)
    print("cleaned up:", not os.path.exists(BEST_PATH))


if __name__ == "__main__":
    main()
