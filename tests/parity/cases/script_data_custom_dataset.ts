import torch
from torch.utils.data import Dataset, DataLoader


class SquaresDataset(Dataset):
    def __init__(self, n):
        self.xs = torch.arange(n, dtype=torch.float32)
        self.ys = self.xs ** 2

    def __len__(self):
        return len(self.xs)

    def __getitem__(self, idx):
        return self.xs[idx], self.ys[idx]


def main():
    torch.manual_seed(0)
    ds = SquaresDataset(10)
    print("len:", len(ds))
    x, y = ds[3]
    print(f"item 3: x={x.item():.1f} y={y.item():.1f}")

    loader = DataLoader(ds, batch_size=4, shuffle=False)
    for i, (xb, yb) in enumerate(loader):
        print(i, xb.tolist(), yb.tolist())

    g = torch.Generator()
    g.manual_seed(42)
    loader2 = DataLoader(ds, batch_size=3, shuffle=True, generator=g, drop_last=True)
    print("num batches:", len(loader2))
    total = 0.0
    for xb, yb in loader2:
        print("shape", tuple(xb.shape), "sum", f"{yb.sum().item():.1f}")
        total += yb.sum().item()
    print(f"total {total:.1f}")


if __name__ == "__main__":
    main()
