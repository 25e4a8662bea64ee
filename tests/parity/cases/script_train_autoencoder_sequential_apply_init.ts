# Exercises an nn.Sequential encoder/decoder autoencoder with weight init via apply and reconstruction error.
import torch
import torch.nn as nn


def init_weights(m):
    if isinstance(m, nn.Linear):
        nn.init.xavier_uniform_(m.weight)
        nn.init.zeros_(m.bias)


class AutoEncoder(nn.Module):
    def __init__(self, dim: int, latent: int):
        super().__init__()
        self.encoder = nn.Sequential(
            nn.Linear(dim, 16),
            nn.ReLU(),
            nn.Linear(16, latent),
        )
        self.decoder = nn.Sequential(
            nn.Linear(latent, 16),
            nn.ReLU(),
            nn.Linear(16, dim),
            nn.Sigmoid(),
        )

    def forward(self, x):
        z = self.encoder(x)
        return self.decoder(z)


def make_data(n: int, dim: int):
    # data lives on a 2-d manifold
    basis = torch.randn(2, dim)
    coeffs = torch.rand(n, 2)
    return torch.sigmoid(coeffs @ basis)


def main():
    torch.manual_seed(11)
    data = make_data(200, 10)
    print("data range:", f"{data.min().item():.3f}", f"{data.max().item():.3f}")
    model = AutoEncoder(10, 2)
    model.apply(init_weights)
    print("bias sums after init:", [float(m.bias.sum()) for m in model.modules() if isinstance(m, nn.Linear)])
    opt = torch.optim.Adam(model.parameters(), lr=5e-3)
    criterion = nn.MSELoss()
    for epoch in range(80):
        perm = torch.randperm(200)
        epoch_loss = 0.0
        for i in range(0, 200, 40):
            batch = data[perm[i:i + 40]]
            recon = model(batch)
            loss = criterion(recon, batch)
            opt.zero_grad()
            loss.backward()
            opt.step()
            epoch_loss += loss.item()
        if epoch % 20 == 19:
            print(f"epoch {epoch + 1} recon loss {epoch_loss / 5:.5f}")

    with torch.no_grad():
        z = model.encoder(data[:5])
        print("latent shape:", tuple(z.shape))
        recon = model(data)
        per_sample = ((recon - data) ** 2).mean(dim=1)
        print(f"mean err {per_sample.mean():.5f} max err {per_sample.max():.5f}")
        worst = torch.topk(per_sample, 3).indices.tolist()
        print("worst count:", len(worst))
    print("encoder layers:", [type(m).__name__ for m in model.encoder])
    print("decoder[2]:", model.decoder[2])


if __name__ == "__main__":
    main()
