# A small regression fit written as tutorials write it: evaluation under @torch.no_grad(),
# prediction under @torch.inference_mode(), a cosine learning rate computed with math, shapes
# checked against torch.Size, and the model's class named with type(model).__name__.
import math

import torch
import torch.nn as nn


class Regressor(nn.Module):
    def __init__(self, n_in: int, hidden: int):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(n_in, hidden), nn.Tanh(), nn.Linear(hidden, 1))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.net(x)


@torch.no_grad()
def evaluate(model: Regressor, x: torch.Tensor, y: torch.Tensor) -> float:
    model.eval()
    loss = nn.functional.mse_loss(model(x), y)
    model.train()
    return loss.item()


@torch.inference_mode()
def predict(model: Regressor, x: torch.Tensor) -> torch.Tensor:
    return model(x)


torch.manual_seed(0)
x = torch.randn(64, 3)
w = torch.tensor([[1.5], [-2.0], [0.5]])
y = x @ w + 0.1 * torch.randn(64, 1)
model = Regressor(3, 16)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
epochs = 20
batch = 16
steps = math.ceil(x.shape[0] / batch)
print(f"{type(model).__name__}: {steps} steps per epoch, x {x.shape}, y {y.shape}")
assert x.shape == torch.Size([64, 3]) and y.shape[1:] == (1,)
for epoch in range(epochs):
    lr = 0.05 + 0.5 * (0.1 - 0.05) * (1 + math.cos(math.pi * epoch / epochs))
    for group in opt.param_groups:
        group["lr"] = lr
    for i in range(steps):
        xb, yb = x[i * batch:(i + 1) * batch], y[i * batch:(i + 1) * batch]
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(xb), yb)
        loss.backward()
        opt.step()
    if epoch % 5 == 4:
        print(f"epoch {epoch + 1}: lr {lr:.4f} eval loss {evaluate(model, x, y):.5f} grad on: {torch.is_grad_enabled()}")
p = predict(model, x[:4])
print(p.shape == torch.Size([4, 1]), p.requires_grad, p.is_inference(), type(p).__name__)
print(p.squeeze(1))
rmse = math.sqrt(evaluate(model, x, y))
print(f"rmse {rmse:.4f}", math.isclose(rmse, math.sqrt(rmse ** 2)), math.log10(rmse) < 0)
