# Values typed Any that hold tensors at run time take the tensor operators; dict literals take Dict[str, Any].
from typing import Any, List, Dict
import torch
def f(i: int) -> Any:
    return (torch.ones(2) * i, i)
for k in range(2):
    x, y = f(k)
    z = x + 1
    print(z, y * 2)
d: Dict[str, Any] = {"lr": 0.1, "momentum": 0.9}
d["lr"] = d["lr"] * 0.5
lr: float = d["lr"]
print(lr, d)
w: Any = torch.tensor([1.0, 2.0])
print(2 - w, 3 / w, 1 < w, -w, w ** 2, 2 ** w)
