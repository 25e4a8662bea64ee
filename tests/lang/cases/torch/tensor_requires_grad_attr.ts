import torch
x = torch.ones(2)
print(x.requires_grad, x.grad is None, x.is_leaf)
x.requires_grad_(True)
print(x.requires_grad, (x * 2).is_leaf)
# expect: False True True
# expect: True False
