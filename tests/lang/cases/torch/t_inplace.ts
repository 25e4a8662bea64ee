# Tensor.t_() transposes a matrix in place (TBackward1 in autograd); vectors stay as they are;
# more than 2 dims is PyTorch's error.
import torch

x = torch.arange(6.0).reshape(2, 3).requires_grad_()
y = x * 2
y.t_()
print(y.shape, y.grad_fn is not None, y.is_contiguous(), y.stride())
(y * torch.arange(6.0).reshape(3, 2)).sum().backward()
print(x.grad)
z = torch.ones(2, 3, 4)
try:
    z.t_()
except RuntimeError as e:
    print(e)
v = torch.arange(3.0)
print(v.t_(), v.shape)
# expect: torch.Size([3, 2]) True False (1, 3)
# expect: tensor([[ 0.,  4.,  8.],
# expect:         [ 2.,  6., 10.]])
# expect: t_() expects a tensor with <= 2 dimensions, but self is 3D
# expect: tensor([0., 1., 2.]) torch.Size([3])
