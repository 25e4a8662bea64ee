import torch
a = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
a @= torch.tensor([[0.0, 1.0], [1.0, 0.0]])
print(a)
# expect: tensor([[2., 1.],
# expect:         [4., 3.]])
