# Module constants are usable in __init__ (checked before the module body); a module held in
# Any is callable (forward) and its methods bind defaults and keyword arguments at run time.
import torch
import torch.nn as nn
from typing import Any

WIDTH = 3
NAME: str = "lin"


class Lin(nn.Module):
    def __init__(self, n: int = WIDTH):
        super().__init__()
        self.fc = nn.Linear(n, WIDTH)
        self.tag = NAME

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc(x)

    def scaled(self, x: torch.Tensor, k: float = 2.0, shift: int = 0) -> torch.Tensor:
        return self.fc(x) * k + shift


torch.manual_seed(0)
m: Any = Lin()
x = torch.ones(1, 3)
print(m(x).shape, m.tag)
# expect: torch.Size([1, 3]) lin
print(torch.equal(m.scaled(x), m(x) * 2.0), torch.equal(m.scaled(x, shift=1), m(x) * 2.0 + 1))
# expect: True True
print(torch.equal(m.scaled(x, 3.0), m(x) * 3.0), list(m.state_dict(prefix="p.").keys()))
# expect: True ['p.fc.weight', 'p.fc.bias']
