import torch
import torch.nn as nn

torch.manual_seed(14)

model = nn.Sequential(nn.Linear(5, 5), nn.ReLU(), nn.Linear(5, 2))
x = torch.randn(10, 5) * 10
y = torch.randint(0, 2, (10,))
loss = nn.CrossEntropyLoss()(model(x), y)
loss.backward()


def grad_norm(params):
    return torch.norm(torch.stack([p.grad.detach().norm(2) for p in params]), 2).item()


print(f"norm before: {grad_norm(model.parameters()):.4f}")
total = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
print(f"returned total norm: {total.item():.4f}")
print(f"norm after: {grad_norm(model.parameters()):.4f}")

model.zero_grad()
loss = nn.CrossEntropyLoss()(model(x), y)
loss.backward()
nn.utils.clip_grad_value_(model.parameters(), clip_value=0.05)
mx = max(p.grad.abs().max().item() for p in model.parameters())
print(f"max abs grad after value clip: {mx:.4f}")

model.zero_grad()
nn.CrossEntropyLoss()(model(x), y).backward()
inf_norm = nn.utils.clip_grad_norm_(model.parameters(), max_norm=0.5, norm_type=float('inf'))
print(f"inf norm: {inf_norm.item():.4f}")
print(f"max after inf clip: {max(p.grad.abs().max().item() for p in model.parameters()):.4f}")

params = list(model.parameters())
vec = nn.utils.parameters_to_vector(params)
print("vector size:", vec.numel())
nn.utils.vector_to_parameters(torch.zeros_like(vec), params)
print("all zero:", all(bool((p == 0).all()) for p in model.parameters()))
