# Exercises a tiny GAN (generator/discriminator MLPs, BCEWithLogitsLoss, detach, two Adam optimizers) on 1-D Gaussian data.
import torch
import torch.nn as nn


class Generator(nn.Module):
    def __init__(self, noise_dim: int = 4):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(noise_dim, 16), nn.LeakyReLU(0.2), nn.Linear(16, 1))

    def forward(self, z):
        return self.net(z)


class Discriminator(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(1, 16), nn.LeakyReLU(0.2), nn.Linear(16, 1))

    def forward(self, x):
        return self.net(x)


def main():
    torch.manual_seed(5)
    noise_dim = 4
    G = Generator(noise_dim)
    D = Discriminator()
    opt_g = torch.optim.Adam(G.parameters(), lr=2e-3, betas=(0.5, 0.999))
    opt_d = torch.optim.Adam(D.parameters(), lr=2e-3, betas=(0.5, 0.999))
    criterion = nn.BCEWithLogitsLoss()
    real_mean, real_std = 3.0, 0.5
    batch = 64
    ones = torch.ones(batch, 1)
    zeros = torch.zeros(batch, 1)
    history = []
    for step in range(300):
        real = real_mean + real_std * torch.randn(batch, 1)
        z = torch.randn(batch, noise_dim)
        fake = G(z)

        opt_d.zero_grad()
        d_loss = criterion(D(real), ones) + criterion(D(fake.detach()), zeros)
        d_loss.backward()
        opt_d.step()

        opt_g.zero_grad()
        g_loss = criterion(D(fake), ones)
        g_loss.backward()
        opt_g.step()
        history.append((d_loss.item(), g_loss.item()))
        if step % 50 == 0:
            print(f"step {step:3d} d_loss {d_loss.item():.4f} g_loss {g_loss.item():.4f}")

    G.eval()
    with torch.no_grad():
        samples = G(torch.randn(1000, noise_dim))
    print(f"generated mean {samples.mean().item():.1f}")
    print("samples shape:", samples.shape)
    avg_d = sum(h[0] for h in history[-50:]) / 50
    print(f"avg recent d_loss in range: {0.5 < avg_d < 2.0}")
    print("G trainable:", sum(p.numel() for p in G.parameters() if p.requires_grad))
    print("D trainable:", sum(p.numel() for p in D.parameters() if p.requires_grad))


if __name__ == "__main__":
    main()
