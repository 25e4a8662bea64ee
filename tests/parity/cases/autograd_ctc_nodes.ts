# ctc_loss records PyTorch's nodes (CtcLossBackward0 under the reduction's, SqueezeBackward1 for an
# unbatched input, WhereBackward0 with zero_infinity) and, like PyTorch, has no second derivative.
import torch
import torch.nn.functional as F
from typing import List


def chain(t: torch.Tensor, depth: int = 4) -> List[str]:
    out: List[str] = []
    g = t.grad_fn
    while g is not None and depth > 0:
        out.append(g.name())
        nf = [n for n, _ in g.next_functions if n is not None]
        g = nf[0] if len(nf) > 0 else None
        depth -= 1
    return out


torch.manual_seed(0)
lp = torch.randn(6, 2, 4).log_softmax(2).detach().requires_grad_()
tg = torch.tensor([[1, 2], [3, 1]])
il = torch.tensor([6, 5])
tl = torch.tensor([2, 2])
for r in ["none", "sum", "mean"]:
    for zi in [False, True]:
        loss = F.ctc_loss(lp, tg, il, tl, reduction=r, zero_infinity=zi)
        print(r, zi, chain(loss), loss)
one = F.ctc_loss(lp[:, 0], tg[0], torch.tensor(6), torch.tensor(2), reduction="none")
print(chain(one), one)
g, = torch.autograd.grad(F.ctc_loss(lp, tg, il, tl), [lp], create_graph=True)
print(g.grad_fn is not None, g[0])
try:
    (g * g).sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)
