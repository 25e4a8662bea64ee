import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(13)


def confusion_matrix(preds, targets, num_classes):
    cm = torch.zeros(num_classes, num_classes, dtype=torch.int64)
    for t, p in zip(targets.tolist(), preds.tolist()):
        cm[t, p] += 1
    return cm


def precision_recall_f1(cm):
    results = []
    for c in range(cm.size(0)):
        tp = cm[c, c].item()
        fp = cm[:, c].sum().item() - tp
        fn = cm[c, :].sum().item() - tp
        precision = tp / (tp + fp) if tp + fp > 0 else 0.0
        recall = tp / (tp + fn) if tp + fn > 0 else 0.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall > 0 else 0.0
        results.append((precision, recall, f1))
    return results


class AverageMeter:
    def __init__(self, name):
        self.name = name
        self.reset()

    def reset(self):
        self.sum = 0.0
        self.count = 0

    def update(self, value, n=1):
        self.sum += value * n
        self.count += n

    @property
    def avg(self):
        return self.sum / max(self.count, 1)

    def __str__(self):
        return f"{self.name}: {self.avg:.4f}"


X = torch.randn(120, 4)
y = (X[:, 0] > 0).long() + (X[:, 1] > 0.5).long()
model = nn.Linear(4, 3)
optimizer = torch.optim.Adagrad(model.parameters(), lr=0.3)
scheduler = torch.optim.lr_scheduler.MultiStepLR(optimizer, milestones=[3, 6], gamma=0.3)

for epoch in range(8):
    loss_meter = AverageMeter("loss")
    acc_meter = AverageMeter("acc")
    for xb, yb in zip(X.split(30), y.split(30)):
        logits = model(xb)
        loss = F.cross_entropy(logits, yb)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        loss_meter.update(loss.item(), len(yb))
        acc_meter.update((logits.argmax(1) == yb).float().mean().item(), len(yb))
    scheduler.step()
    print(f"epoch {epoch}: {loss_meter} {acc_meter}")

with torch.no_grad():
    preds = model(X).argmax(dim=1)
cm = confusion_matrix(preds, y, 3)
print(cm)
for c, (p, r, f) in enumerate(precision_recall_f1(cm)):
    print(f"class {c}: precision={p:.3f} recall={r:.3f} f1={f:.3f}")
macro_f1 = sum(f for _, _, f in precision_recall_f1(cm)) / 3
print(f"macro F1: {macro_f1:.4f}")
probs = F.softmax(model(X[:3]), dim=-1)
print(probs.detach().round(decimals=3))
