import torch
from torch.utils.data import Dataset, DataLoader, get_worker_info


class NoisyLine(Dataset):
    def __init__(self, n, slope=2.0):
        g = torch.Generator().manual_seed(0)
        self.x = torch.linspace(0, 1, n)
        self.noise = 0.05 * torch.randn(n, generator=g)
        self.slope = slope

    def __len__(self):
        return self.x.numel()

    def __getitem__(self, i):
        x = self.x[i]
        y = self.slope * x + self.noise[i]
        return x.unsqueeze(0), y.unsqueeze(0)


def describe(loader, name):
    xs = []
    ys = []
    for xb, yb in loader:
        xs.append(xb)
        ys.append(yb)
    X = torch.cat(xs)
    Y = torch.cat(ys)
    print(f"{name}: batches={len(xs)} n={X.shape[0]} mean_x={X.mean().item():.4f} mean_y={Y.mean().item():.4f}")
    return X, Y


def main():
    torch.manual_seed(0)
    ds = NoisyLine(23)
    print("worker info in main process:", get_worker_info())
    single = DataLoader(ds, batch_size=5, num_workers=0)
    multi = DataLoader(ds, batch_size=5, num_workers=2)
    X1, Y1 = describe(single, "single")
    X2, Y2 = describe(multi, "multi")
    print("identical:", torch.equal(X1, X2) and torch.equal(Y1, Y2))

    A = torch.cat([X1, torch.ones_like(X1)], dim=1)
    coef = torch.linalg.lstsq(A, Y1).solution.squeeze(1)
    print(f"fit slope={coef[0].item():.4f} intercept={coef[1].item():.4f}")

    pinned = DataLoader(ds, batch_size=8, shuffle=True, drop_last=True,
                        generator=torch.Generator().manual_seed(9))
    order = []
    for xb, _ in pinned:
        order.extend([round(v * 22) for v in xb.squeeze(1).tolist()])
    print("shuffled order:", order)


if __name__ == "__main__":
    main()
