import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(6)


class VAE(nn.Module):
    def __init__(self, in_dim=16, hidden=32, latent=2):
        super().__init__()
        self.fc1 = nn.Linear(in_dim, hidden)
        self.fc_mu = nn.Linear(hidden, latent)
        self.fc_logvar = nn.Linear(hidden, latent)
        self.fc2 = nn.Linear(latent, hidden)
        self.fc3 = nn.Linear(hidden, in_dim)

    def encode(self, x):
        h = F.relu(self.fc1(x))
        return self.fc_mu(h), self.fc_logvar(h)

    def reparameterize(self, mu, logvar):
        std = torch.exp(0.5 * logvar)
        eps = torch.randn_like(std)
        return mu + eps * std

    def decode(self, z):
        return torch.sigmoid(self.fc3(F.relu(self.fc2(z))))

    def forward(self, x):
        mu, logvar = self.encode(x)
        z = self.reparameterize(mu, logvar)
        return self.decode(z), mu, logvar


def loss_function(recon_x, x, mu, logvar):
    bce = F.binary_cross_entropy(recon_x, x, reduction="sum")
    kld = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())
    return bce + kld, bce, kld


data = (torch.rand(128, 16) > 0.5).float()
model = VAE()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)

for epoch in range(1, 7):
    model.train()
    train_loss = 0.0
    for batch in data.chunk(4):
        optimizer.zero_grad()
        recon, mu, logvar = model(batch)
        loss, bce, kld = loss_function(recon, batch, mu, logvar)
        loss.backward()
        train_loss += loss.item()
        optimizer.step()
    print(f"====> Epoch: {epoch} Average loss: {train_loss / len(data):.3f}")

model.eval()
with torch.no_grad():
    sample = model.decode(torch.randn(4, 2))
    print("sample shape:", sample.shape, "range ok:", bool((sample >= 0).all() and (sample <= 1).all()))
    mu, logvar = model.encode(data[:3])
    print("mu:", mu.round(decimals=2))
