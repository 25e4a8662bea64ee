import torch
x = torch.zeros(2, 3, 4)
print(x.shape, x.size(), x.size(1), x.size(-1), x.numel(), x.dim(), x.shape[0], list(x.shape))
# expect: torch.Size([2, 3, 4]) torch.Size([2, 3, 4]) 3 4 24 3 2 [2, 3, 4]
