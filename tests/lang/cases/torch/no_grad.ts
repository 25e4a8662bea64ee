import torch
w = torch.randn(2, requires_grad=True)
with torch.no_grad():
    w -= 0.1 * w
