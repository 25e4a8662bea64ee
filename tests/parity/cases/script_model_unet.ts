import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(7)


def double_conv(in_c, out_c):
    return nn.Sequential(
        nn.Conv2d(in_c, out_c, 3, padding=1),
        nn.GroupNorm(2, out_c),
        nn.ReLU(inplace=True),
        nn.Conv2d(out_c, out_c, 3, padding=1),
        nn.GroupNorm(2, out_c),
        nn.ReLU(inplace=True),
    )


class UNet(nn.Module):
    def __init__(self, in_ch=1, n_classes=2, base=4):
        super().__init__()
        self.down1 = double_conv(in_ch, base)
        self.down2 = double_conv(base, base * 2)
        self.bottleneck = double_conv(base * 2, base * 4)
        self.up2 = nn.ConvTranspose2d(base * 4, base * 2, 2, stride=2)
        self.dec2 = double_conv(base * 4, base * 2)
        self.up1 = nn.ConvTranspose2d(base * 2, base, 2, stride=2)
        self.dec1 = double_conv(base * 2, base)
        self.out = nn.Conv2d(base, n_classes, 1)
        self.pool = nn.MaxPool2d(2)

    def forward(self, x):
        c1 = self.down1(x)
        c2 = self.down2(self.pool(c1))
        b = self.bottleneck(self.pool(c2))
        u2 = self.up2(b)
        if u2.shape[-2:] != c2.shape[-2:]:
            u2 = F.interpolate(u2, size=c2.shape[-2:])
        d2 = self.dec2(torch.cat([u2, c2], dim=1))
        u1 = self.up1(d2)
        d1 = self.dec1(torch.cat([u1, c1], dim=1))
        return self.out(d1)


net = UNet()
x = torch.randn(2, 1, 16, 16)
y = net(x)
print("out:", list(y.shape))
target = torch.randint(0, 2, (2, 16, 16))
loss = F.cross_entropy(y, target)
loss.backward()
print(f"loss {loss.item():.4f}")
gn = net.down1[1]
print(gn, gn.num_groups, gn.num_channels)
print(f"grad norm down1: {net.down1[0].weight.grad.norm().item():.4f}")
x2 = torch.randn(1, 1, 12, 12)
print("odd size:", list(net(x2).shape))
print("children:", [name for name, _ in net.named_children()])
