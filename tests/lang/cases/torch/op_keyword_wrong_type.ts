import torch
x = torch.ones(2, 3)
y = torch.sum(x, dim="a")
# expect error: 3:5 no overload of torch.sum() accepts these arguments
# expect hint: sum.dim_IntList(
