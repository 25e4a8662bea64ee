# Exercises WeightedRandomSampler over an imbalanced TensorDataset and counts drawn classes per batch.
import torch
from torch.utils.data import TensorDataset, DataLoader, WeightedRandomSampler
from collections import Counter


def make_data(n_major: int, n_minor: int):
    g = torch.Generator().manual_seed(0)
    xa = torch.randn(n_major, 4, generator=g)
    xb = torch.randn(n_minor, 4, generator=g) + 2.0
    x = torch.cat([xa, xb], dim=0)
    y = torch.cat([torch.zeros(n_major, dtype=torch.long), torch.ones(n_minor, dtype=torch.long)])
    return x, y


def main():
    torch.manual_seed(1)
    x, y = make_data(90, 10)
    ds = TensorDataset(x, y)
    print("dataset size:", len(ds))
    counts = torch.bincount(y)
    print("class counts:", counts.tolist())
    class_w = 1.0 / counts.float()
    sample_w = class_w[y]
    print("weight of first / last sample:", f"{sample_w[0].item():.4f}", f"{sample_w[-1].item():.4f}")
    sampler = WeightedRandomSampler(sample_w, num_samples=len(ds), replacement=True)
    loader = DataLoader(ds, batch_size=20, sampler=sampler)
    total = Counter()
    for i, (xb, yb) in enumerate(loader):
        c = Counter(yb.tolist())
        total.update(c)
        print(f"batch {i}: shape={tuple(xb.shape)} zeros={c[0]} ones={c[1]}")
    print("total drawn:", sorted(total.items()))
    frac = total[1] / sum(total.values())
    print(f"minority fraction: {frac:.2f}")

    # plain loader for comparison
    plain = DataLoader(ds, batch_size=25, shuffle=True)
    ones = [int(yb.sum().item()) for _, yb in plain]
    print("minority per shuffled batch:", ones, "sum", sum(ones))

    # sampler without replacement returns a permutation
    s2 = WeightedRandomSampler([0.1, 0.2, 0.3, 0.4], num_samples=4, replacement=False)
    idx = list(s2)
    print("no-replacement draw sorted:", sorted(idx), "len", len(s2))


if __name__ == "__main__":
    main()
