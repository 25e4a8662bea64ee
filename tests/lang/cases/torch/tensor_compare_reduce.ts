import torch
x = torch.tensor([0.5, 1.5, 2.5])
print((x > 1).sum(), (x > 1).any(), (x > 0).all(), x == 1.5)
# expect: tensor(2) tensor(True) tensor(True) tensor([False,  True, False])
