# The autograd graph of a 100,000-op chain is freed without recursing once per node, both when
# the result is dropped and after backward.
import torch

x = torch.ones(2, requires_grad=True)
y = x
for i in range(100000):
    y = y * 1.0
print(y.grad_fn is not None)
y = torch.zeros(1)
print("dropped")
z = x
for i in range(100000):
    z = z + 0.0
z.sum().backward()
z = torch.zeros(1)
print(x.grad)
# expect: True
# expect: dropped
# expect: tensor([1., 1.])
