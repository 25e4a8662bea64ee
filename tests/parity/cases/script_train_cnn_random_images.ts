import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(7)


class SmallCNN(nn.Module):
    def __init__(self, num_classes=4):
        super(SmallCNN, self).__init__()
        self.conv1 = nn.Conv2d(1, 8, kernel_size=3, padding=1)
        self.bn1 = nn.BatchNorm2d(8)
        self.conv2 = nn.Conv2d(8, 16, 3, padding=1)
        self.bn2 = nn.BatchNorm2d(16)
        self.pool = nn.MaxPool2d(2, 2)
        self.dropout = nn.Dropout(p=0.25)
        self.fc = nn.Linear(16 * 4 * 4, num_classes)

    def forward(self, x):
        x = self.pool(F.relu(self.bn1(self.conv1(x))))
        x = self.pool(F.relu(self.bn2(self.conv2(x))))
        x = torch.flatten(x, 1)
        x = self.dropout(x)
        return self.fc(x)


images = torch.randn(64, 1, 16, 16)
# label depends on which quadrant is brightest
quads = torch.stack([
    images[:, 0, :8, :8].mean(dim=(1, 2)),
    images[:, 0, :8, 8:].mean(dim=(1, 2)),
    images[:, 0, 8:, :8].mean(dim=(1, 2)),
    images[:, 0, 8:, 8:].mean(dim=(1, 2)),
], dim=1)
labels = quads.argmax(dim=1)
print("label counts:", torch.bincount(labels, minlength=4).tolist())

model = SmallCNN()
print(model)
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9, nesterov=True)
loss_fn = nn.CrossEntropyLoss()

for epoch in range(8):
    model.train()
    running = 0.0
    for i in range(0, 64, 16):
        xb = images[i:i + 16]
        yb = labels[i:i + 16]
        opt.zero_grad()
        loss = loss_fn(model(xb), yb)
        loss.backward()
        opt.step()
        running += loss.item()
    print(f"epoch {epoch + 1}: loss {running / 4:.4f}")

model.eval()
with torch.no_grad():
    preds = model(images).argmax(1)
    acc = (preds == labels).sum().item() / len(labels)
print(f"train accuracy: {acc:.3f}")
print("bn1 running_mean shape:", tuple(model.bn1.running_mean.shape))
print("num_batches_tracked:", model.bn1.num_batches_tracked.item())
