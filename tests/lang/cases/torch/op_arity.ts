import torch
x = torch.ones(2, 2)
y = torch.mm(x)
# expect error: 3:5 torch.mm() missing required argument `mat2`
# expect hint: mm(Tensor self, Tensor mat2) -> Tensor
