# Dropout, Dropout1d/2d/3d, AlphaDropout and FeatureAlphaDropout under manual_seed: the kept
# pattern and scaling in training mode, the identity in eval mode, p=0 and p=1, gradients and
# printed forms.
import torch
import torch.nn as nn
from typing import List


torch.manual_seed(21)
mods: List[nn.Module] = [nn.Dropout(), nn.Dropout(0.2), nn.Dropout(p=0.7), nn.Dropout1d(0.5), nn.Dropout2d(0.4),
                         nn.Dropout3d(0.5), nn.AlphaDropout(0.3), nn.FeatureAlphaDropout(0.5)]
shapes: List[List[int]] = [[4, 6], [4, 6], [4, 6], [2, 5, 3], [2, 3, 2, 2], [2, 3, 2, 1, 2], [4, 6], [2, 4, 3]]
for i in range(len(mods)):
    m = mods[i]
    print(m, m.training)
    x = torch.ones(shapes[i]).requires_grad_(True)
    y = m(x)
    print("  kept", int((y != 0).sum().item()), "of", y.numel(), "sum", round(y.sum().item(), 4))
    y.sum().backward()
    g = x.grad
    assert g is not None
    print("  grad", round(g.sum().item(), 4), round(g.min().item(), 4), round(g.max().item(), 4))
    m.eval()
    print("  eval", m(x).equal(x), m.training)
    m.train()
torch.manual_seed(0)
d = nn.Dropout(0.5)
a = d(torch.arange(1.0, 13.0))
torch.manual_seed(0)
b = d(torch.arange(1.0, 13.0))
print(a.tolist(), a.equal(b))
print(nn.Dropout(0.0)(torch.ones(3)).tolist(), nn.Dropout(1.0)(torch.ones(3)).tolist())
d2 = nn.Dropout2d(0.5)
y2 = d2(torch.ones(3, 4, 2, 2))
print([round(v, 1) for v in y2.sum((2, 3)).flatten().tolist()])
print(nn.Dropout(0.3)(torch.zeros(0, 4)).shape)
try:
    nn.Dropout(1.5)
except ValueError as e:
    print("ValueError:", e)
try:
    nn.Dropout2d(-0.1)
except ValueError as e:
    print("ValueError:", e)
