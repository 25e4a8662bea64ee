# torchvision.models.resnet (torchvision 0.14): BasicBlock, Bottleneck (ResNet V1.5: the stride on
# the 3x3 convolution), ResNet and the builders resnet18 / resnet34 / resnet50. Layers are made,
# named and initialised in torchvision's order, so a seeded model has torchvision's parameters and
# state_dict keys. Submodules a script may replace (`model.fc = nn.Linear(...)`, `model.maxpool =
# nn.Identity()`) are typed Any, as they are in Python. `block` may be BasicBlock, Bottleneck or
# another class with an `expansion`; `norm_layer` anything that makes a module from a channel count.
import torch
import torch.nn as nn
from typing import Any, List, Optional
from torchvision.models._utils import _no_weights


def conv3x3(in_planes: int, out_planes: int, stride: int = 1, groups: int = 1, dilation: int = 1) -> nn.Conv2d:
    # 3x3 convolution with padding
    return nn.Conv2d(in_planes, out_planes, kernel_size=3, stride=stride, padding=dilation, groups=groups,
                     bias=False, dilation=dilation)


def conv1x1(in_planes: int, out_planes: int, stride: int = 1) -> nn.Conv2d:
    # 1x1 convolution
    return nn.Conv2d(in_planes, out_planes, kernel_size=1, stride=stride, bias=False)


class BasicBlock(nn.Module):
    expansion: int = 1

    def __init__(self, inplanes: int, planes: int, stride: int = 1, downsample: Optional[nn.Module] = None,
                 groups: int = 1, base_width: int = 64, dilation: int = 1, norm_layer: Any = None):
        super().__init__()
        if norm_layer is None:
            norm_layer = nn.BatchNorm2d
        if groups != 1 or base_width != 64:
            raise ValueError("BasicBlock only supports groups=1 and base_width=64")
        if dilation > 1:
            raise NotImplementedError("Dilation > 1 not supported in BasicBlock")
        self.conv1: Any = conv3x3(inplanes, planes, stride)
        self.bn1: Any = norm_layer(planes)
        self.relu: Any = nn.ReLU(inplace=True)
        self.conv2: Any = conv3x3(planes, planes)
        self.bn2: Any = norm_layer(planes)
        self.downsample: Any = downsample
        self.stride = stride

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        identity = x

        out = self.conv1(x)
        out = self.bn1(out)
        out = self.relu(out)

        out = self.conv2(out)
        out = self.bn2(out)

        if self.downsample is not None:
            identity = self.downsample(x)

        out += identity
        out = self.relu(out)
        return out


class Bottleneck(nn.Module):
    expansion: int = 4

    def __init__(self, inplanes: int, planes: int, stride: int = 1, downsample: Optional[nn.Module] = None,
                 groups: int = 1, base_width: int = 64, dilation: int = 1, norm_layer: Any = None):
        super().__init__()
        if norm_layer is None:
            norm_layer = nn.BatchNorm2d
        width = int(planes * (base_width / 64.0)) * groups
        self.conv1: Any = conv1x1(inplanes, width)
        self.bn1: Any = norm_layer(width)
        self.conv2: Any = conv3x3(width, width, stride, groups, dilation)
        self.bn2: Any = norm_layer(width)
        self.conv3: Any = conv1x1(width, planes * self.expansion)
        self.bn3: Any = norm_layer(planes * self.expansion)
        self.relu: Any = nn.ReLU(inplace=True)
        self.downsample: Any = downsample
        self.stride = stride

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        identity = x

        out = self.conv1(x)
        out = self.bn1(out)
        out = self.relu(out)

        out = self.conv2(out)
        out = self.bn2(out)
        out = self.relu(out)

        out = self.conv3(out)
        out = self.bn3(out)

        if self.downsample is not None:
            identity = self.downsample(x)

        out += identity
        out = self.relu(out)
        return out


def _expansion(block: Any) -> int:
    if block is BasicBlock:
        return BasicBlock.expansion
    if block is Bottleneck:
        return Bottleneck.expansion
    return block.expansion


def _new_block(block: Any, inplanes: int, planes: int, stride: int, downsample: Optional[nn.Module], groups: int,
               base_width: int, dilation: int, norm_layer: Any) -> nn.Module:
    # block(...) for the two block classes by name (tsrun calls a class held in a value only when
    # it has no class attributes), and for any other block through the value.
    if block is BasicBlock:
        return BasicBlock(inplanes, planes, stride, downsample, groups, base_width, dilation, norm_layer)
    if block is Bottleneck:
        return Bottleneck(inplanes, planes, stride, downsample, groups, base_width, dilation, norm_layer)
    return block(inplanes, planes, stride, downsample, groups, base_width, dilation, norm_layer)


class ResNet(nn.Module):
    def __init__(self, block: Any, layers: List[int], num_classes: int = 1000, zero_init_residual: bool = False,
                 groups: int = 1, width_per_group: int = 64, replace_stride_with_dilation: Optional[List[bool]] = None,
                 norm_layer: Any = None):
        super().__init__()
        if norm_layer is None:
            norm_layer = nn.BatchNorm2d
        self._norm_layer: Any = norm_layer

        self.inplanes = 64
        self.dilation = 1
        if replace_stride_with_dilation is None:
            # each element says whether to replace the 2x2 stride with a dilated convolution
            replace_stride_with_dilation = [False, False, False]
        if len(replace_stride_with_dilation) != 3:
            raise ValueError("replace_stride_with_dilation should be None or a 3-element tuple, got {}"
                             .format(replace_stride_with_dilation))
        self.groups = groups
        self.base_width = width_per_group
        self.conv1: Any = nn.Conv2d(3, self.inplanes, kernel_size=7, stride=2, padding=3, bias=False)
        self.bn1: Any = norm_layer(self.inplanes)
        self.relu: Any = nn.ReLU(inplace=True)
        self.maxpool: Any = nn.MaxPool2d(kernel_size=3, stride=2, padding=1)
        self.layer1: Any = self._make_layer(block, 64, layers[0])
        self.layer2: Any = self._make_layer(block, 128, layers[1], stride=2, dilate=replace_stride_with_dilation[0])
        self.layer3: Any = self._make_layer(block, 256, layers[2], stride=2, dilate=replace_stride_with_dilation[1])
        self.layer4: Any = self._make_layer(block, 512, layers[3], stride=2, dilate=replace_stride_with_dilation[2])
        self.avgpool: Any = nn.AdaptiveAvgPool2d((1, 1))
        self.fc: Any = nn.Linear(512 * _expansion(block), num_classes)

        for m in self.modules():
            if isinstance(m, nn.Conv2d):
                nn.init.kaiming_normal_(m.weight, mode="fan_out", nonlinearity="relu")
            elif isinstance(m, nn.BatchNorm2d) or isinstance(m, nn.GroupNorm):
                nn.init.constant_(m.weight, 1)
                nn.init.constant_(m.bias, 0)

        # Zero-initialise the last BN in each residual branch, so that each residual block starts
        # as an identity (https://arxiv.org/abs/1706.02677).
        if zero_init_residual:
            for m in self.modules():
                if isinstance(m, Bottleneck):
                    if m.bn3.weight is not None:
                        nn.init.constant_(m.bn3.weight, 0)
                elif isinstance(m, BasicBlock):
                    if m.bn2.weight is not None:
                        nn.init.constant_(m.bn2.weight, 0)

    def _make_layer(self, block: Any, planes: int, blocks: int, stride: int = 1, dilate: bool = False
                    ) -> nn.Sequential:
        norm_layer = self._norm_layer
        downsample: Optional[nn.Module] = None
        previous_dilation = self.dilation
        expansion = _expansion(block)
        if dilate:
            self.dilation *= stride
            stride = 1
        if stride != 1 or self.inplanes != planes * expansion:
            downsample = nn.Sequential(conv1x1(self.inplanes, planes * expansion, stride),
                                       norm_layer(planes * expansion))

        layers: List[nn.Module] = []
        layers.append(_new_block(block, self.inplanes, planes, stride, downsample, self.groups, self.base_width,
                                 previous_dilation, norm_layer))
        self.inplanes = planes * expansion
        for _ in range(1, blocks):
            layers.append(_new_block(block, self.inplanes, planes, 1, None, self.groups, self.base_width,
                                     self.dilation, norm_layer))
        return nn.Sequential(*layers)

    def _forward_impl(self, x: torch.Tensor) -> torch.Tensor:
        x = self.conv1(x)
        x = self.bn1(x)
        x = self.relu(x)
        x = self.maxpool(x)

        x = self.layer1(x)
        x = self.layer2(x)
        x = self.layer3(x)
        x = self.layer4(x)

        x = self.avgpool(x)
        x = torch.flatten(x, 1)
        x = self.fc(x)
        return x

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self._forward_impl(x)


def _resnet(builder: str, block: Any, layers: List[int], weights: Any, pretrained: Optional[bool], num_classes: int,
            zero_init_residual: bool, groups: int, width_per_group: int,
            replace_stride_with_dilation: Optional[List[bool]], norm_layer: Any) -> ResNet:
    _no_weights(builder, weights, pretrained)
    return ResNet(block, layers, num_classes, zero_init_residual, groups, width_per_group,
                  replace_stride_with_dilation, norm_layer)


def resnet18(weights: Any = None, progress: bool = True, *, pretrained: Optional[bool] = None,
             num_classes: int = 1000, zero_init_residual: bool = False, groups: int = 1, width_per_group: int = 64,
             replace_stride_with_dilation: Optional[List[bool]] = None, norm_layer: Any = None) -> ResNet:
    # ResNet-18 (https://arxiv.org/pdf/1512.03385.pdf)
    return _resnet("resnet18", BasicBlock, [2, 2, 2, 2], weights, pretrained, num_classes, zero_init_residual,
                   groups, width_per_group, replace_stride_with_dilation, norm_layer)


def resnet34(weights: Any = None, progress: bool = True, *, pretrained: Optional[bool] = None,
             num_classes: int = 1000, zero_init_residual: bool = False, groups: int = 1, width_per_group: int = 64,
             replace_stride_with_dilation: Optional[List[bool]] = None, norm_layer: Any = None) -> ResNet:
    # ResNet-34 (https://arxiv.org/pdf/1512.03385.pdf)
    return _resnet("resnet34", BasicBlock, [3, 4, 6, 3], weights, pretrained, num_classes, zero_init_residual,
                   groups, width_per_group, replace_stride_with_dilation, norm_layer)


def resnet50(weights: Any = None, progress: bool = True, *, pretrained: Optional[bool] = None,
             num_classes: int = 1000, zero_init_residual: bool = False, groups: int = 1, width_per_group: int = 64,
             replace_stride_with_dilation: Optional[List[bool]] = None, norm_layer: Any = None) -> ResNet:
    # ResNet-50 (https://arxiv.org/pdf/1512.03385.pdf)
    return _resnet("resnet50", Bottleneck, [3, 4, 6, 3], weights, pretrained, num_classes, zero_init_residual,
                   groups, width_per_group, replace_stride_with_dilation, norm_layer)
