import torch
def f(n: int) -> int:
    return n
f(torch.ones(1))
# expect error: 4:3 argument `n` of `f` must be int, not Tensor
