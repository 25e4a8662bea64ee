import torch
import torch.nn as nn

torch.manual_seed(42)

# synthetic data: y = 3x1 - 2x2 + 0.5 + noise
X = torch.randn(128, 2)
true_w = torch.tensor([[3.0], [-2.0]])
y = X @ true_w + 0.5 + 0.05 * torch.randn(128, 1)


class MLP(nn.Module):
    def __init__(self, in_dim, hidden, out_dim):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(in_dim, hidden),
            nn.ReLU(),
            nn.Linear(hidden, hidden),
            nn.Tanh(),
            nn.Linear(hidden, out_dim),
        )

    def forward(self, x):
        return self.net(x)


model = MLP(2, 16, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
loss_fn = nn.MSELoss()

n_params = sum(p.numel() for p in model.parameters())
print(f"params: {n_params}")

batch_size = 32
for epoch in range(20):
    perm = torch.randperm(X.size(0))
    epoch_loss = 0.0
    for i in range(0, X.size(0), batch_size):
        idx = perm[i:i + batch_size]
        xb, yb = X[idx], y[idx]
        optimizer.zero_grad()
        pred = model(xb)
        loss = loss_fn(pred, yb)
        loss.backward()
        optimizer.step()
        epoch_loss += loss.item() * xb.size(0)
    epoch_loss /= X.size(0)
    if epoch % 5 == 0 or epoch == 19:
        print(f"epoch {epoch:2d} loss {epoch_loss:.4f}")

model.eval()
with torch.no_grad():
    test_x = torch.tensor([[1.0, 1.0], [0.0, 0.0], [-1.0, 2.0]])
    out = model(test_x)
    expected = test_x @ true_w + 0.5
    print("pred:", [round(v, 2) for v in out.squeeze(1).tolist()])
    print("true:", [round(v, 2) for v in expected.squeeze(1).tolist()])
    final = loss_fn(model(X), y).item()
print("final mse below 0.1:", final < 0.1)
