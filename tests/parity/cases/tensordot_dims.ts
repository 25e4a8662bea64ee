# torch.tensordot's dims forms (torch/functional.py): an int, a tuple or list of two index
# lists, a [2, n] tensor or a one-element tensor; gradients through the pair form; the bad
# forms' errors.
import torch

a = torch.arange(6.0).reshape(2, 3)
b = torch.arange(12.0).reshape(3, 4)
c = torch.arange(24.0).reshape(2, 3, 4)
print(torch.tensordot(a, b, dims=1))
print(torch.tensordot(a, b, dims=([1], [0])))
print(torch.tensordot(a, b, dims=[[1], [0]]))
print(torch.tensordot(a, b, ([1], [0])))
print(torch.tensordot(a, b, dims=torch.tensor([[1], [0]])))
print(torch.tensordot(a, b, dims=torch.tensor(1)))
print(torch.tensordot(c, c, dims=([0, 2], [0, 2])))
print(torch.tensordot(c, c, dims=((2, 1), (2, 1))))
print(torch.tensordot(a.reshape(2, 3, 1), b.reshape(3, 1, 4), dims=((1, 2), (0, 1))).shape)
print(torch.tensordot(c, a, dims=0).shape)

x = torch.arange(6.0, requires_grad=True).reshape(2, 3)
y = torch.arange(12.0, requires_grad=True)
w = y.reshape(3, 4)
z = torch.tensordot(x, w, dims=([1], [0]))
print(z.grad_fn is not None)
z.sum().backward()
print(y.grad)

try:
    torch.tensordot(a, b, dims=-1)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.tensordot(a, b, dims=torch.tensor(-1))
except RuntimeError as e:
    print("RuntimeError:", str(e).split(",")[0])
try:
    torch.tensordot(a, b, dims=([1], [1]))
except RuntimeError as e:
    print("RuntimeError:", e)
