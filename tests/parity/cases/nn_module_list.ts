# stdlib slice: ModuleList (indexing, len, iteration, named parameters "layers.0.weight"),
# calling modules through the base class, and the missing-forward error.
import torch
import torch.nn as nn
from typing import List


class Stack(nn.Module):
    def __init__(self, sizes: List[int]):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(sizes[i], sizes[i + 1]) for i in range(len(sizes) - 1)])
        self.act = nn.ReLU()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for i in range(len(self.layers)):
            x = self.layers[i](x)
            if i < len(self.layers) - 1:
                x = self.act(x)
        return x


torch.manual_seed(3)
net = Stack([5, 4, 3, 2])
print(net)
print([name for name, _ in net.named_parameters()])
print(len(net.layers), len(list(net.parameters())), len(list(net.modules())))
y = net(torch.randn(2, 5))
print(y.shape)
with torch.no_grad():
    print(net(torch.ones(1, 5)))


class NoForward(nn.Module):
    def __init__(self):
        super().__init__()


NoForward()(torch.ones(1))
