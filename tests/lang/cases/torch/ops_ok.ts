import torch
torch.manual_seed(0)
x = torch.randn(3, 4)
w = torch.zeros(4, 2)
y = torch.mm(x, w).relu()
z = x.view(2, 6).sum(1, keepdim=True)
print(y.shape[0], z, x.size(0), x.t().mm(x), x.clamp(min=0), torch.add(x, 1.0, alpha=2))
