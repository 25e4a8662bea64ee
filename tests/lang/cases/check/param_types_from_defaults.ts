# An unannotated parameter with a literal default has the literal's type (None: Optional[Tensor]);
# without a default it is a Tensor (lang/README.md, Note [Parameter types from defaults]).
import torch
import torch.nn as nn


def scale(x, n=3, factor=0.5, name="run", verbose=False, mask=None, dim=-1, size=(2, 2)):
    if mask is not None:
        x = x * mask
    if verbose:
        print(name, size, dim)
    return x.sum(dim) * n * factor


class Block(nn.Module):
    def __init__(self, width=4, p=0.0, *, bias=True):
        super().__init__()
        self.fc = nn.Linear(width, width, bias=bias)
        self.p = p

    def forward(self, x, mask=None):
        y = self.fc(x)
        if mask is not None:
            y = y * mask
        return y if self.p == 0.0 else nn.functional.dropout(y, self.p)


torch.manual_seed(0)
x = torch.ones(2, 3)
print(scale(x), scale(x, 2, 1, "b", True, torch.zeros(2, 3), 0, (1, 5)))
print(scale(x, factor=2), scale(x, verbose=True))
b = Block(3, bias=False)
print(b.fc.bias is None, b(x).shape, b(x, torch.zeros(2, 3)).abs().sum().item())
