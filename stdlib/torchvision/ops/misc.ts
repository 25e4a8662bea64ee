# torchvision.ops.misc (torchvision 0.14): Conv2dNormActivation, the convolution + norm +
# activation block the classification models are built from. A Sequential of the three (children
# "0", "1", "2"), so state_dict keys are torchvision's. The convolution has a bias only without a
# norm layer, unless `bias` says otherwise; padding None is (kernel_size - 1) // 2 * dilation.
import torch
import torch.nn as nn
from typing import Any, List, Optional


def _pairs(v: Any) -> List[int]:
    if isinstance(v, int):
        return [v, v]
    return [int(x) for x in v]


def _activation(activation_layer: Any, inplace: Optional[bool]) -> nn.Module:
    if inplace is None:
        return activation_layer()
    # tsrun's nn.ReLU6 takes no `inplace` (PyTorch's does); it computes the same values.
    if activation_layer is nn.ReLU6:
        return nn.ReLU6()
    return activation_layer(inplace=inplace)


class Conv2dNormActivation(nn.Sequential):
    def __init__(self, in_channels: int, out_channels: int, kernel_size: Any = 3, stride: Any = 1,
                 padding: Any = None, groups: int = 1, norm_layer: Any = nn.BatchNorm2d,
                 activation_layer: Any = nn.ReLU, dilation: Any = 1, inplace: Optional[bool] = True,
                 bias: Optional[bool] = None):
        if padding is None:
            if isinstance(kernel_size, int) and isinstance(dilation, int):
                padding = (kernel_size - 1) // 2 * dilation
            else:
                k = _pairs(kernel_size)
                d = _pairs(dilation)
                padding = [(k[i] - 1) // 2 * d[i] for i in range(2)]
        use_bias = norm_layer is None if bias is None else bias
        layers: List[nn.Module] = [nn.Conv2d(in_channels, out_channels, kernel_size, stride, padding,
                                             dilation=dilation, groups=groups, bias=use_bias)]
        if norm_layer is not None:
            layers.append(norm_layer(out_channels))
        if activation_layer is not None:
            layers.append(_activation(activation_layer, inplace))
        super().__init__(*layers)
        self.out_channels = out_channels
