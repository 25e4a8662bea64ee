# torchvision.models.vgg11_bn: seeded construction (kaiming / normal(0, 0.01) initialisation), layer
# layout, adaptive pooling of a small image, and one SGD step.
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
vgg = models.vgg11_bn(pretrained=False, num_classes=10, dropout=0.3)
summarize("vgg11_bn", vgg)
print("features:", len(vgg.features), "classifier:", len(vgg.classifier))
sd = vgg.state_dict()
for k in list(sd.keys())[:4] + ["features.1.running_var", "features.26.weight", "classifier.6.weight"]:
    print(" ", k, tuple(sd[k].shape))
print("bn:", vgg.features[1].weight[:2].tolist(), vgg.features[1].bias[:2].tolist(), "dropout p:", vgg.classifier[2].p)
print(f"linear std: {vgg.classifier[0].weight.std().item():.5f}")
print("conv first:", [round(v, 4) for v in vgg.features[4].weight.flatten()[:4].tolist()])
print("head:", vgg.classifier[6].in_features, vgg.classifier[6].out_features)

torch.manual_seed(3)
x = torch.randn(2, 3, 32, 32)
y = torch.tensor([2, 9])
vgg.eval()
with torch.no_grad():
    out = vgg(x)
    feats = vgg.features(x)
print("eval:", tuple(out.shape), [round(v, 5) for v in out[0, :4].tolist()])
print("features:", tuple(feats.shape), "pooled:", tuple(vgg.avgpool(feats).shape))

vgg.train()
opt = torch.optim.SGD(vgg.parameters(), lr=0.01)
opt.zero_grad()
loss = F.cross_entropy(vgg(x), y)
loss.backward()
print(f"loss {loss.item():.4f}, head grad norm {vgg.classifier[6].weight.grad.norm().item():.4f}")
opt.step()
vgg.eval()
with torch.no_grad():
    print(f"after: {F.cross_entropy(vgg(x), y).item():.4f}")
