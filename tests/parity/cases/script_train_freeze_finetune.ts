import torch
import torch.nn as nn

torch.manual_seed(99)

base = nn.Sequential(
    nn.Linear(8, 32),
    nn.ReLU(),
    nn.Linear(32, 16),
    nn.ReLU(),
)
classifier = nn.Linear(16, 2)
model = nn.Sequential(base, classifier)


def count_trainable(m):
    return sum(p.numel() for p in m.parameters() if p.requires_grad)


print("trainable before:", count_trainable(model))
base.requires_grad_(False)
print("trainable after freezing base:", count_trainable(model))

optimizer = torch.optim.SGD(filter(lambda p: p.requires_grad, model.parameters()), lr=0.1)

x = torch.randn(64, 8)
y = (x[:, 0] > x[:, 1]).long()
frozen_before = base[0].weight.detach().clone()
head_before = classifier.weight.detach().clone()

loss_fn = nn.CrossEntropyLoss()
for epoch in range(10):
    optimizer.zero_grad()
    loss = loss_fn(model(x), y)
    loss.backward()
    optimizer.step()
print(f"loss after head-only training: {loss.item():.4f}")
print("base unchanged:", torch.equal(frozen_before, base[0].weight))
print("head changed:", not torch.equal(head_before, classifier.weight))
print("base grad is None:", base[0].weight.grad is None)

# unfreeze the last base layer and add it as a new param group with smaller lr
for p in base[2].parameters():
    p.requires_grad = True
optimizer.add_param_group({"params": base[2].parameters(), "lr": 0.01})
print("param groups:", len(optimizer.param_groups), [g["lr"] for g in optimizer.param_groups])
print("trainable now:", count_trainable(model))

for epoch in range(10):
    optimizer.zero_grad()
    loss = loss_fn(model(x), y)
    loss.backward()
    optimizer.step()
print(f"loss after partial unfreeze: {loss.item():.4f}")
print("first layer still unchanged:", torch.equal(frozen_before, base[0].weight))
with torch.no_grad():
    acc = (model(x).argmax(1) == y).float().mean().item()
print(f"accuracy: {acc:.3f}")
