# torchvision.models.alexnet (torchvision 0.14): AlexNet and the builder alexnet. Its layers keep
# PyTorch's default initialisation, made in torchvision's order, so a seeded model has
# torchvision's parameters and state_dict keys.
import torch
import torch.nn as nn
from typing import Any, Optional
from torchvision.models._utils import _no_weights


class AlexNet(nn.Module):
    def __init__(self, num_classes: int = 1000, dropout: float = 0.5):
        super().__init__()
        self.features: Any = nn.Sequential(
            nn.Conv2d(3, 64, kernel_size=11, stride=4, padding=2),
            nn.ReLU(inplace=True),
            nn.MaxPool2d(kernel_size=3, stride=2),
            nn.Conv2d(64, 192, kernel_size=5, padding=2),
            nn.ReLU(inplace=True),
            nn.MaxPool2d(kernel_size=3, stride=2),
            nn.Conv2d(192, 384, kernel_size=3, padding=1),
            nn.ReLU(inplace=True),
            nn.Conv2d(384, 256, kernel_size=3, padding=1),
            nn.ReLU(inplace=True),
            nn.Conv2d(256, 256, kernel_size=3, padding=1),
            nn.ReLU(inplace=True),
            nn.MaxPool2d(kernel_size=3, stride=2),
        )
        self.avgpool: Any = nn.AdaptiveAvgPool2d((6, 6))
        self.classifier: Any = nn.Sequential(
            nn.Dropout(p=dropout),
            nn.Linear(256 * 6 * 6, 4096),
            nn.ReLU(inplace=True),
            nn.Dropout(p=dropout),
            nn.Linear(4096, 4096),
            nn.ReLU(inplace=True),
            nn.Linear(4096, num_classes),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.features(x)
        x = self.avgpool(x)
        x = torch.flatten(x, 1)
        x = self.classifier(x)
        return x


def alexnet(weights: Any = None, progress: bool = True, *, pretrained: Optional[bool] = None,
            num_classes: int = 1000, dropout: float = 0.5) -> AlexNet:
    # AlexNet (https://arxiv.org/abs/1404.5997)
    _no_weights("alexnet", weights, pretrained)
    return AlexNet(num_classes, dropout)
