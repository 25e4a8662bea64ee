import torch

torch.manual_seed(12)

def pca(X, k):
    mu = X.mean(dim=0, keepdim=True)
    Xc = X - mu
    U, S, Vh = torch.linalg.svd(Xc, full_matrices=False)
    components = Vh[:k]
    explained = (S ** 2) / (S ** 2).sum()
    return Xc @ components.T, components, explained[:k]

n = 50
t = torch.randn(n, 1)
X = torch.cat([t * 3.0, t * -1.5 + 0.1 * torch.randn(n, 1), 0.05 * torch.randn(n, 1)], dim=1)
Z, comps, ratio = pca(X, 2)
print("Z shape:", tuple(Z.shape))
print("explained:", [round(r, 4) for r in ratio.tolist()])
c0 = comps[0] * torch.sign(comps[0, 0])
print("first component:", c0.round(decimals=3))
recon = Z @ comps + X.mean(dim=0)
print("recon err:", round((recon - X).pow(2).mean().item(), 5))

true_w = torch.tensor([[2.0], [-3.0], [0.5]])
A = torch.randn(100, 3, dtype=torch.float64)
Ab = torch.cat([A, torch.ones(100, 1, dtype=torch.float64)], dim=1)
y = A @ true_w.double() + 1.25 + 0.01 * torch.randn(100, 1, dtype=torch.float64)
w_ne = torch.linalg.solve(Ab.T @ Ab, Ab.T @ y)
print("normal eq:", [round(v, 3) for v in w_ne.squeeze(1).tolist()])
w_ls = torch.linalg.lstsq(Ab, y).solution
print("lstsq agree:", torch.allclose(w_ne, w_ls, atol=1e-8))
w_pinv = torch.linalg.pinv(Ab) @ y
print("pinv agree:", torch.allclose(w_ne, w_pinv, atol=1e-8))
pred = Ab @ w_ne
ss_res = ((y - pred) ** 2).sum()
ss_tot = ((y - y.mean()) ** 2).sum()
r2 = 1 - ss_res / ss_tot
print("r2 > 0.999:", r2.item() > 0.999)
lam = 10.0
w_ridge = torch.linalg.solve(Ab.T @ Ab + lam * torch.eye(4, dtype=torch.float64), Ab.T @ y)
print("ridge shrinks:", w_ridge[:3].norm().item() < w_ne[:3].norm().item())
w = torch.zeros(4, 1, dtype=torch.float64, requires_grad=True)
opt = torch.optim.SGD([w], lr=0.1)
for step in range(200):
    opt.zero_grad()
    loss = ((Ab @ w - y) ** 2).mean()
    loss.backward()
    opt.step()
print("gd close:", torch.allclose(w.detach(), w_ne, atol=1e-3), round(loss.item(), 6))
