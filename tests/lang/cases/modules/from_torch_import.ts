from torch import Tensor, zeros
def f(t: Tensor) -> Tensor:
    return t + 1
print(f(zeros(2)))
# expect: tensor([1., 1.])
