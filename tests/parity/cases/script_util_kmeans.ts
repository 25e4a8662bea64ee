import torch

torch.manual_seed(11)

def make_blobs(n_per, centers, std):
    pts = []
    labels = []
    for i, c in enumerate(centers):
        pts.append(torch.randn(n_per, 2) * std + torch.tensor(c))
        labels.append(torch.full((n_per,), i, dtype=torch.long))
    return torch.cat(pts), torch.cat(labels)

def kmeans(X, k, iters=20):
    idx = torch.randperm(X.shape[0])[:k]
    C = X[idx].clone()
    assign = torch.zeros(X.shape[0], dtype=torch.long)
    for it in range(iters):
        d = torch.cdist(X, C)
        new_assign = d.argmin(dim=1)
        if it > 0 and torch.equal(new_assign, assign):
            print("converged at iter", it)
            break
        assign = new_assign
        for j in range(k):
            members = X[assign == j]
            if members.shape[0] > 0:
                C[j] = members.mean(dim=0)
    inertia = ((X - C[assign]) ** 2).sum().item()
    return C, assign, inertia

X, y = make_blobs(30, [[0.0, 0.0], [5.0, 5.0], [0.0, 6.0]], 0.7)
print(X.shape, y.shape)
C, assign, inertia = kmeans(X, 3)
order = C[:, 0].argsort()
print("centers:")
for row in C[order].tolist():
    print(" ", [round(v, 2) for v in row])
print("inertia:", round(inertia, 3))
sizes = torch.bincount(assign, minlength=3)
print("sizes:", sorted(sizes.tolist()))
purity = 0
for j in range(3):
    m = y[assign == j]
    if m.numel() > 0:
        purity += torch.bincount(m).max().item()
print("purity:", purity / X.shape[0])
