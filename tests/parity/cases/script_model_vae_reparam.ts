# Exercises a small VAE: reparameterization trick, KL term, BCE reconstruction and sampling from the prior.
import torch
import torch.nn as nn
import torch.nn.functional as F
from typing import Tuple


class VAE(nn.Module):
    def __init__(self, d_in: int = 16, d_hidden: int = 32, d_latent: int = 2):
        super().__init__()
        self.enc = nn.Linear(d_in, d_hidden)
        self.mu = nn.Linear(d_hidden, d_latent)
        self.logvar = nn.Linear(d_hidden, d_latent)
        self.dec1 = nn.Linear(d_latent, d_hidden)
        self.dec2 = nn.Linear(d_hidden, d_in)

    def encode(self, x) -> Tuple[torch.Tensor, torch.Tensor]:
        h = F.relu(self.enc(x))
        return self.mu(h), self.logvar(h)

    def reparameterize(self, mu, logvar):
        std = torch.exp(0.5 * logvar)
        eps = torch.randn_like(std)
        return mu + eps * std

    def decode(self, z):
        return torch.sigmoid(self.dec2(F.relu(self.dec1(z))))

    def forward(self, x):
        mu, logvar = self.encode(x)
        z = self.reparameterize(mu, logvar)
        return self.decode(z), mu, logvar


def vae_loss(recon, x, mu, logvar):
    bce = F.binary_cross_entropy(recon, x, reduction="sum")
    kld = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())
    return bce, kld


def make_patterns(n: int):
    base = torch.tensor([[1.0] * 8 + [0.0] * 8, [0.0] * 8 + [1.0] * 8, [1.0, 0.0] * 8, [0.0, 1.0] * 8])
    idx = torch.randint(0, 4, (n,))
    flip = (torch.rand(n, 16) < 0.05).float()
    return (base[idx] - flip).abs(), idx


def main():
    torch.manual_seed(0)
    x, idx = make_patterns(128)
    print("data", tuple(x.shape), "pattern counts", torch.bincount(idx).tolist())
    model = VAE()
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(30):
        recon, mu, logvar = model(x)
        bce, kld = vae_loss(recon, x, mu, logvar)
        loss = (bce + kld) / x.size(0)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if epoch % 6 == 0 or epoch == 29:
            print(f"epoch {epoch:2d} loss {loss.item():.3f} bce {bce.item() / 128:.3f} kld {kld.item() / 128:.3f}")
    model.eval()
    with torch.no_grad():
        mu, logvar = model.encode(x)
        centers = torch.stack([mu[idx == k].mean(0) for k in range(4)])
        print("latent centers shape", tuple(centers.shape))
        d = torch.cdist(centers, centers)
        print("min distance between centers > 0.1:", bool((d + torch.eye(4) * 100).min().item() > 0.1))
        z = torch.randn(5, 2)
        samples = model.decode(z)
        print("samples", tuple(samples.shape), "in [0,1]:", bool(((samples >= 0) & (samples <= 1)).all().item()))
        recon = model.decode(mu)
        err = (recon.round() != x).float().mean().item()
        print(f"bit error rate < 0.3: {err < 0.3}")


if __name__ == "__main__":
    main()
