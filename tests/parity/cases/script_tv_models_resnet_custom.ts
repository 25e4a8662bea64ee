# torchvision.models.resnet's classes used directly: ResNet(BasicBlock / Bottleneck, layers) with
# groups / width_per_group, a GroupNorm norm_layer, and the usual CIFAR-style head surgery.
import torch
import torch.nn as nn
import torch.nn.functional as F
import torchvision
from torchvision.models.resnet import ResNet, BasicBlock, Bottleneck
from torchvision.models import resnet18


def group_norm(channels: int) -> nn.Module:
    return nn.GroupNorm(8, channels)


def count(model: nn.Module) -> int:
    return sum(p.numel() for p in model.parameters())


def checksum(model: nn.Module) -> str:
    total = 0.0
    for name, p in model.named_parameters():
        total += p.abs().sum().item()
    return f"{total:.4f}"


torch.manual_seed(0)
tiny = ResNet(BasicBlock, [1, 1, 1, 1], num_classes=7)
print("tiny:", count(tiny), checksum(tiny), len(list(tiny.modules())))
print("tiny children:", [name for name, _ in tiny.named_children()])

torch.manual_seed(0)
gn = ResNet(BasicBlock, [2, 1, 1, 1], num_classes=4, norm_layer=group_norm, zero_init_residual=True)
print("groupnorm:", count(gn), checksum(gn), type(gn.bn1).__name__, gn.layer1[0].bn2.weight.sum().item())
print("gn keys:", list(gn.state_dict().keys())[:5])

torch.manual_seed(0)
rx = ResNet(Bottleneck, [1, 2, 1, 1], num_classes=3, groups=4, width_per_group=16)
print("resnext-like:", count(rx), checksum(rx))
print("grouped conv:", rx.layer2[1].conv2.groups, tuple(rx.layer2[1].conv2.weight.shape), rx.layer4[0].conv3.out_channels)

torch.manual_seed(0)
net = resnet18(pretrained=False)
print("default head:", net.fc.in_features, net.fc.out_features)
net.conv1 = nn.Conv2d(3, 64, kernel_size=3, stride=1, padding=1, bias=False)
net.maxpool = nn.Identity()
net.fc = nn.Linear(net.fc.in_features, 10)
print("after surgery:", count(net))

torch.manual_seed(1)
x = torch.randn(8, 3, 16, 16)
y = torch.randint(0, 10, (8,))
opt = torch.optim.Adam(net.parameters(), lr=1e-3)
net.train()
for step in range(3):
    opt.zero_grad()
    loss = F.cross_entropy(net(x), y)
    loss.backward()
    opt.step()
    print(f"step {step}: {loss.item():.4f}")

for model, name in [(gn, "groupnorm"), (rx, "resnext-like"), (tiny, "tiny")]:
    model.eval()
    with torch.no_grad():
        out = model(x)
    print(name, tuple(out.shape), [round(v, 4) for v in out[0].tolist()[:3]])

sd = tiny.state_dict()
torch.manual_seed(5)
copy = torchvision.models.resnet.ResNet(BasicBlock, [1, 1, 1, 1], num_classes=7)
print("differs before load:", not torch.equal(copy.fc.weight, tiny.fc.weight))
print(copy.load_state_dict(sd))
with torch.no_grad():
    print("same output:", torch.allclose(copy.eval()(x), tiny(x)))
