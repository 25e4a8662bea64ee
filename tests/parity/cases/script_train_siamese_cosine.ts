# Exercises a siamese pair model with CosineEmbeddingLoss, a custom pair Dataset and DataLoader.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import Dataset, DataLoader


class PairDataset(Dataset):
    def __init__(self, n: int, dim: int, n_classes: int):
        g = torch.Generator().manual_seed(123)
        self.protos = torch.randn(n_classes, dim, generator=g)
        self.a_cls = torch.randint(0, n_classes, (n,), generator=g)
        same = torch.rand(n, generator=g) < 0.5
        shift = torch.randint(1, n_classes, (n,), generator=g)
        self.b_cls = torch.where(same, self.a_cls, (self.a_cls + shift) % n_classes)
        self.noise_a = 0.4 * torch.randn(n, dim, generator=g)
        self.noise_b = 0.4 * torch.randn(n, dim, generator=g)

    def __len__(self):
        return self.a_cls.size(0)

    def __getitem__(self, idx):
        a = self.protos[self.a_cls[idx]] + self.noise_a[idx]
        b = self.protos[self.b_cls[idx]] + self.noise_b[idx]
        target = 1.0 if self.a_cls[idx] == self.b_cls[idx] else -1.0
        return a, b, torch.tensor(target)


class Encoder(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.fc1 = nn.Linear(dim, 24)
        self.fc2 = nn.Linear(24, 6)

    def forward(self, x):
        return self.fc2(torch.tanh(self.fc1(x)))


def main():
    torch.manual_seed(2)
    ds = PairDataset(300, 10, 5)
    print("dataset size:", len(ds))
    a, b, t = ds[0]
    print("item shapes:", a.shape, b.shape, t.item())
    loader = DataLoader(ds, batch_size=50, shuffle=True)
    enc = Encoder(10)
    crit = nn.CosineEmbeddingLoss(margin=0.2)
    opt = torch.optim.SGD(enc.parameters(), lr=0.5, momentum=0.9, nesterov=True)
    for epoch in range(6):
        tot = 0.0
        for xa, xb, tgt in loader:
            opt.zero_grad()
            loss = crit(enc(xa), enc(xb), tgt)
            loss.backward()
            opt.step()
            tot += loss.item() * xa.size(0)
        print(f"epoch {epoch} loss {tot / len(ds):.4f}")
    enc.eval()
    correct = 0
    with torch.no_grad():
        for xa, xb, tgt in DataLoader(ds, batch_size=100):
            sim = F.cosine_similarity(enc(xa), enc(xb))
            pred = torch.where(sim > 0.5, 1.0, -1.0)
            correct += int((pred == tgt).sum())
    print(f"pair accuracy {correct / len(ds):.3f}")


if __name__ == "__main__":
    main()
