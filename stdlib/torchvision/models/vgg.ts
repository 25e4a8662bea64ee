# torchvision.models.vgg (torchvision 0.14): VGG, make_layers, cfgs and the builders vgg11 and
# vgg11_bn (configuration "A"). Layers are made, named and initialised in torchvision's order, so
# a seeded model has torchvision's parameters and state_dict keys. `features` and `classifier`
# are typed Any, as in Python (`model.classifier[6].in_features`).
import torch
import torch.nn as nn
from typing import Any, Dict, List, Optional
from torchvision.models._utils import _no_weights


def _constant(t: Optional[torch.Tensor], val: float) -> None:
    if t is not None:
        nn.init.constant_(t, val)


class VGG(nn.Module):
    def __init__(self, features: nn.Module, num_classes: int = 1000, init_weights: bool = True,
                 dropout: float = 0.5):
        super().__init__()
        self.features: Any = features
        self.avgpool: Any = nn.AdaptiveAvgPool2d((7, 7))
        self.classifier: Any = nn.Sequential(
            nn.Linear(512 * 7 * 7, 4096),
            nn.ReLU(True),
            nn.Dropout(p=dropout),
            nn.Linear(4096, 4096),
            nn.ReLU(True),
            nn.Dropout(p=dropout),
            nn.Linear(4096, num_classes),
        )
        if init_weights:
            for m in self.modules():
                if isinstance(m, nn.Conv2d):
                    nn.init.kaiming_normal_(m.weight, mode="fan_out", nonlinearity="relu")
                    _constant(m.bias, 0)
                elif isinstance(m, nn.BatchNorm2d):
                    _constant(m.weight, 1)
                    _constant(m.bias, 0)
                elif isinstance(m, nn.Linear):
                    nn.init.normal_(m.weight, 0, 0.01)
                    _constant(m.bias, 0)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.features(x)
        x = self.avgpool(x)
        x = torch.flatten(x, 1)
        x = self.classifier(x)
        return x


def make_layers(cfg: List[Any], batch_norm: bool = False) -> nn.Sequential:
    # cfg: output channels of each 3x3 convolution, "M" for a 2x2 max pooling.
    layers: List[nn.Module] = []
    in_channels = 3
    for v in cfg:
        if v == "M":
            layers.append(nn.MaxPool2d(kernel_size=2, stride=2))
        else:
            c: int = v
            conv2d = nn.Conv2d(in_channels, c, kernel_size=3, padding=1)
            layers.append(conv2d)
            if batch_norm:
                layers.append(nn.BatchNorm2d(c))
            layers.append(nn.ReLU(inplace=True))
            in_channels = c
    return nn.Sequential(*layers)


cfgs: Dict[str, List[Any]] = {
    "A": [64, "M", 128, "M", 256, 256, "M", 512, 512, "M", 512, 512, "M"],
    "B": [64, 64, "M", 128, 128, "M", 256, 256, "M", 512, 512, "M", 512, 512, "M"],
    "D": [64, 64, "M", 128, 128, "M", 256, 256, 256, "M", 512, 512, 512, "M", 512, 512, 512, "M"],
    "E": [64, 64, "M", 128, 128, "M", 256, 256, 256, 256, "M", 512, 512, 512, 512, "M", 512, 512, 512, 512, "M"],
}


def _vgg(builder: str, cfg: str, batch_norm: bool, weights: Any, pretrained: Optional[bool], num_classes: int,
         init_weights: bool, dropout: float) -> VGG:
    _no_weights(builder, weights, pretrained)
    return VGG(make_layers(cfgs[cfg], batch_norm=batch_norm), num_classes, init_weights, dropout)


def vgg11(weights: Any = None, progress: bool = True, *, pretrained: Optional[bool] = None, num_classes: int = 1000,
          init_weights: bool = True, dropout: float = 0.5) -> VGG:
    # VGG-11 (https://arxiv.org/abs/1409.1556)
    return _vgg("vgg11", "A", False, weights, pretrained, num_classes, init_weights, dropout)


def vgg11_bn(weights: Any = None, progress: bool = True, *, pretrained: Optional[bool] = None,
             num_classes: int = 1000, init_weights: bool = True, dropout: float = 0.5) -> VGG:
    # VGG-11 with batch normalization (https://arxiv.org/abs/1409.1556)
    return _vgg("vgg11_bn", "A", True, weights, pretrained, num_classes, init_weights, dropout)
