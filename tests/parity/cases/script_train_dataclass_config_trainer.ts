from dataclasses import dataclass, field
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset


@dataclass
class Config:
    input_dim: int = 6
    hidden_dim: int = 32
    num_classes: int = 3
    lr: float = 1e-2
    batch_size: int = 16
    epochs: int = 6
    seed: int = 17
    hidden_layers: list = field(default_factory=lambda: [32, 16])


def build_model(cfg):
    layers = [nn.Linear(cfg.input_dim, cfg.hidden_layers[0]), nn.ReLU()]
    for a, b in zip(cfg.hidden_layers[:-1], cfg.hidden_layers[1:]):
        layers += [nn.Linear(a, b), nn.ReLU()]
    layers.append(nn.Linear(cfg.hidden_layers[-1], cfg.num_classes))
    return nn.Sequential(*layers)


def train_one_epoch(model, loader, optimizer, loss_fn):
    model.train()
    running_loss, correct, seen = 0.0, 0, 0
    for inputs, targets in loader:
        optimizer.zero_grad()
        outputs = model(inputs)
        loss = loss_fn(outputs, targets)
        loss.backward()
        optimizer.step()
        running_loss += loss.item() * inputs.size(0)
        correct += (outputs.argmax(dim=1) == targets).sum().item()
        seen += inputs.size(0)
    return running_loss / seen, correct / seen


@torch.no_grad()
def evaluate(model, loader, loss_fn):
    model.eval()
    total_loss, correct, n = 0.0, 0, 0
    for inputs, targets in loader:
        outputs = model(inputs)
        total_loss += loss_fn(outputs, targets).item() * len(targets)
        correct += (outputs.argmax(1) == targets).sum().item()
        n += len(targets)
    return {"loss": total_loss / n, "acc": correct / n}


cfg = Config(epochs=5)
print(cfg)
torch.manual_seed(cfg.seed)

X = torch.randn(240, cfg.input_dim)
y = torch.bucketize(X[:, 0] + X[:, 1], torch.tensor([-0.5, 0.5]))
train_ds = TensorDataset(X[:200], y[:200])
test_ds = TensorDataset(X[200:], y[200:])
train_loader = DataLoader(train_ds, batch_size=cfg.batch_size, shuffle=True)
test_loader = DataLoader(test_ds, batch_size=cfg.batch_size)

model = build_model(cfg)
optimizer = torch.optim.Adam(model.parameters(), lr=cfg.lr)
loss_fn = nn.CrossEntropyLoss()

history = []
for epoch in range(1, cfg.epochs + 1):
    train_loss, train_acc = train_one_epoch(model, train_loader, optimizer, loss_fn)
    metrics = evaluate(model, test_loader, loss_fn)
    history.append(metrics)
    print(f"[{epoch}/{cfg.epochs}] train {train_loss:.4f}/{train_acc:.3f} test {metrics['loss']:.4f}/{metrics['acc']:.3f}")

best = max(history, key=lambda m: m["acc"])
print("best test acc:", round(best["acc"], 3))
print("batches per epoch:", len(train_loader))
