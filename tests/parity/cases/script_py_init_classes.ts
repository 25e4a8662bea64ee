import math
import torch
import torch.nn as nn


class SmallCNN(nn.Module):
    default_channels = 4

    def __init__(self, channels=None, num_classes=3):
        super().__init__()
        c = channels or self.default_channels
        self.conv = nn.Conv2d(1, c, 3, padding=1)
        self.bn = nn.BatchNorm2d(c)
        self.head = nn.Linear(c, num_classes)

    @property
    def num_params(self):
        return sum(p.numel() for p in self.parameters())

    @staticmethod
    def pool(x):
        return x.mean(dim=(2, 3))

    @classmethod
    def tiny(cls):
        return cls(channels=2, num_classes=2)

    def forward(self, x):
        return self.head(self.pool(torch.relu(self.bn(self.conv(x)))))


def init_weights(m):
    if isinstance(m, (nn.Linear, nn.Conv2d)):
        nn.init.kaiming_uniform_(m.weight, a=math.sqrt(5))
        if m.bias is not None:
            nn.init.zeros_(m.bias)
    elif isinstance(m, nn.BatchNorm2d):
        nn.init.ones_(m.weight)
        nn.init.zeros_(m.bias)


def main():
    torch.manual_seed(10)
    for model in [SmallCNN(), SmallCNN.tiny()]:
        model.apply(init_weights)
        print(type(model).__name__, model.num_params, model.head.out_features)
        kinds = sorted({type(m).__name__ for m in model.modules()})
        print(kinds)
        x = torch.randn(2, 1, 5, 5)
        model.eval()
        with torch.no_grad():
            y = model(x)
        print([round(v, 4) for v in y[0].tolist()])
        print("bias sum", model.conv.bias.abs().sum().item())
    print(SmallCNN.pool(torch.ones(1, 2, 3, 3)))
    print(hasattr(SmallCNN(), "num_params"), getattr(SmallCNN.tiny(), "default_channels"))


if __name__ == "__main__":
    main()
