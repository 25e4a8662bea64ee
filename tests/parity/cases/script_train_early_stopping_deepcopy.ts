import copy
import torch
import torch.nn as nn

torch.manual_seed(5)

X = torch.randn(200, 4)
y = (X[:, 0] * 2 - X[:, 1] + 0.3 * torch.randn(200)).unsqueeze(1)
X_train, y_train = X[:150], y[:150]
X_val, y_val = X[150:], y[150:]

model = nn.Sequential(nn.Linear(4, 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 1))
optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
criterion = nn.MSELoss()


def evaluate(model, X, y):
    model.eval()
    with torch.no_grad():
        return criterion(model(X), y).item()


best_loss = float("inf")
best_state = None
best_epoch = -1
patience = 5
bad_epochs = 0
history = []

for epoch in range(100):
    model.train()
    optimizer.zero_grad()
    loss = criterion(model(X_train), y_train)
    loss.backward()
    optimizer.step()

    val_loss = evaluate(model, X_val, y_val)
    history.append(val_loss)
    if val_loss < best_loss - 1e-4:
        best_loss = val_loss
        best_state = copy.deepcopy(model.state_dict())
        best_epoch = epoch
        bad_epochs = 0
    else:
        bad_epochs += 1
        if bad_epochs >= patience:
            print(f"early stopping at epoch {epoch}")
            break

print(f"best epoch {best_epoch} with val loss {best_loss:.4f}")
print("epochs run:", len(history))
current = evaluate(model, X_val, y_val)
print(f"current val loss {current:.4f}")
model.load_state_dict(best_state)
restored = evaluate(model, X_val, y_val)
print(f"restored val loss {restored:.4f}")
print("restored matches best:", abs(restored - best_loss) < 1e-7)
print("state keys:", list(best_state.keys()))
