# A module of torch.nn classes that lived in torch.nn.layers or torch.nn.layers_extra before those
# were split by topic: tests/archive/run saves it, renames their modules in the manifest back to
# the old ones (what an archive written before the split says) and loads it.
import torch
import torch.nn as nn
import sys


class Net(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.conv = nn.Conv3d(1, 2, 2)
        self.pad = nn.ReflectionPad2d(1)
        self.norm = nn.LocalResponseNorm(2)
        self.conv2 = nn.Conv2d(2, 3, 3)
        self.bn = nn.BatchNorm2d(3)
        self.act = nn.ReLU()
        self.pool = nn.MaxPool2d(2)
        self.flat = nn.Flatten()
        self.drop = nn.Dropout(0.5)
        self.fc = nn.Linear(3, 4)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.norm(self.pad(self.conv(x).squeeze(2)))
        return self.fc(self.drop(self.flat(self.pool(self.act(self.bn(self.conv2(y)))))))


if __name__ == "__main__":
    torch.manual_seed(0)
    net = Net()
    net.eval()
    torch.jit.save(net, sys.argv[1])
    torch.save(net.state_dict(), sys.argv[2])
