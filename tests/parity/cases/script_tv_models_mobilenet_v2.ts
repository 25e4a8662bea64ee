# torchvision.models.mobilenet_v2: _make_divisible channel rounding (width_mult, round_nearest),
# inverted residual blocks, seeded initialisation, forward and SGD steps.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torchvision import models
from torchvision.models.mobilenetv2 import InvertedResidual, MobileNetV2
from torchvision.models._utils import _make_divisible


def summarize(name: str, model: nn.Module) -> None:
    n = sum(p.numel() for p in model.parameters())
    total = 0.0
    sq = 0.0
    for p in model.parameters():
        total += p.sum().item()
        sq += (p * p).sum().item()
    print(f"{name}: {n} params, {len(model.state_dict())} state entries, sum {total:.4f}, sq {sq:.4f}")


print("divisible:", [_make_divisible(v, 8) for v in [3.0, 16.0, 20.0, 33.6, 100.0, 1280 * 0.35]])
print("divisible min:", _make_divisible(10.0, 8, 16), _make_divisible(37.0, 4))

torch.manual_seed(0)
model = models.mobilenet_v2(num_classes=10)
summarize("mobilenet_v2", model)
print("features:", len(model.features), "last_channel:", model.last_channel)
keys = list(model.state_dict().keys())
print("first keys:", keys[:3])
print("block keys:", [k for k in keys if k.startswith("features.2.")][:8])
print("last keys:", keys[-4:])
blk = model.features[3]
print("block 3:", isinstance(blk, InvertedResidual), blk.use_res_connect, blk.out_channels, blk.stride)
print("dw groups:", model.features[2].conv[1][0].groups, "head:", model.classifier[1].in_features)
print("stem first:", [round(v, 4) for v in model.features[0][0].weight.flatten()[:4].tolist()])

torch.manual_seed(1)
small = models.mobilenet_v2(num_classes=5, width_mult=0.5, round_nearest=4, dropout=0.1)
summarize("mobilenet_v2 x0.5", small)
print("channels:", [small.features[i].out_channels for i in range(len(small.features))])
print("is MobileNetV2:", isinstance(small, MobileNetV2))

torch.manual_seed(2)
x = torch.randn(4, 3, 64, 64)
y = torch.tensor([0, 1, 2, 3])
model.eval()
with torch.no_grad():
    out = model(x)
print("eval:", tuple(out.shape), "tiny at init:", out.abs().max().item() < 1e-6)

model.train()
loss = F.cross_entropy(model(x), y)
loss.backward()
print(f"full backward: loss {loss.item():.4f}, head grad norm {model.classifier[1].weight.grad.norm().item():.3f}")
model.zero_grad()

# fine-tune the classifier only, as with a pretrained backbone
for p in model.features.parameters():
    p.requires_grad = False
opt = torch.optim.SGD(model.classifier.parameters(), lr=0.05, momentum=0.9)
for step in range(4):
    opt.zero_grad()
    loss = F.cross_entropy(model(x), y)
    loss.backward()
    opt.step()
    print(f"step {step}: loss {loss.item():.4f}")
print("frozen grads:", model.features[0][0].weight.grad is None, "trainable:",
      sum(p.numel() for p in model.parameters() if p.requires_grad))
model.eval()
with torch.no_grad():
    out = model(x)
    print(f"after: {F.cross_entropy(out, y).item():.4f}")
print("logits:", [round(v, 3) for v in out[1, :5].tolist()])
print(f"bn running mean: {model.features[1].conv[0][1].running_mean.sum().item():.4f}")
