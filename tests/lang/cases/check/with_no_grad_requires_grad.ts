import torch
w = torch.ones(2, requires_grad=True)
with torch.no_grad():
    a = w * 2
b = w * 2
print(a.requires_grad, b.requires_grad, torch.is_grad_enabled())
# expect: False True True
