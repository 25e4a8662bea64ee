import torch
t = torch.tensor(2.5)
i = torch.tensor(7)
print(t.item(), i.item(), int(t), float(i), bool(torch.tensor(0)))
# expect: 2.5 7 2 7.0 False
