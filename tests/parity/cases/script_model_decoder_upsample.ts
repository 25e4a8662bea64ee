import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(6)

x = torch.arange(1, 5, dtype=torch.float32).view(1, 1, 2, 2)
print(nn.Upsample(scale_factor=2, mode='nearest')(x))
print(F.interpolate(x, size=(3, 3), mode='bilinear', align_corners=False))
print(F.interpolate(x, scale_factor=2, mode='bilinear', align_corners=True))
up = nn.Upsample(size=4, mode='bicubic', align_corners=False)
print(torch.round(up(x) * 1000) / 1000)


class Decoder(nn.Module):
    def __init__(self, latent_dim=6):
        super().__init__()
        self.fc = nn.Linear(latent_dim, 16 * 2 * 2)
        self.deconv = nn.Sequential(
            nn.ConvTranspose2d(16, 8, kernel_size=4, stride=2, padding=1),
            nn.ReLU(),
            nn.ConvTranspose2d(8, 4, kernel_size=3, stride=2, padding=1, output_padding=1),
            nn.ReLU(),
            nn.Conv2d(4, 1, kernel_size=3, padding=1),
            nn.Sigmoid(),
        )

    def forward(self, z):
        h = self.fc(z).view(-1, 16, 2, 2)
        return self.deconv(h)


dec = Decoder()
z = torch.randn(3, 6)
out = dec(z)
print("decoded", out.shape)
print(f"min {out.min().item():.4f} max {out.max().item():.4f}")
for i, layer in enumerate(dec.deconv):
    if isinstance(layer, nn.ConvTranspose2d):
        print(i, layer, tuple(layer.weight.shape))

t = nn.ConvTranspose2d(1, 1, 2, stride=2, bias=False)
with torch.no_grad():
    t.weight.fill_(1.0)
print(t(x))
