import torch
t = torch.tensor([1.0, 2.0, 4.0])
t -= 0.5
t *= 2
t /= 4
t **= 2
print(t)
