import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import TensorDataset, DataLoader

torch.manual_seed(0)

# three gaussian blobs
centers = torch.tensor([[2.0, 0.0], [-2.0, 0.0], [0.0, 2.5]])
xs = []
ys = []
for c in range(3):
    xs.append(centers[c] + 0.7 * torch.randn(60, 2))
    ys.append(torch.full((60,), c, dtype=torch.long))
X = torch.cat(xs)
Y = torch.cat(ys)

dataset = TensorDataset(X, Y)
train_set, val_set = torch.utils.data.random_split(dataset, [150, 30], generator=torch.Generator().manual_seed(1))
train_loader = DataLoader(train_set, batch_size=16, shuffle=True)
val_loader = DataLoader(val_set, batch_size=30)


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(2, 32)
        self.fc2 = nn.Linear(32, 3)

    def forward(self, x):
        return self.fc2(F.relu(self.fc1(x)))


def accuracy(logits, targets):
    return (logits.argmax(dim=1) == targets).float().mean().item()


model = Classifier()
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=4, gamma=0.5)

for epoch in range(10):
    model.train()
    total = 0.0
    count = 0
    for xb, yb in train_loader:
        optimizer.zero_grad()
        logits = model(xb)
        loss = criterion(logits, yb)
        loss.backward()
        optimizer.step()
        total += loss.item() * len(yb)
        count += len(yb)
    scheduler.step()

    model.eval()
    with torch.no_grad():
        accs = [accuracy(model(xb), yb) for xb, yb in val_loader]
    lr = scheduler.get_last_lr()[0]
    print(f"epoch {epoch} train_loss={total / count:.4f} val_acc={sum(accs) / len(accs):.3f} lr={lr:.5f}")

print("final lr:", optimizer.param_groups[0]["lr"])
