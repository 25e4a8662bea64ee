import torch
x = torch.zeros(2, 4)
x[1:] = 1.0
x[:, ::2] = 5.0
x[0, 1] = -1.0
print(x)
# expect: tensor([[ 5., -1.,  5.,  0.],
# expect:         [ 5.,  1.,  5.,  1.]])
