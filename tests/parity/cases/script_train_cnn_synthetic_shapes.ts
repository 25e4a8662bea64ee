# Exercises a small CNN (Conv2d/MaxPool/BatchNorm/Dropout) classifying synthetic bar images, with a confusion matrix.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import TensorDataset, DataLoader


def make_images(n: int):
    imgs = torch.zeros(n, 1, 12, 12)
    labels = torch.randint(0, 3, (n,))
    for i in range(n):
        c = int(labels[i])
        pos = int(torch.randint(2, 10, (1,)))
        if c == 0:
            imgs[i, 0, pos, 1:11] = 1.0
        elif c == 1:
            imgs[i, 0, 1:11, pos] = 1.0
        else:
            for k in range(1, 11):
                imgs[i, 0, k, k] = 1.0
    imgs += 0.1 * torch.randn_like(imgs)
    return imgs, labels


class SmallCNN(nn.Module):
    def __init__(self, num_classes=3):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 8, kernel_size=3, padding=1)
        self.bn1 = nn.BatchNorm2d(8)
        self.conv2 = nn.Conv2d(8, 16, kernel_size=3, padding=1)
        self.pool = nn.MaxPool2d(2)
        self.dropout = nn.Dropout(0.25)
        self.fc = nn.Linear(16 * 3 * 3, num_classes)

    def forward(self, x):
        x = self.pool(F.relu(self.bn1(self.conv1(x))))
        x = self.pool(F.relu(self.conv2(x)))
        x = torch.flatten(x, 1)
        x = self.dropout(x)
        return self.fc(x)


def confusion_matrix(preds, targets, k: int):
    cm = torch.zeros(k, k, dtype=torch.long)
    for p, t in zip(preds.tolist(), targets.tolist()):
        cm[t, p] += 1
    return cm


def main():
    torch.manual_seed(1)
    x, y = make_images(240)
    train_ds = TensorDataset(x[:180], y[:180])
    test_x, test_y = x[180:], y[180:]
    loader = DataLoader(train_ds, batch_size=30, shuffle=True)
    model = SmallCNN()
    opt = torch.optim.Adam(model.parameters(), lr=0.01)
    criterion = nn.CrossEntropyLoss()
    print("batches per epoch:", len(loader))
    for epoch in range(5):
        model.train()
        running = 0.0
        correct = 0
        for xb, yb in loader:
            opt.zero_grad()
            out = model(xb)
            loss = criterion(out, yb)
            loss.backward()
            opt.step()
            running += loss.item()
            correct += (out.argmax(1) == yb).sum().item()
        print(f"epoch {epoch} loss {running / len(loader):.4f} train acc {correct / len(train_ds):.3f}")
    model.eval()
    with torch.no_grad():
        logits = model(test_x)
        preds = logits.argmax(1)
    cm = confusion_matrix(preds, test_y, 3)
    print("confusion matrix:")
    print(cm)
    acc = cm.diag().sum().item() / cm.sum().item()
    print(f"test accuracy {acc:.3f}")
    for c in range(3):
        tp = cm[c, c].item()
        prec = tp / max(cm[:, c].sum().item(), 1)
        rec = tp / max(cm[c, :].sum().item(), 1)
        print(f"class {c}: precision {prec:.3f} recall {rec:.3f}")


if __name__ == "__main__":
    main()
