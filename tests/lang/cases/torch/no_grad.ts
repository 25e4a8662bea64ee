import torch
torch.manual_seed(0)
w = torch.randn(2, requires_grad=True)
with torch.no_grad():
    w -= 0.1 * w
print(w.requires_grad, w.is_leaf, w.grad_fn is None)
y = (w * 2).sum()
print(y.requires_grad)
with torch.no_grad():
    z = (w * 2).sum()
print(z.requires_grad)
# expect: True True True
# expect: True
# expect: False
