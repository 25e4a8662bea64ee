import torch
from torch import nn

torch.manual_seed(11)

inputs = torch.randn(96, 10)
weights = torch.randn(10, 1)
targets = (inputs @ weights > 0).float()

model = nn.Sequential(nn.Linear(10, 20), nn.ReLU(), nn.Linear(20, 1))
loss_fn = nn.BCEWithLogitsLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

accum_steps = 4
micro_batch = 8
step_count = 0

for epoch in range(5):
    optimizer.zero_grad(set_to_none=True)
    epoch_losses = []
    for i, start in enumerate(range(0, len(inputs), micro_batch)):
        xb = inputs[start:start + micro_batch]
        yb = targets[start:start + micro_batch]
        loss = loss_fn(model(xb), yb) / accum_steps
        loss.backward()
        epoch_losses.append(loss.item() * accum_steps)
        if (i + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
            step_count += 1
    avg = sum(epoch_losses) / len(epoch_losses)
    print(f"epoch {epoch}: avg loss {avg:.4f}, optimizer steps so far {step_count}")

# Check: accumulated gradient equals full-batch gradient
model.zero_grad()
full_loss = loss_fn(model(inputs[:32]), targets[:32])
full_loss.backward()
full_grad = model[0].weight.grad.clone()

model.zero_grad()
for start in range(0, 32, 8):
    part = loss_fn(model(inputs[start:start + 8]), targets[start:start + 8]) / 4
    part.backward()
acc_grad = model[0].weight.grad

print("grads match:", torch.allclose(full_grad, acc_grad, atol=1e-6))
print("grad is None after set_to_none:", end=" ")
optimizer.zero_grad(set_to_none=True)
print(model[2].bias.grad is None)

with torch.no_grad():
    probs = torch.sigmoid(model(inputs))
    acc = ((probs > 0.5).float() == targets).float().mean()
print(f"accuracy: {acc.item():.3f}")
