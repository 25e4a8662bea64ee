import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(2024)


class AutoEncoder(nn.Module):
    def __init__(self, input_dim=20, latent_dim=3):
        super().__init__()
        self.encoder = nn.Sequential(
            nn.Linear(input_dim, 12),
            nn.LeakyReLU(0.1),
            nn.Linear(12, latent_dim),
        )
        self.decoder = nn.Sequential(
            nn.Linear(latent_dim, 12),
            nn.LeakyReLU(0.1),
            nn.Linear(12, input_dim),
        )

    def forward(self, x):
        z = self.encoder(x)
        return self.decoder(z), z


# data lives on a 3-dim subspace plus small noise
basis = torch.randn(3, 20)
codes = torch.randn(256, 3)
data = codes @ basis + 0.01 * torch.randn(256, 20)
loader = DataLoader(TensorDataset(data), batch_size=32, shuffle=True)

model = AutoEncoder()
optimizer = torch.optim.Adam(model.parameters(), lr=3e-3)
scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=12)
criterion = nn.MSELoss(reduction="sum")

for epoch in range(12):
    model.train()
    total = 0.0
    for (batch,) in loader:
        recon, _ = model(batch)
        loss = criterion(recon, batch)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        total += loss.item()
    scheduler.step()
    if epoch % 3 == 2:
        print(f"epoch {epoch + 1:2d}  recon/sample {total / len(data):.4f}  lr {scheduler.get_last_lr()[0]:.6f}")

model.eval()
with torch.no_grad():
    recon, z = model(data[:5])
    per_sample = ((recon - data[:5]) ** 2).mean(dim=1)
print("latent shape:", z.shape)
print("per-sample error below 1.0:", (per_sample < 1.0).tolist())
print("baseline variance:", round(data.var().item(), 3))
