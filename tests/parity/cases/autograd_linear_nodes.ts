# F.linear records PyTorch 1.13's nodes for each input form (addmm for a matrix with a bias, a
# view of one addmm for a contiguous 3-d input, matmul and an in-place bias add otherwise) and
# gives the same gradients through each.
import torch
import torch.nn.functional as F
from typing import List, Optional


def chain(t: torch.Tensor, depth: int = 3) -> List[str]:
    out: List[str] = []
    g = t.grad_fn
    while g is not None and depth > 0:
        out.append(g.name())
        nf = [n for n, _ in g.next_functions if n is not None]
        g = nf[0] if len(nf) > 0 else None
        depth -= 1
    return out


torch.manual_seed(0)
w = torch.randn(4, 3, requires_grad=True)
b = torch.randn(4, requires_grad=True)
inputs = [torch.randn(5, 3), torch.randn(2, 5, 3), torch.randn(5, 2, 3).transpose(0, 1),
          torch.randn(2, 2, 5, 3), torch.randn(3)]
for x in inputs:
    for bias in [b, None]:
        x.requires_grad_(True)
        y = F.linear(x, w, bias)
        print(list(x.shape), bias is not None, chain(y))
        y.sin().sum().backward()
        print(x.grad.flatten()[:4])
        x.grad = None
print(w.grad)
print(b.grad)
with torch.no_grad():
    print(F.linear(inputs[1], w, b).sum(), F.linear(inputs[2], w).sum())
# Tensor.squeeze_(dim): in place, SqueezeBackward3, a size-other-than-1 dim left alone.
s = torch.arange(6.0).reshape(2, 1, 3).requires_grad_()
u = s * 2.0
u.squeeze_(1)
print(u.shape, chain(u), u.squeeze_(0).shape)
(u * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
print(s.grad)
