# @classmethod: alternative constructors, class attributes through `cls`, calls on the class and on instances.
import torch
import torch.nn as nn
from typing import Dict


class Config:
    registry_size = 3

    def __init__(self, lr: float, epochs: int = 2):
        self.lr = lr
        self.epochs = epochs

    @classmethod
    def default(cls) -> "Config":
        return cls(0.1)

    @classmethod
    def from_dict(cls, d: Dict[str, float], scale: float = 1.0) -> "Config":
        return cls(d["lr"] * scale, int(d["epochs"]))

    @classmethod
    def describe(cls) -> str:
        return cls.__name__ + " with " + str(cls.registry_size) + " entries"


class Model(nn.Module):
    def __init__(self, width: int):
        super().__init__()
        self.fc = nn.Linear(width, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc(x)

    @classmethod
    def small(cls) -> "Model":
        return cls(2)


c = Config.default()
print(c.lr, c.epochs)
d = Config.from_dict({"lr": 0.5, "epochs": 4.0}, scale=0.1)
print(d.lr, d.epochs)
print(Config.describe(), c.describe())
print(Config.from_dict({"lr": 1.0, "epochs": 1.0}).lr)
torch.manual_seed(0)
m = Model.small()
print(m.fc.weight.shape, round(m(torch.ones(3, 2)).sum().item(), 5))
