# Attribute reads and writes and method calls on values typed Any are resolved at run time.
import torch
from typing import Any, Dict, List
g: Dict[str, Any] = {"params": [torch.ones(2, requires_grad=True)], "lr": 0.1}
for p in g["params"]:
    print(p.grad is None, p.shape, p.requires_grad)
    p.grad = torch.ones(2)
    print(p.grad)
lr: float = g["lr"]
ps: List[torch.Tensor] = g["params"]
print(lr * 2, len(ps))
g["lr"] = 0.5
print(g)
st: Dict[int, Dict[str, Any]] = {}
st[0] = {"step": torch.tensor(1.0)}
print(st)
with torch.no_grad():
  for q in g["params"]:
    q.add_(torch.ones(2), alpha=2.0)
    q.grad = None
    print(q, q.grad, q.sum().item(), q.view(2, 1).shape)
items: Any = [1, 2]
items.append(3)
print(items, g.get("lr"))
