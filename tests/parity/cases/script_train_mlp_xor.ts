# Exercises a custom MLP nn.Module trained on noisy XOR data with SGD momentum and accuracy metrics.
import torch
import torch.nn as nn
import torch.nn.functional as F


class MLP(nn.Module):
    def __init__(self, in_dim: int, hidden: int, out_dim: int):
        super().__init__()
        self.fc1 = nn.Linear(in_dim, hidden)
        self.fc2 = nn.Linear(hidden, hidden)
        self.fc3 = nn.Linear(hidden, out_dim)

    def forward(self, x):
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        return self.fc3(x)


def make_data(n):
    x = torch.rand(n, 2) * 2 - 1
    y = ((x[:, 0] > 0) ^ (x[:, 1] > 0)).long()
    x = x + 0.05 * torch.randn(n, 2)
    return x, y


def accuracy(logits, y):
    preds = logits.argmax(dim=1)
    return (preds == y).float().mean().item()


def main():
    torch.manual_seed(0)
    x_train, y_train = make_data(256)
    x_test, y_test = make_data(64)
    print("train shape:", tuple(x_train.shape), "labels:", y_train.bincount().tolist())

    model = MLP(2, 16, 2)
    n_params = sum(p.numel() for p in model.parameters())
    print("parameters:", n_params)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    loss_fn = nn.CrossEntropyLoss()

    for epoch in range(60):
        model.train()
        perm = torch.randperm(x_train.size(0))
        total = 0.0
        for i in range(0, 256, 32):
            idx = perm[i:i + 32]
            xb, yb = x_train[idx], y_train[idx]
            optimizer.zero_grad()
            loss = loss_fn(model(xb), yb)
            loss.backward()
            optimizer.step()
            total += loss.item() * xb.size(0)
        if epoch % 10 == 0 or epoch == 59:
            model.eval()
            with torch.no_grad():
                acc = accuracy(model(x_test), y_test)
            print(f"epoch {epoch:2d} loss {total / 256:.4f} test acc {acc:.3f}")

    model.eval()
    with torch.no_grad():
        probe = torch.tensor([[0.5, 0.5], [-0.5, 0.5], [0.5, -0.5], [-0.5, -0.5]])
        probs = F.softmax(model(probe), dim=1)
        print("probe preds:", probs.argmax(1).tolist())
        print("probe p(1):", [round(v, 2) for v in probs[:, 1].tolist()])


if __name__ == "__main__":
    main()
