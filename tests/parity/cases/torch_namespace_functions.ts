# torch namespace functions a script reaches for: dtype facts (finfo, iinfo, default dtype,
# promote_types, result_type), is_tensor, as_tensor, broadcast_shapes, quantile, cov, corrcoef,
# combinations, logcumsumexp, the constants, and Tensor[] results printed as tuples.
import math
import torch
from torch import finfo, quantile

print(torch.finfo(torch.float32))
print(torch.finfo(torch.float64).eps, torch.finfo(torch.float16).max, torch.finfo().tiny)
print(finfo(torch.bfloat16).bits, torch.finfo(torch.float32).resolution)
print(torch.iinfo(torch.int32), torch.iinfo(torch.int64).max, torch.iinfo(torch.uint8).min)
print(torch.iinfo(torch.int8).bits, torch.finfo(torch.float32).dtype)
try:
    torch.finfo(torch.int32)
except TypeError as e:
    print("TypeError:", e)
eps = torch.finfo(torch.float32).eps
x = torch.tensor([1.0, 0.0, 3.0])
print(torch.log(x + eps))

print(torch.get_default_dtype())
torch.set_default_dtype(torch.float64)
print(torch.get_default_dtype(), torch.tensor([1.5]).dtype, torch.zeros(2).dtype, torch.randn(2).dtype)
torch.set_default_dtype(torch.float32)
print(torch.tensor([1.5]).dtype)

print(torch.promote_types(torch.int32, torch.float16), torch.promote_types(torch.uint8, torch.int8))
print(torch.result_type(torch.tensor([1, 2]), 1.0), torch.result_type(torch.tensor([1.0]), torch.tensor([1.0], dtype=torch.float64)))
print(torch.result_type(2, 3.0), torch.result_type(torch.tensor([True]), 5))

print(torch.is_tensor(3), torch.is_tensor(torch.ones(1)), torch.is_tensor([1, 2]))
a = torch.arange(3.0)
b = torch.as_tensor(a)
b[0] = 10.0
print(a, torch.as_tensor([1, 2, 3]), torch.as_tensor([1, 2], dtype=torch.float32))

print(torch.broadcast_shapes((2, 1), (1, 3)), torch.broadcast_shapes((5,), (3, 1)), torch.broadcast_shapes(4, (2, 1)))
try:
    torch.broadcast_shapes((2,), (3,))
except RuntimeError as e:
    print("RuntimeError:", e)

print(torch.pi, torch.e, torch.inf, torch.nan, math.isclose(torch.pi, math.pi))

torch.manual_seed(0)
data = torch.randn(4, 7)
print(torch.quantile(data, 0.5))
print(quantile(data, torch.tensor([0.25, 0.5, 0.75]), dim=1))
print(torch.quantile(data, 0.3, dim=0, keepdim=True).shape, torch.quantile(data, torch.tensor([0.1, 0.9]), dim=1, keepdim=True).shape)
for how in ["linear", "lower", "higher", "midpoint", "nearest"]:
    print(how, torch.quantile(torch.arange(10.0), 0.33, interpolation=how))
with_nan = torch.tensor([[1.0, 2.0, float("nan"), 4.0], [5.0, 6.0, 7.0, 8.0]])
print(torch.quantile(with_nan, 0.5, dim=1), torch.nanquantile(with_nan, 0.5, dim=1))
try:
    torch.quantile(torch.tensor([1, 2]), 0.5)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.quantile(torch.tensor([1.0, 2.0]), 1.5)
except RuntimeError as e:
    print("RuntimeError:", e)

obs = torch.tensor([[0.0, 1.0, 2.0, 4.0], [2.0, 1.5, 0.0, -1.0], [1.0, 1.0, 2.0, 3.0]])
print(torch.cov(obs))
print(torch.cov(obs, correction=0))
print(torch.cov(obs, fweights=torch.tensor([1, 2, 1, 3]), aweights=torch.tensor([0.5, 1.0, 2.0, 1.0])))
print(torch.cov(torch.tensor([[0, 1, 2], [2, 1, 0]])))
print(torch.corrcoef(obs))
print(torch.cov(torch.tensor([1.0, 2.0, 4.0])), torch.corrcoef(torch.tensor([1.0, 2.0, 4.0])))

print(torch.combinations(torch.tensor([1, 2, 3])))
print(torch.combinations(torch.tensor([1.0, 2.0, 3.0, 4.0]), r=3))
print(torch.combinations(torch.tensor([1, 2, 3]), with_replacement=True))
print(torch.combinations(torch.tensor([7, 8, 9]), r=1), torch.combinations(torch.tensor([1, 2]), r=3).shape)

print(torch.logcumsumexp(torch.tensor([1.0, 2.0, 3.0]), 0))
print(torch.logcumsumexp(torch.tensor([[0.0, -100.0], [1.0, 50.0]]), dim=1))

t = torch.arange(10)
print(torch.chunk(t, 3))
print(t.split(4))
print(t.split([2, 8]))
print(torch.unbind(torch.eye(2)))
print(type(t.chunk(2)).__name__, len(t.chunk(2)))
