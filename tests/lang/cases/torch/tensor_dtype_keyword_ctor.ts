import torch
a = torch.zeros(2, dtype=torch.int32)
b = torch.ones(2, 2, dtype=torch.float64)
c = torch.tensor([1, 2])
d = torch.tensor([1.0])
print(a.dtype, b.dtype, c.dtype, d.dtype, torch.full((2,), 3).dtype)
# expect: torch.int32 torch.float64 torch.int64 torch.float32 torch.int64
