import torch
x = torch.tensor([[3.0, 1.0], [2.0, 5.0]])
v, i = x.max(dim=1)
print(v, i, x.argmax(), x.max())
# expect: tensor([3., 5.]) tensor([0, 1]) tensor(3) tensor(5.)
