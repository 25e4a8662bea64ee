import torch
import torch.nn as nn

torch.manual_seed(8)

num_classes = 5
X = torch.randn(150, 12)
W = torch.randn(12, num_classes)
Y = (X @ W).argmax(dim=1)

model = nn.Sequential(
    nn.Linear(12, 48),
    nn.BatchNorm1d(48),
    nn.ReLU(),
    nn.Dropout(0.1),
    nn.Linear(48, num_classes),
)

# no weight decay on biases and norm parameters
decay, no_decay = [], []
for name, param in model.named_parameters():
    if param.ndim == 1 or name.endswith(".bias"):
        no_decay.append(param)
    else:
        decay.append(param)
print(f"decay tensors: {len(decay)}, no-decay tensors: {len(no_decay)}")

optimizer = torch.optim.SGD(
    [
        {"params": decay, "weight_decay": 5e-4},
        {"params": no_decay, "weight_decay": 0.0},
    ],
    lr=0.2,
    momentum=0.9,
)
scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(optimizer, mode="min", factor=0.5, patience=1)
criterion = nn.CrossEntropyLoss(label_smoothing=0.1)
plain_ce = nn.CrossEntropyLoss()

X_val, Y_val = X[120:], Y[120:]
X_tr, Y_tr = X[:120], Y[:120]

for epoch in range(12):
    model.train()
    for i in range(0, 120, 24):
        optimizer.zero_grad()
        out = model(X_tr[i:i + 24])
        loss = criterion(out, Y_tr[i:i + 24])
        loss.backward()
        optimizer.step()
    model.eval()
    with torch.no_grad():
        val_logits = model(X_val)
        val_loss = criterion(val_logits, Y_val).item()
        val_acc = (val_logits.argmax(1) == Y_val).float().mean().item()
    scheduler.step(val_loss)
    lrs = [g["lr"] for g in optimizer.param_groups]
    print(f"ep {epoch:2d} val_loss {val_loss:.4f} acc {val_acc:.2f} lrs {lrs}")

with torch.no_grad():
    logits = model(X_val)
    smoothed = criterion(logits, Y_val).item()
    plain = plain_ce(logits, Y_val).item()
print(f"smoothed {smoothed:.4f} vs plain {plain:.4f}; smoothed larger: {smoothed > plain}")
print("weight decay per group:", [g["weight_decay"] for g in optimizer.param_groups])
