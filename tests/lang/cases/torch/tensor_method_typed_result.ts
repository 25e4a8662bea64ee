import torch
x = torch.ones(2)
n: str = x.numel()
# expect error: 3:10 cannot assign int to `n` declared as str
