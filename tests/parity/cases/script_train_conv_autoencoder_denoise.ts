# Exercises a convolutional denoising autoencoder with Conv2d/ConvTranspose2d, a custom noisy Dataset, and PSNR reporting.
import math
import torch
import torch.nn as nn
from torch.utils.data import Dataset, DataLoader


class BlobDataset(Dataset):
    def __init__(self, n: int, size: int = 16, noise: float = 0.3):
        g = torch.Generator().manual_seed(0)
        yy, xx = torch.meshgrid(torch.arange(size).float(), torch.arange(size).float(), indexing="ij")
        cx = torch.rand(n, generator=g) * (size - 6) + 3
        cy = torch.rand(n, generator=g) * (size - 6) + 3
        r = torch.rand(n, generator=g) * 2 + 2
        d2 = (xx[None] - cx[:, None, None]) ** 2 + (yy[None] - cy[:, None, None]) ** 2
        self.clean = torch.exp(-d2 / (2 * r[:, None, None] ** 2)).unsqueeze(1)
        self.noisy = (self.clean + noise * torch.randn(self.clean.shape, generator=g)).clamp(0, 1)

    def __len__(self):
        return len(self.clean)

    def __getitem__(self, i):
        return self.noisy[i], self.clean[i]


class ConvAE(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(
            nn.Conv2d(1, 8, 3, stride=2, padding=1), nn.ReLU(),
            nn.Conv2d(8, 16, 3, stride=2, padding=1), nn.ReLU(),
        )
        self.dec = nn.Sequential(
            nn.ConvTranspose2d(16, 8, 3, stride=2, padding=1, output_padding=1), nn.ReLU(),
            nn.ConvTranspose2d(8, 1, 3, stride=2, padding=1, output_padding=1), nn.Sigmoid(),
        )

    def forward(self, x):
        return self.dec(self.enc(x))


def psnr(mse: float) -> float:
    return 10 * math.log10(1.0 / mse)


def main():
    torch.manual_seed(0)
    ds = BlobDataset(128)
    noisy, clean = ds[3]
    print("sample shapes:", tuple(noisy.shape), tuple(clean.shape))
    base_mse = nn.functional.mse_loss(ds.noisy, ds.clean).item()
    print(f"noisy input PSNR {psnr(base_mse):.2f} dB")
    model = ConvAE()
    with torch.no_grad():
        z = model.enc(noisy.unsqueeze(0))
    print("latent shape:", tuple(z.shape))
    loader = DataLoader(ds, batch_size=32, shuffle=True, drop_last=True)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    sched = torch.optim.lr_scheduler.MultiStepLR(opt, milestones=[10, 15], gamma=0.3)
    for epoch in range(20):
        model.train()
        total = 0.0
        for xb, yb in loader:
            opt.zero_grad()
            loss = nn.functional.mse_loss(model(xb), yb)
            loss.backward()
            opt.step()
            total += loss.item()
        sched.step()
        if epoch % 5 == 4:
            print(f"epoch {epoch + 1:2d} mse {total / len(loader):.5f} lr {opt.param_groups[0]['lr']:.4f}")
    model.eval()
    with torch.no_grad():
        out = model(ds.noisy)
        mse = nn.functional.mse_loss(out, ds.clean).item()
    print(f"denoised PSNR {psnr(mse):.1f} dB improved: {mse < base_mse}")
    print("output range ok:", bool(out.min() >= 0) and bool(out.max() <= 1))


if __name__ == "__main__":
    main()
