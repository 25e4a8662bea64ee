import torch
import torch.nn as nn

torch.manual_seed(17)


class PolyModel(nn.Module):
    """y = a + b x + c x^2 + d x^3 with learnable coefficients."""

    def __init__(self):
        super().__init__()
        self.coeffs = nn.Parameter(torch.randn(4))
        self.register_buffer("powers", torch.arange(4, dtype=torch.float32))

    def forward(self, x):
        feats = x.unsqueeze(-1) ** self.powers
        return feats @ self.coeffs

    def string(self):
        a, b, c, d = self.coeffs.tolist()
        return f"y = {a:.3f} + {b:.3f} x + {c:.3f} x^2 + {d:.3f} x^3"


x = torch.linspace(-1.0, 1.0, 200)
y = torch.sin(2.0 * x)

model = PolyModel()
learning_rate = 0.1
for t in range(500):
    y_pred = model(x)
    loss = (y_pred - y).pow(2).mean()
    if t % 100 == 99:
        print(t, round(loss.item(), 5))
    model.zero_grad()
    loss.backward()
    with torch.no_grad():
        for param in model.parameters():
            param -= learning_rate * param.grad

print("Result:", model.string())
print("buffer in state_dict:", "powers" in model.state_dict())
print("parameter count:", len(list(model.parameters())))

# the same fit with plain tensors and autograd
a = torch.zeros((), requires_grad=True)
b = torch.zeros((), requires_grad=True)
for t in range(200):
    loss = ((a + b * x) - y).pow(2).sum()
    loss.backward()
    with torch.no_grad():
        a -= 1e-3 * a.grad
        b -= 1e-3 * b.grad
        a.grad = None
        b.grad = None
print(f"linear fit: a={a.item():.4f} b={b.item():.4f}")
print("requires_grad:", a.requires_grad, (a * 2).requires_grad, (a * 2).detach().requires_grad)
