# A VAE-like loop: an encoder gives loc and log-variance, the code is drawn by rsample, the loss
# is a reconstruction term plus KL(q(z|x) || N(0, 1)); the sampled numbers and the losses after
# torch.manual_seed are PyTorch's.
import torch
import torch.nn as nn
import torch.distributions as D


class VAE(nn.Module):
    def __init__(self, d_in: int, d_z: int):
        super().__init__()
        self.enc = nn.Linear(d_in, 2 * d_z)
        self.dec = nn.Linear(d_z, d_in)
        self.d_z = d_z

    def forward(self, x: torch.Tensor):
        h = self.enc(x)
        mu = h[:, :self.d_z]
        logvar = h[:, self.d_z:]
        q = D.Normal(mu, torch.exp(0.5 * logvar))
        z = q.rsample()
        prior = D.Normal(torch.zeros_like(mu), torch.ones_like(mu))
        kl = D.kl_divergence(q, prior).sum(-1)
        return self.dec(z), kl, q


torch.manual_seed(0)
model = VAE(6, 2)
opt = torch.optim.Adam(model.parameters(), lr=0.01)
data = torch.randn(16, 6)
for step in range(5):
    recon, kl, q = model(data)
    rec = ((recon - data) ** 2).sum(-1)
    loss = (rec + kl).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 5), round(kl.mean().item(), 5))
print(q)
print(q.batch_shape, q.loc.shape, q.entropy().shape)
# the log-likelihood of the data under a fixed-scale decoder
with torch.no_grad():
    recon, kl, q = model(data)
    ll = D.Normal(recon, 0.5).log_prob(data).sum(-1)
    print(ll[:4])
    print(q.sample((3,)).shape, q.log_prob(q.sample()).shape)
