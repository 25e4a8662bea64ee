import torch
x = torch.ones(2)
y = x.mm(x, x)
# expect error: 3:5 Tensor.mm() takes 1 positional argument but 2 were given
