# hardswish's gradient at 3.0 and NaN: 1.5 / 1.0 in PyTorch's element-by-element loop, 1.0 / NaN
# in its vector loop over whole blocks of 16 floats (8 doubles); the tail takes the first rule.
import torch
import torch.nn.functional as F

for n in [1, 8, 15, 16, 17, 33]:
    for dt in [torch.float32, torch.float64]:
        x = torch.full([n], 3.0, dtype=dt)
        x[0] = float("nan")
        x.requires_grad_(True)
        F.hardswish(x).sum().backward()
        g = x.grad
        assert g is not None
        print(n, dt, g[0].item(), g[n - 1].item(), g.sum().item())
y = torch.full([4, 5], 3.0).t().requires_grad_(True)
F.hardswish(y).sum().backward()
g2 = y.grad
assert g2 is not None
print(g2.sum().item())
