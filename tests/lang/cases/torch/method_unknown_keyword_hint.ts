import torch
x = torch.ones(2, 2)
y = x.sum(0, keepdims=True)
# expect error: 3:5 no overload of Tensor.sum() accepts these arguments
# expect hint: did you mean `keepdim`?
