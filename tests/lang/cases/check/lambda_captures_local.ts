import torch
def make(k: float) -> torch.Tensor:
    f = lambda t: t * k
    return f(torch.ones(2))
print(make(3.0))
# expect: tensor([3., 3.])
