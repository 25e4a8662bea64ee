# Exercises ReduceLROnPlateau driven by validation loss, plus an EarlyStopping helper class with patience and best-state copy.
import copy
import torch
import torch.nn as nn


class EarlyStopping:
    def __init__(self, patience: int = 5, min_delta: float = 1e-4):
        self.patience = patience
        self.min_delta = min_delta
        self.best = float("inf")
        self.counter = 0
        self.best_state = None
        self.best_epoch = -1

    def step(self, val_loss: float, model: nn.Module, epoch: int) -> bool:
        if val_loss < self.best - self.min_delta:
            self.best = val_loss
            self.counter = 0
            self.best_state = copy.deepcopy(model.state_dict())
            self.best_epoch = epoch
            return False
        self.counter += 1
        return self.counter >= self.patience


def main():
    torch.manual_seed(13)
    x = torch.randn(60, 5)
    w = torch.randn(5, 1)
    y = x @ w + 0.3 * torch.randn(60, 1)
    x_tr, y_tr, x_va, y_va = x[:40], y[:40], x[40:], y[40:]
    model = nn.Sequential(nn.Linear(5, 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 1))
    opt = torch.optim.Adam(model.parameters(), lr=0.01)
    sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, mode="min", factor=0.5, patience=2)
    stopper = EarlyStopping(patience=6)
    crit = nn.MSELoss()
    lr_changes = []
    last_lr = opt.param_groups[0]["lr"]
    stopped_at = None
    for epoch in range(200):
        model.train()
        opt.zero_grad()
        loss = crit(model(x_tr), y_tr)
        loss.backward()
        opt.step()
        model.eval()
        with torch.no_grad():
            val = crit(model(x_va), y_va).item()
        sched.step(val)
        lr = opt.param_groups[0]["lr"]
        if lr != last_lr:
            lr_changes.append((epoch, lr))
            last_lr = lr
        if epoch % 10 == 0:
            print(f"epoch {epoch:3d} train {loss.item():.4f} val {val:.4f} lr {lr:.5f}")
        if stopper.step(val, model, epoch):
            stopped_at = epoch
            break
    print("stopped at:", stopped_at)
    print("best epoch:", stopper.best_epoch, f"best val {stopper.best:.4f}")
    print("lr changes:", [(e, round(l, 5)) for e, l in lr_changes])
    model.load_state_dict(stopper.best_state)
    with torch.no_grad():
        val = crit(model(x_va), y_va).item()
    print(f"restored val {val:.4f} matches: {abs(val - stopper.best) < 1e-6}")
    print("state keys:", list(stopper.best_state.keys()))


if __name__ == "__main__":
    main()
