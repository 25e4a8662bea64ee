import copy
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(23)


class MultiTask(nn.Module):
    def __init__(self, in_dim=6, hidden=8):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(in_dim, hidden), nn.GELU(), nn.Identity())
        self.heads = nn.ModuleDict({
            "cls": nn.Linear(hidden, 3),
            "reg": nn.Linear(hidden, 1),
        })
        self.temps = nn.ParameterList([nn.Parameter(torch.ones(1) * (i + 1)) for i in range(2)])

    def forward(self, x):
        h = self.trunk(x)
        return {name: head(h) / self.temps[0] for name, head in self.heads.items()}


model = MultiTask()
x = torch.randn(4, 6)
outs = model(x)
for k, v in outs.items():
    print(k, tuple(v.shape))
print("heads keys:", list(model.heads.keys()))
print("'reg' in heads:", "reg" in model.heads)
print("temps:", [t.item() for t in model.temps])

ema = copy.deepcopy(model)
for p in ema.parameters():
    p.requires_grad_(False)
loss = F.cross_entropy(outs["cls"], torch.tensor([0, 1, 2, 0])) + F.mse_loss(outs["reg"].squeeze(1), torch.zeros(4))
loss.backward()
with torch.no_grad():
    for p in model.parameters():
        if p.grad is not None:
            p -= 0.1 * p.grad
decay = 0.9
with torch.no_grad():
    for ema_p, p in zip(ema.parameters(), model.parameters()):
        ema_p.mul_(decay).add_(p, alpha=1 - decay)
diff = sum((a - b).abs().sum().item() for a, b in zip(ema.parameters(), model.parameters()))
print(f"loss {loss.item():.4f} ema diff {diff:.4f}")


@torch.no_grad()
def evaluate(m, inp):
    return m(inp)["cls"].argmax(dim=1)


pred = evaluate(model, x)
print("pred:", pred.tolist(), "requires_grad:", model(x)["cls"].requires_grad)
dbl = copy.deepcopy(model).double()
print("double dtype:", next(iter(dbl.parameters())).dtype)
model.heads["aux"] = nn.Linear(8, 2)
print("n heads:", len(model.heads))
print(model.heads)
