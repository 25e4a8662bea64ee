import torch
def make(n: int, dtype: torch.dtype) -> torch.Tensor:
    return torch.zeros(n, dtype=dtype)
print(make(2, torch.float16).dtype, make(1, torch.bool))
# expect: torch.float16 tensor([False])
