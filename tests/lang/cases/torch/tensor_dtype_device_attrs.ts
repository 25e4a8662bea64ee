import torch
x = torch.ones(2)
print(x.dtype == torch.float32, x.device, x.to(torch.float64).dtype, x.is_floating_point())
y = torch.zeros(2, dtype=torch.int32)
print(y.dtype, y.is_floating_point(), y.long().dtype)
# expect: True cpu torch.float64 True
# expect: torch.int32 False torch.int64
