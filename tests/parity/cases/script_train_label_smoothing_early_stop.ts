# Exercises label-smoothed cross entropy, grad-norm clipping and an EarlyStopping helper class.
import torch
import torch.nn as nn
import torch.nn.functional as F


class EarlyStopping:
    def __init__(self, patience: int = 3, min_delta: float = 1e-3):
        self.patience = patience
        self.min_delta = min_delta
        self.best = float("inf")
        self.bad_epochs = 0
        self.best_state = None

    def step(self, val_loss: float, model: nn.Module) -> bool:
        if val_loss < self.best - self.min_delta:
            self.best = val_loss
            self.bad_epochs = 0
            self.best_state = {k: v.clone() for k, v in model.state_dict().items()}
        else:
            self.bad_epochs += 1
        return self.bad_epochs >= self.patience

    def __repr__(self):
        return f"EarlyStopping(best={self.best:.4f}, bad={self.bad_epochs}/{self.patience})"


def main():
    torch.manual_seed(0)
    n, d, k = 120, 6, 3
    x = torch.randn(n, d)
    true_w = torch.randn(d, k)
    y = (x @ true_w).argmax(dim=1)
    xtr, ytr, xva, yva = x[:90], y[:90], x[90:], y[90:]
    model = nn.Sequential(nn.Linear(d, 32), nn.Tanh(), nn.Linear(32, k))
    opt = torch.optim.SGD(model.parameters(), lr=0.5)
    crit = nn.CrossEntropyLoss(label_smoothing=0.1)
    logits = model(xtr)
    l1 = crit(logits, ytr)
    l2 = F.cross_entropy(logits, ytr, label_smoothing=0.1)
    manual = (1 - 0.1) * F.nll_loss(F.log_softmax(logits, 1), ytr) - 0.1 * F.log_softmax(logits, 1).mean(1).mean()
    print(f"smoothed ce {l1.item():.5f} functional {l2.item():.5f} manual {manual.item():.5f}")
    stopper = EarlyStopping(patience=3, min_delta=0.005)
    for epoch in range(40):
        model.train()
        opt.zero_grad()
        loss = crit(model(xtr), ytr)
        loss.backward()
        gn = nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
        opt.step()
        model.eval()
        with torch.no_grad():
            vl = F.cross_entropy(model(xva), yva).item()
            acc = (model(xva).argmax(1) == yva).float().mean().item()
        print(f"epoch {epoch:2d} train {loss.item():.4f} grad_norm {gn.item():.4f} val {vl:.4f} acc {acc:.3f}")
        if stopper.step(vl, model):
            print("early stop at epoch", epoch, stopper)
            break
    print(stopper)
    model.load_state_dict(stopper.best_state)
    with torch.no_grad():
        print(f"restored val loss {F.cross_entropy(model(xva), yva).item():.4f}")
    clipped = torch.tensor([3.0, 4.0], requires_grad=True)
    (clipped * clipped).sum().backward()
    nn.utils.clip_grad_value_([clipped], clip_value=5.0)
    print("clip_grad_value:", clipped.grad.tolist())


if __name__ == "__main__":
    main()
