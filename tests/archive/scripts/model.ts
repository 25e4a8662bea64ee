# Models for tests/archive/run: built here, exported by tsc export, saved by roundtrip.ts.
# Runs under python3 too (run as a module) to give PyTorch's weights and outputs.
import torch
import torch.nn as nn
import torch.nn.functional as F
from typing import Dict, List, Tuple

HIDDEN = 16
SCALE: float = 0.5


def act(x: torch.Tensor) -> torch.Tensor:
    return F.gelu(x) * SCALE + x


class Block(nn.Module):
    def __init__(self, n: int, m: int):
        super().__init__()
        self.fc = nn.Linear(n, m)
        self.norm = nn.LayerNorm(m)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return act(self.norm(self.fc(x)))


class Net(nn.Module):
    def __init__(self, inputs: int = 6, classes: int = 3):
        super().__init__()
        self.body = nn.Sequential(Block(inputs, HIDDEN), nn.Dropout(0.1), Block(HIDDEN, HIDDEN))
        self.bn = nn.BatchNorm1d(HIDDEN)
        self.head = nn.Linear(HIDDEN, classes)
        self.labels: List[str] = ["a", "b", "c"]
        self.weights: Dict[str, float] = {"x": 1.5, "y": -2.0}
        self.name = "net"
        self.register_buffer("offset", torch.linspace(0, 1, classes))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.bn(self.body(x))) + self.offset

    def features(self, x: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
        h = self.body(x)
        return h, h.sum(1)


def make_small() -> Net:
    return Net(6, 2)
