# A module of torch.nn classes that lived in torch.nn.layers_extra before it was split by topic:
# tests/archive/run saves it, renames their modules in the manifest back to the old one (what an
# archive written before the split says) and loads it.
import torch
import torch.nn as nn
import sys


class Net(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.conv = nn.Conv3d(1, 2, 2)
        self.pad = nn.ReflectionPad2d(1)
        self.norm = nn.LocalResponseNorm(2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.norm(self.pad(self.conv(x).squeeze(2)))


if __name__ == "__main__":
    torch.manual_seed(0)
    net = Net()
    torch.jit.save(net, sys.argv[1])
    torch.save(net.state_dict(), sys.argv[2])
