# torchvision.models.resnet34 / resnet50: block layout, seeded weights, zero_init_residual,
# replace_stride_with_dilation, and a forward/backward pass of resnet50 on a small batch.
import torch
import torch.nn as nn
import torch.nn.functional as F
import torchvision.models as models


def summarize(name: str, model: nn.Module) -> None:
    n = sum(p.numel() for p in model.parameters())
    total = 0.0
    sq = 0.0
    for p in model.parameters():
        total += p.sum().item()
        sq += (p * p).sum().item()
    print(f"{name}: {n} params, {len(model.state_dict())} state entries, sum {total:.4f}, sq {sq:.4f}")


torch.manual_seed(0)
r34 = models.resnet34(weights=None, num_classes=100)
summarize("resnet34", r34)
print("layers:", [len(r34.layer1), len(r34.layer2), len(r34.layer3), len(r34.layer4)])
print("layer3.5.conv2:", tuple(r34.layer3[5].conv2.weight.shape))
print("has downsample:", [r34.layer1[0].downsample is not None, r34.layer2[0].downsample is not None])

torch.manual_seed(0)
r50 = models.resnet50(num_classes=20, zero_init_residual=True)
summarize("resnet50", r50)
keys = list(r50.state_dict().keys())
print("keys:", keys[6:12])
print("layer1.0.downsample.1.weight" in keys, "layer1.1.downsample.0.weight" in keys)
print("bn3 zero:", r50.layer1[0].bn3.weight.abs().sum().item(), "bn2 one:", r50.layer1[0].bn2.weight.mean().item())
print("fc in:", r50.fc.in_features, "expansion:", models.resnet.Bottleneck.expansion)

torch.manual_seed(2)
x = torch.randn(2, 3, 64, 64)
r50.eval()
with torch.no_grad():
    out = r50(x)
print("resnet50 out:", tuple(out.shape), [round(v, 4) for v in out[1, :4].tolist()])

r50.train()
opt = torch.optim.SGD(r50.parameters(), lr=0.01)
target = torch.tensor([3, 11])
loss = F.cross_entropy(r50(x), target)
opt.zero_grad()
loss.backward()
g = r50.conv1.weight.grad
print(f"loss {loss.item():.4f} conv1 grad norm {g.norm().item():.4f}")
opt.step()
with torch.no_grad():
    loss2 = F.cross_entropy(r50(x), target)
print(f"after step {loss2.item():.4f}")

torch.manual_seed(0)
dil = models.resnet50(num_classes=5, replace_stride_with_dilation=[False, True, True])
print("dilation:", tuple(dil.layer3[1].conv2.dilation), tuple(dil.layer4[0].conv2.dilation), tuple(dil.layer4[2].conv2.padding))
dil.eval()
with torch.no_grad():
    feat = dil.layer1(dil.maxpool(dil.relu(dil.bn1(dil.conv1(x)))))
    feat = dil.layer4(dil.layer3(dil.layer2(feat)))
print("dilated feature map:", tuple(feat.shape))
