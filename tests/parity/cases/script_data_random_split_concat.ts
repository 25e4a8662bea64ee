# Exercises a custom map-style Dataset with random_split, Subset and ConcatDataset.
import torch
from torch.utils.data import Dataset, DataLoader, random_split, Subset, ConcatDataset


class SquaresDataset(Dataset):
    def __init__(self, start: int, n: int):
        self.start = start
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, idx):
        v = self.start + idx
        x = torch.tensor([float(v)])
        y = torch.tensor([float(v * v)])
        return x, y

    def __repr__(self):
        return f"SquaresDataset(start={self.start}, n={self.n})"


def describe(name, ds):
    xs = [int(ds[i][0].item()) for i in range(len(ds))]
    print(f"{name}: len={len(ds)} items={xs}")


def main():
    a = SquaresDataset(0, 10)
    b = SquaresDataset(100, 5)
    print(a, b)
    print("a[3] =", a[3])
    both = ConcatDataset([a, b])
    print("concat len:", len(both), "cumulative:", both.cumulative_sizes)
    print("both[12] =", [t.item() for t in both[12]])

    g = torch.Generator().manual_seed(42)
    train, val, test = random_split(both, [9, 3, 3], generator=g)
    for name, part in [("train", train), ("val", val), ("test", test)]:
        describe(name, part)
    print("train indices sorted:", sorted(train.indices))

    sub = Subset(a, [1, 3, 5, 7])
    describe("odd subset", sub)
    loader = DataLoader(sub, batch_size=2)
    for xb, yb in loader:
        print("batch x", xb.squeeze(1).tolist(), "y", yb.squeeze(1).tolist())

    loader2 = DataLoader(train, batch_size=4, shuffle=False, drop_last=True)
    print("batches with drop_last:", len(loader2))
    total = torch.zeros(1)
    for xb, yb in loader2:
        total += yb.sum()
    print(f"sum of y over full batches: {total.item():.1f}")


if __name__ == "__main__":
    main()
