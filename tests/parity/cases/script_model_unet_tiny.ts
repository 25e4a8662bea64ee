# Exercises a tiny UNet-style encoder-decoder with ConvTranspose2d skip connections on a denoising task.
import torch
import torch.nn as nn
import torch.nn.functional as F


def double_conv(cin: int, cout: int) -> nn.Sequential:
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, padding=1),
        nn.ReLU(inplace=True),
        nn.Conv2d(cout, cout, 3, padding=1),
        nn.ReLU(inplace=True),
    )


class TinyUNet(nn.Module):
    def __init__(self, ch: int = 4):
        super().__init__()
        self.enc1 = double_conv(1, ch)
        self.enc2 = double_conv(ch, ch * 2)
        self.bottleneck = double_conv(ch * 2, ch * 4)
        self.up2 = nn.ConvTranspose2d(ch * 4, ch * 2, kernel_size=2, stride=2)
        self.dec2 = double_conv(ch * 4, ch * 2)
        self.up1 = nn.ConvTranspose2d(ch * 2, ch, kernel_size=2, stride=2)
        self.dec1 = double_conv(ch * 2, ch)
        self.out = nn.Conv2d(ch, 1, 1)

    def forward(self, x):
        e1 = self.enc1(x)
        e2 = self.enc2(F.max_pool2d(e1, 2))
        b = self.bottleneck(F.max_pool2d(e2, 2))
        d2 = self.dec2(torch.cat([self.up2(b), e2], dim=1))
        d1 = self.dec1(torch.cat([self.up1(d2), e1], dim=1))
        return self.out(d1)


def make_images(n: int, size: int, g: torch.Generator):
    imgs = torch.zeros(n, 1, size, size)
    for i in range(n):
        r = int(torch.randint(2, size // 2, (1,), generator=g).item())
        c = int(torch.randint(0, size - 4, (1,), generator=g).item())
        imgs[i, 0, r:r + 4, c:c + 4] = 1.0
        imgs[i, 0, :, (i * 3) % size] = 0.5
    return imgs


def main():
    torch.manual_seed(0)
    g = torch.Generator().manual_seed(7)
    clean = make_images(16, 16, g)
    noisy = clean + 0.3 * torch.randn(clean.shape, generator=g)
    model = TinyUNet()
    print(model.up2)
    with torch.no_grad():
        out = model(noisy[:2])
    print("output shape:", tuple(out.shape))
    for name, mod in model.named_children():
        n = sum(p.numel() for p in mod.parameters())
        print(f"  {name:<10} {n:5d}")
    opt = torch.optim.Adam(model.parameters(), lr=0.01)
    for step in range(25):
        pred = model(noisy)
        loss = F.mse_loss(pred, clean)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 5 == 0 or step == 24:
            print(f"step {step:2d} mse {loss.item():.4f}")
    with torch.no_grad():
        pred = model(noisy)
        base = F.mse_loss(noisy, clean).item()
        after = F.mse_loss(pred, clean).item()
    print(f"noisy mse {base:.4f} denoised mse {after:.4f} improved {after < base}")
    mask = (pred > 0.5).float()
    inter = (mask * (clean == 1.0).float()).sum().item()
    print("pixels above 0.5:", int(mask.sum().item()), "overlap with squares:", int(inter))


if __name__ == "__main__":
    main()
