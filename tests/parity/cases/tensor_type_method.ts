# Tensor.type(): the legacy type name, and conversion to a dtype or a named type.
import torch
x = torch.ones(2)
print(x.type(), x.type(torch.int64), x.type("torch.DoubleTensor").dtype, x.long().type(), (x > 0).type(torch.float).sum())
print(torch.zeros(1, dtype=torch.uint8).type())
