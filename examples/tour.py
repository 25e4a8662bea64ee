# The same program as tour.cpp, in PyTorch: `/usr/bin/python3 examples/tour.py` prints exactly
# what `build/examples/tour` prints (tests/cli checks this).
import torch

torch.manual_seed(0)
x = torch.rand(5)
print(x)
w = torch.randn(3, 4)
print(w)
print(torch.arange(12).reshape(3, 4).t())
a = torch.arange(6, dtype=torch.float32).reshape(2, 3)
b = torch.tensor([10.0, 20.0, 30.0])
print(a + b)
print(a * 2.5 - 1)
print((a / 7).exp())
print(a.sum(), a.mean(), a.sum(1), a.max(1).values)
print(torch.mm(a, a.t()))
print(torch.softmax(a, dim=1))
print(torch.nn.functional.log_softmax(a, dim=0))
print(torch.tensor([1, 2, 3]) // 2, torch.tensor([True, False]))
print(torch.zeros(2, 3, dtype=torch.float64))
print(torch.linspace(0, 1, 5), torch.eye(2, dtype=torch.int32))
big = torch.arange(2000.0).reshape(40, 50) / 3
print(big)
idx = torch.tensor([2, 0])
print(a[:, idx], a[a > 2])
