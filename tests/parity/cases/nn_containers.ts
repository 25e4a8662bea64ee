# Sequential (varargs, *list, indexing, len, iteration, append), ModuleList, ModuleDict,
# ParameterList, ParameterDict: printing, parameter names and forward.
import torch
import torch.nn as nn
from typing import List


class Mixer(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleDict({"a": nn.Linear(3, 3), "b": nn.Tanh()})
        self.weights = nn.ParameterList([nn.Parameter(torch.ones(3)), nn.Parameter(torch.zeros(3))])
        self.extra = nn.ParameterDict({"gain": nn.Parameter(torch.full((3,), 2.0))})

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = self.blocks["b"](self.blocks["a"](x))
        return h * self.weights[0] + self.weights[1] + self.extra["gain"]


torch.manual_seed(5)
layers: List[nn.Module] = [nn.Linear(2, 4), nn.ReLU()]
seq = nn.Sequential(*layers, nn.Linear(4, 1))
print(seq, len(seq))
print(seq[0], seq[-1])
for m in seq:
    print(repr(m).split("(")[0])
seq.append(nn.Sigmoid())
print([n for n, _ in seq.named_parameters()])
x = torch.randn(3, 2)
print(seq(x))
mix = Mixer()
print(mix)
print([n for n, _ in mix.named_parameters()])
print(list(mix.state_dict().keys()))
out = mix(torch.randn(2, 3))
out.sum().backward()
print(mix.weights[1].grad, mix.extra["gain"].grad)
print(len(mix.blocks), "a" in mix.blocks, list(mix.blocks.keys()))
