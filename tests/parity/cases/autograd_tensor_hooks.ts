# Tensor.register_hook from a script: a leaf's hook runs before its gradient accumulates, a
# non-leaf's on the gradient flowing through; returning a Tensor replaces the gradient, None
# keeps it; several hooks run in order; RemovableHandle.remove() turns one off.
import torch
from typing import List, Optional

seen: List[float] = []


def record(g: torch.Tensor) -> Optional[torch.Tensor]:
    seen.append(g.sum().item())
    return None


x = torch.ones(3, requires_grad=True)
h = x.register_hook(lambda g: g * 2)
(x * 3).sum().backward()
print(x.grad)
h.remove()
x.grad = None
(x * 3).sum().backward()
print(x.grad)

w = torch.tensor([1.0, 2.0], requires_grad=True)
y = w * w
hy = y.register_hook(record)
y.register_hook(lambda g: g + 1)
y.sum().backward()
print(w.grad, seen, type(hy).__name__, isinstance(hy.id, int))
hy.remove()
w.grad = None
z = w * w
z.register_hook(lambda g: g * 0)
(z + w).sum().backward()
print(w.grad, seen)
try:
    torch.ones(2).register_hook(record)
except RuntimeError as e:
    print("RuntimeError:", e)
