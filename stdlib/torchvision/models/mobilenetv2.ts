# torchvision.models.mobilenetv2 (torchvision 0.14): InvertedResidual, MobileNetV2 and the builder
# mobilenet_v2, over torchvision.ops' Conv2dNormActivation. Layers are made, named and initialised
# in torchvision's order, so a seeded model has torchvision's parameters and state_dict keys.
# `features` and `classifier` are typed Any, as in Python (`model.classifier[1].in_features`).
import torch
import torch.nn as nn
from typing import Any, List, Optional
from torchvision.models._utils import _make_divisible, _no_weights
from torchvision.ops.misc import Conv2dNormActivation


class InvertedResidual(nn.Module):
    def __init__(self, inp: int, oup: int, stride: int, expand_ratio: float, norm_layer: Any = None):
        super().__init__()
        self.stride = stride
        if stride not in [1, 2]:
            raise ValueError("stride should be 1 or 2 insted of {}".format(stride))
        if norm_layer is None:
            norm_layer = nn.BatchNorm2d

        hidden_dim = int(round(inp * expand_ratio))
        self.use_res_connect = self.stride == 1 and inp == oup

        layers: List[nn.Module] = []
        if expand_ratio != 1:
            # pw
            layers.append(Conv2dNormActivation(inp, hidden_dim, kernel_size=1, norm_layer=norm_layer,
                                               activation_layer=nn.ReLU6))
        # dw
        layers.append(Conv2dNormActivation(hidden_dim, hidden_dim, stride=stride, groups=hidden_dim,
                                           norm_layer=norm_layer, activation_layer=nn.ReLU6))
        # pw-linear
        layers.append(nn.Conv2d(hidden_dim, oup, 1, 1, 0, bias=False))
        layers.append(norm_layer(oup))
        self.conv: Any = nn.Sequential(*layers)
        self.out_channels = oup
        self._is_cn = stride > 1

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if self.use_res_connect:
            return x + self.conv(x)
        return self.conv(x)


def _new_block(block: Any, inp: int, oup: int, stride: int, expand_ratio: float, norm_layer: Any) -> nn.Module:
    if block is InvertedResidual:
        return InvertedResidual(inp, oup, stride, expand_ratio=expand_ratio, norm_layer=norm_layer)
    return block(inp, oup, stride, expand_ratio=expand_ratio, norm_layer=norm_layer)


class MobileNetV2(nn.Module):
    def __init__(self, num_classes: int = 1000, width_mult: float = 1.0,
                 inverted_residual_setting: Optional[List[List[Any]]] = None, round_nearest: int = 8,
                 block: Any = None, norm_layer: Any = None, dropout: float = 0.2):
        super().__init__()
        if block is None:
            block = InvertedResidual
        if norm_layer is None:
            norm_layer = nn.BatchNorm2d

        input_channel = 32
        last_channel = 1280

        if inverted_residual_setting is None:
            inverted_residual_setting = [
                # t, c, n, s
                [1, 16, 1, 1],
                [6, 24, 2, 2],
                [6, 32, 3, 2],
                [6, 64, 4, 2],
                [6, 96, 3, 1],
                [6, 160, 3, 2],
                [6, 320, 1, 1],
            ]

        # only the first element is checked: t, c, n, s are assumed
        if len(inverted_residual_setting) == 0 or len(inverted_residual_setting[0]) != 4:
            raise ValueError("inverted_residual_setting should be non-empty or a 4-element list, got {}"
                             .format(inverted_residual_setting))

        # the first layer
        input_channel = _make_divisible(input_channel * width_mult, round_nearest)
        self.last_channel = _make_divisible(last_channel * max(1.0, width_mult), round_nearest)
        features: List[nn.Module] = [
            Conv2dNormActivation(3, input_channel, stride=2, norm_layer=norm_layer, activation_layer=nn.ReLU6)
        ]
        # the inverted residual blocks
        for setting in inverted_residual_setting:
            t = setting[0]
            c: int = setting[1]
            n: int = setting[2]
            s: int = setting[3]
            output_channel = _make_divisible(c * width_mult, round_nearest)
            for i in range(n):
                stride = s if i == 0 else 1
                features.append(_new_block(block, input_channel, output_channel, stride, t, norm_layer))
                input_channel = output_channel
        # the last layers
        features.append(Conv2dNormActivation(input_channel, self.last_channel, kernel_size=1, norm_layer=norm_layer,
                                             activation_layer=nn.ReLU6))
        self.features: Any = nn.Sequential(*features)

        # the classifier
        self.classifier: Any = nn.Sequential(
            nn.Dropout(p=dropout),
            nn.Linear(self.last_channel, num_classes),
        )

        # weight initialisation
        for m in self.modules():
            if isinstance(m, nn.Conv2d):
                nn.init.kaiming_normal_(m.weight, mode="fan_out")
                bias = m.bias
                if bias is not None:
                    nn.init.zeros_(bias)
            elif isinstance(m, nn.BatchNorm2d) or isinstance(m, nn.GroupNorm):
                nn.init.ones_(m.weight)
                nn.init.zeros_(m.bias)
            elif isinstance(m, nn.Linear):
                nn.init.normal_(m.weight, 0, 0.01)
                lin_bias = m.bias
                if lin_bias is not None:
                    nn.init.zeros_(lin_bias)

    def _forward_impl(self, x: torch.Tensor) -> torch.Tensor:
        x = self.features(x)
        # not squeeze: the batch may be 1
        x = nn.functional.adaptive_avg_pool2d(x, (1, 1))
        x = torch.flatten(x, 1)
        x = self.classifier(x)
        return x

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self._forward_impl(x)


def mobilenet_v2(weights: Any = None, progress: bool = True, *, pretrained: Optional[bool] = None,
                 num_classes: int = 1000, width_mult: float = 1.0,
                 inverted_residual_setting: Optional[List[List[Any]]] = None, round_nearest: int = 8,
                 block: Any = None, norm_layer: Any = None, dropout: float = 0.2) -> MobileNetV2:
    # MobileNetV2 (https://arxiv.org/abs/1801.04381)
    _no_weights("mobilenet_v2", weights, pretrained)
    return MobileNetV2(num_classes, width_mult, inverted_residual_setting, round_nearest, block, norm_layer,
                       dropout)
