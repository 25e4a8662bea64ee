# Module trees: printing nested Sequential/ModuleList/ModuleDict inside custom modules (with
# extra_repr), named_modules/named_children/named_buffers prefixes, state_dict keys of nested
# modules, load_state_dict(strict=False) reports and train/eval propagation.
import torch
import torch.nn as nn
from typing import List


class Block(nn.Module):
    def __init__(self, n: int):
        super().__init__()
        self.conv = nn.Conv2d(n, n, 3, padding=1)
        self.bn = nn.BatchNorm2d(n)
        self.act = nn.ReLU()
        self.register_buffer("scale", torch.ones(n))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.act(self.bn(self.conv(x))) * self.scale.reshape(1, -1, 1, 1)

    def extra_repr(self) -> str:
        return "channels=" + str(self.conv.in_channels)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(1, 4, 3), nn.ReLU())
        self.blocks = nn.ModuleList([Block(4), Block(4)])
        self.heads = nn.ModuleDict({"cls": nn.Linear(4, 3), "reg": nn.Sequential(nn.Linear(4, 2), nn.Tanh())})
        self.pool = nn.AdaptiveAvgPool2d(1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.stem(x)
        for b in self.blocks:
            x = b(x)
        return self.heads["cls"](self.pool(x).flatten(1))


torch.manual_seed(43)
net = Net()
print(net)
print([n for n, _ in net.named_modules()])
print([n for n, _ in net.named_children()])
print([n for n, _ in net.named_buffers()])
print(list(net.state_dict().keys()))
print(sum(p.numel() for p in net.parameters()), len(list(net.modules())))
out = net(torch.randn(2, 1, 6, 6))
print(list(out.shape), round(out.abs().sum().item(), 3))
net.eval()
print(net.training, net.blocks[0].training, net.heads["reg"].training)
net.train()
print(net.training, net.stem[1].training)
sd = net.state_dict()
del sd["heads.cls.bias"]
sd["extra.weight"] = torch.zeros(1)
other = Net()
r = other.load_state_dict(sd, strict=False)
print(r.missing_keys, r.unexpected_keys)
print(torch.equal(other.state_dict()["stem.0.weight"], net.state_dict()["stem.0.weight"]))
try:
    other.load_state_dict(sd)
except RuntimeError as e:
    print("RuntimeError:", str(e).split("\n")[0])
keys: List[str] = [k for k in net.state_dict().keys() if "num_batches" in k]
print(keys)
