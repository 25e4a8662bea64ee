# torchvision.models.alexnet: seeded construction (PyTorch's default initialisation), layer
# layout, adaptive pooling, and a few SGD steps.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torchvision import models


def summarize(name: str, model: nn.Module) -> None:
    n = sum(p.numel() for p in model.parameters())
    total = 0.0
    sq = 0.0
    for p in model.parameters():
        total += p.sum().item()
        sq += (p * p).sum().item()
    print(f"{name}: {n} params, {len(model.state_dict())} state entries, sum {total:.4f}, sq {sq:.4f}")


torch.manual_seed(0)
net = models.alexnet(weights=None, num_classes=10)
summarize("alexnet", net)
for k, v in net.state_dict().items():
    print(" ", k, tuple(v.shape))
print("conv1 first:", [round(v, 4) for v in net.features[0].weight.flatten()[:3].tolist()])
print("fc bias first:", [round(v, 4) for v in net.classifier[6].bias[:3].tolist()])

torch.manual_seed(5)
x = torch.randn(2, 3, 96, 96)
y = torch.tensor([2, 9])
net.eval()
with torch.no_grad():
    out = net(x)
    feats = net.features(x)
print("eval:", tuple(out.shape), [round(v, 5) for v in out[1, :4].tolist()])
print("features:", tuple(feats.shape), "pooled:", tuple(net.avgpool(feats).shape))

net.train()
opt = torch.optim.SGD(net.parameters(), lr=0.02, momentum=0.9)
for step in range(3):
    opt.zero_grad()
    loss = F.cross_entropy(net(x), y)
    loss.backward()
    opt.step()
    print(f"step {step}: loss {loss.item():.4f}")
net.eval()
with torch.no_grad():
    print(f"after: {F.cross_entropy(net(x), y).item():.4f}")
