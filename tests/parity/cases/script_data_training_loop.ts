import torch
import torch.nn as nn
from torch.utils.data import TensorDataset, DataLoader, random_split

torch.manual_seed(0)

N = 120
X = torch.randn(N, 2)
y = ((X[:, 0] ** 2 + X[:, 1] ** 2) < 1.0).long()
dataset = TensorDataset(X, y)
train_ds, test_ds = random_split(dataset, [90, 30], generator=torch.Generator().manual_seed(1))
train_loader = DataLoader(train_ds, batch_size=16, shuffle=True, generator=torch.Generator().manual_seed(2))
test_loader = DataLoader(test_ds, batch_size=16)

model = nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, 2))
loss_fn = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=0.05)


def train_loop(dataloader, model, loss_fn, optimizer):
    model.train()
    total = 0.0
    for X, y in dataloader:
        pred = model(X)
        loss = loss_fn(pred, y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        total += loss.item() * X.size(0)
    return total / len(dataloader.dataset)


def test_loop(dataloader, model, loss_fn):
    model.eval()
    size = len(dataloader.dataset)
    num_batches = len(dataloader)
    test_loss, correct = 0, 0
    with torch.no_grad():
        for X, y in dataloader:
            pred = model(X)
            test_loss += loss_fn(pred, y).item()
            correct += (pred.argmax(1) == y).type(torch.float).sum().item()
    test_loss /= num_batches
    correct /= size
    return test_loss, correct


for t in range(15):
    train_loss = train_loop(train_loader, model, loss_fn, optimizer)
    if t % 5 == 4:
        test_loss, acc = test_loop(test_loader, model, loss_fn)
        print(f"Epoch {t + 1}: train {train_loss:.4f} test {test_loss:.4f} acc {100 * acc:.1f}%")
print("Done!")
n_params = sum(p.numel() for p in model.parameters() if p.requires_grad)
print("params:", n_params)
