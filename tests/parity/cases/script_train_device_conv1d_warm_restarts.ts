import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
torch.manual_seed(909)
print("using device:", device)

# signals: class 0 = low-frequency sine, class 1 = high-frequency sine, with noise
t = torch.linspace(0, 1, 32)
freqs = torch.tensor([2.0, 6.0])
labels = torch.randint(0, 2, (96,))
phase = torch.rand(96, 1) * 6.28
signals = torch.sin(2 * 3.14159 * freqs[labels].unsqueeze(1) * t + phase) + 0.3 * torch.randn(96, 32)
signals = signals.unsqueeze(1)

ds = TensorDataset(signals, labels)
train_loader = DataLoader(ds, batch_size=24, shuffle=True, drop_last=True)


class Conv1dNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv1d(1, 8, kernel_size=5, padding=2),
            nn.BatchNorm1d(8),
            nn.ReLU(inplace=True),
            nn.MaxPool1d(2),
            nn.Conv1d(8, 16, kernel_size=3, padding=1),
            nn.ReLU(inplace=True),
            nn.AdaptiveAvgPool1d(1),
        )
        self.classifier = nn.Linear(16, 2)

    def forward(self, x):
        return self.classifier(self.features(x).squeeze(-1))


model = Conv1dNet().to(device)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9, weight_decay=1e-4)
scheduler = torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(optimizer, T_0=4, T_mult=2)
iters = len(train_loader)

for epoch in range(8):
    model.train()
    epoch_loss = 0.0
    for i, (inputs, targets) in enumerate(train_loader, 1):
        inputs, targets = inputs.to(device), targets.to(device)
        optimizer.zero_grad()
        outputs = model(inputs)
        loss = F.cross_entropy(outputs, targets)
        loss.backward()
        optimizer.step()
        scheduler.step(epoch + i / iters)
        epoch_loss += loss.item()
    print(f"epoch {epoch}: loss {epoch_loss / iters:.4f} lr {optimizer.param_groups[0]['lr']:.5f}")

model.eval()
with torch.inference_mode():
    logits = model(signals.to(device))
    preds = logits.argmax(dim=1)
acc = (preds == labels).float().mean()
print(f"accuracy {acc:.3f}")
print(f"mean max prob {F.softmax(logits, 1).max(1).values.mean():.3f}")
print("feature map shape:", list(model.features[:4](signals[:2]).shape))
