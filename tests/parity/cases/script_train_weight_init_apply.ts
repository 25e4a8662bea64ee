import math
import torch
import torch.nn as nn

torch.manual_seed(0)


def init_weights(m):
    if isinstance(m, nn.Linear):
        nn.init.xavier_uniform_(m.weight)
        if m.bias is not None:
            nn.init.zeros_(m.bias)
    elif isinstance(m, nn.Conv1d):
        nn.init.kaiming_normal_(m.weight, mode="fan_out", nonlinearity="relu")
        nn.init.constant_(m.bias, 0.01)
    elif isinstance(m, nn.LayerNorm):
        nn.init.ones_(m.weight)
        nn.init.zeros_(m.bias)


class Encoder(nn.Module):
    def __init__(self, channels=4, hidden=12):
        super().__init__()
        self.conv = nn.Conv1d(1, channels, kernel_size=3, padding=1)
        self.norm = nn.LayerNorm(channels * 10)
        self.proj = nn.Linear(channels * 10, hidden)
        self.out = nn.Linear(hidden, 1, bias=False)

    def forward(self, x):
        h = torch.relu(self.conv(x.unsqueeze(1)))
        h = self.norm(h.flatten(1))
        return self.out(torch.relu(self.proj(h)))


model = Encoder()
model.apply(init_weights)

print("conv bias:", model.conv.bias.tolist())
print("proj bias sum:", model.proj.bias.sum().item())
bound = math.sqrt(6.0 / (40 + 12))
print("xavier bound respected:", bool(model.proj.weight.abs().max() <= bound))
print(f"conv weight std: {model.conv.weight.std().item():.4f}")

visited = []
model.apply(lambda m: visited.append(type(m).__name__))
print("apply order:", visited)

total = sum(p.numel() for p in model.parameters())
trainable = sum(p.numel() for p in model.parameters() if p.requires_grad)
print(f"total params: {total:,}  trainable: {trainable:,}")

for name, module in model.named_children():
    n = sum(p.numel() for p in module.parameters())
    print(f"  {name:<5} {module.__class__.__name__:<10} {n:>5}")

x = torch.randn(16, 10)
y = x.mean(dim=1, keepdim=True)
opt = torch.optim.RMSprop(model.parameters(), lr=0.005)
for step in range(30):
    opt.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()
    if step % 10 == 9:
        print(f"step {step + 1}: {loss.item():.4f}")
