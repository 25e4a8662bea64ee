# An attribute typed by an unannotated assignment widens where a later assignment needs it
# (int to float, None to Optional), as Python's would hold either; values keep their own type
# until reassigned.
import torch


class AverageMeter:
    def __init__(self, name):
        self.name = name
        self.reset()

    def reset(self):
        self.val = 0
        self.avg = 0
        self.sum = 0
        self.count = 0

    def update(self, val, n=1):
        self.val = val
        self.sum += val * n
        self.count += n
        self.avg = self.sum / self.count

    def __str__(self):
        return f"{self.name} {self.val:.4f} ({self.avg:.4f})"


class EarlyStopping:
    def __init__(self, patience):
        self.patience = patience
        self.best = None
        self.best_state = None
        self.bad = 0

    def step(self, loss, state):
        if self.best is None or loss < self.best:
            self.best = loss
            self.best_state = {k: v.clone() for k, v in state.items()}
            self.bad = 0
        else:
            self.bad += 1
        return self.bad >= self.patience


m = AverageMeter("loss")
print(m.avg, m.count)
for v in [0.5, 0.25, 1.0]:
    m.update(v, 2)
print(m)
stop = EarlyStopping(2)
state = {"w": torch.ones(2)}
for i, loss in enumerate([1.0, 0.5, 0.7, 0.8, 0.9]):
    if stop.step(loss, state):
        print("stop at", i, "best", stop.best)
        break
print(sorted(stop.best_state.keys()) if stop.best_state is not None else None)
