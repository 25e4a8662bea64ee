# torch.nn.functional's 3-d and transposed-3-d convolutions and unfold / fold (im2col / col2im),
# following PyTorch 1.13's functional.py. functional.ts re-exports every public name here.
import math
import torch
from typing import Optional, Any, List, Tuple
from torch.nn.functional_args import _ints


def conv3d(input: torch.Tensor, weight: torch.Tensor, bias: Optional[torch.Tensor] = None, stride: Any = 1,
           padding: Any = 0, dilation: Any = 1, groups: int = 1) -> torch.Tensor:
    if isinstance(padding, str):
        return torch.conv3d(input, weight, bias, _ints(stride, 3), str(padding), _ints(dilation, 3), groups)
    return torch.conv3d(input, weight, bias, _ints(stride, 3), _ints(padding, 3), _ints(dilation, 3), groups)


def conv_transpose3d(input: torch.Tensor, weight: torch.Tensor, bias: Optional[torch.Tensor] = None, stride: Any = 1,
                     padding: Any = 0, output_padding: Any = 0, groups: int = 1, dilation: Any = 1) -> torch.Tensor:
    # conv_transpose3d as a 3-d convolution: zeros inserted between input elements (stride), the
    # border widened by dilation * (kernel - 1) - padding (plus output_padding on the high side,
    # negative amounts crop), and the kernel flipped with its in/out channels swapped per group
    st, pd, op, dl = _ints(stride, 3), _ints(padding, 3), _ints(output_padding, 3), _ints(dilation, 3)
    x = input
    off = x.dim() - 3
    for i in range(3):
        d = off + i
        s = st[i]
        n = x.size(d)
        if s > 1 and n > 0:
            zshape = list(x.shape)
            zshape.insert(d + 1, s - 1)
            x = torch.cat([x.unsqueeze(d + 1), torch.zeros(zshape, dtype=x.dtype)], d + 1).flatten(d, d + 1)
            x = x.narrow(d, 0, (n - 1) * s + 1)
    pads: List[int] = []
    for i in range(2, -1, -1):
        lo = dl[i] * (weight.size(2 + i) - 1) - pd[i]
        pads += [lo, lo + op[i]]
    x = torch.constant_pad_nd(x, pads, 0.0)
    k = weight.shape
    w = weight.reshape([groups, k[0] // groups, k[1]] + list(k[2:])).transpose(1, 2)
    w = w.reshape([k[1] * groups, k[0] // groups] + list(k[2:])).flip([2, 3, 4])
    return torch.conv3d(x, w, bias, [1, 1, 1], [0, 0, 0], dl, groups)


def unfold(input: torch.Tensor, kernel_size: Any, dilation: Any = 1, padding: Any = 0, stride: Any = 1) -> torch.Tensor:
    return torch.im2col(input, _ints(kernel_size, 2), _ints(dilation, 2), _ints(padding, 2), _ints(stride, 2))


def fold(input: torch.Tensor, output_size: Any, kernel_size: Any, dilation: Any = 1, padding: Any = 0,
         stride: Any = 1) -> torch.Tensor:
    return torch.col2im(input, _ints(output_size, 2), _ints(kernel_size, 2), _ints(dilation, 2), _ints(padding, 2),
                        _ints(stride, 2))
