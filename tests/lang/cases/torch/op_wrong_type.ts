import torch
x = torch.ones(2)
y = torch.add(x, "a")
# expect error: 3:5 no overload of torch.add() accepts these arguments
# expect hint: add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
