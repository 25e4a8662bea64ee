# torch.einsum with its operands as varargs, as one list and as one tuple (PyTorch's Python-level
# einsum), in a batched projection whose weight gets a gradient, and the too-few-operands error.
import torch
a = torch.arange(6.0).reshape(2, 3)
b = torch.tensor([1.0, 2.0, 3.0])
print(torch.einsum("ij,j->i", a, b))
print(torch.einsum("ij,j->i", [a, b]))
print(torch.einsum("ij,j->i", (a, b)))
print(torch.einsum("ij->ji", a))
w = torch.ones(3, 3, requires_grad=True)
y = torch.einsum("bi,ij->bj", a, w)
y.sum().backward()
print(y.grad_fn.name(), w.grad)
try:
    torch.einsum("ij,j->i", a)
except RuntimeError as e:
    print("RuntimeError:", e)
