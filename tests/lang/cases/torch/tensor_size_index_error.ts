import torch
x = torch.ones(2)
s: str = x.shape[0]
# expect error: 3:10 cannot assign int to `s` declared as str
