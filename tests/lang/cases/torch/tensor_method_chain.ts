import torch
x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
print(x.sum(dim=0), x.sum(dim=0).mean(), x.sum(dim=0).mean().item())
# expect: tensor([4., 6.]) tensor(5.) 5.0
