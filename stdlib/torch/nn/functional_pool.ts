# torch.nn.functional's pooling beside max_pool2d / avg_pool2d / adaptive_avg_pool2d (functional.ts):
# the 1-d and 3-d pools, the adaptive max pools, power-average (LP) pooling and unpooling, following
# PyTorch 1.13's functional.py. functional.ts re-exports every public name here.
import math
import torch
from typing import Optional, Any, List, Tuple
from torch.nn.functional_args import _ints


def _window(kernel_size: Any, stride: Any, n: int) -> Tuple[List[int], List[int]]:
    # A pool's kernel size and stride as n ints each; no stride means the kernel size.
    ks = _ints(kernel_size, n)
    return ks, (_ints(stride, n) if stride is not None else ks)


def _adaptive_size(output_size: Any, input: torch.Tensor, n: int) -> List[int]:
    # An adaptive pool's output size: an int, or a sequence where None keeps the input's size.
    if isinstance(output_size, int):
        return [output_size] * n
    out: List[int] = []
    for i in range(n):
        v = output_size[i]
        out.append(input.size(input.dim() - n + i) if v is None else int(v))
    return out


def _adaptive_bins(n_in: int, n_out: int) -> List[Tuple[int, int]]:
    # adaptive pooling's windows: [floor(i * In / Out), ceil((i + 1) * In / Out))
    return [((i * n_in) // n_out, ((i + 1) * n_in + n_out - 1) // n_out) for i in range(n_out)]


# max_pool1d_with_indices: the 2-d operator over a height-1 view, whose flat index h * W + w is
# the 1-d index.
def max_pool1d_with_indices(input: torch.Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0,
                            dilation: Any = 1, ceil_mode: bool = False,
                            return_indices: bool = False) -> Tuple[torch.Tensor, torch.Tensor]:
    if input.dim() != 2 and input.dim() != 3:
        raise RuntimeError("Expected 2 to 3 dimensions, but got {}-dimensional tensor for argument #1 'self' (while "
                           "checking arguments for max_pool1d)".format(input.dim()))
    ks, st = _window(kernel_size, stride, 1)
    out, idx = torch.max_pool2d_with_indices(input.unsqueeze(-2), [1] + ks, [1] + st, [0] + _ints(padding, 1),
                                             [1] + _ints(dilation, 1), ceil_mode)
    return out.squeeze(-2), idx.squeeze(-2)


# The result is (output, indices) with return_indices=True, else the output alone.
def max_pool1d(input: torch.Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0, dilation: Any = 1,
               ceil_mode: bool = False, return_indices: bool = False) -> Any:
    if return_indices:
        return max_pool1d_with_indices(input, kernel_size, stride, padding, dilation, ceil_mode)
    ks, st = _window(kernel_size, stride, 1)
    return torch.max_pool1d(input, ks, st, _ints(padding, 1), _ints(dilation, 1), ceil_mode)


def max_pool2d_with_indices(input: torch.Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0,
                            dilation: Any = 1, ceil_mode: bool = False,
                            return_indices: bool = False) -> Tuple[torch.Tensor, torch.Tensor]:
    ks, st = _window(kernel_size, stride, 2)
    return torch.max_pool2d_with_indices(input, ks, st, _ints(padding, 2), _ints(dilation, 2), ceil_mode)


def max_pool3d_with_indices(input: torch.Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0,
                            dilation: Any = 1, ceil_mode: bool = False,
                            return_indices: bool = False) -> Tuple[torch.Tensor, torch.Tensor]:
    ks, st = _window(kernel_size, stride, 3)
    return torch.max_pool3d_with_indices(input, ks, st, _ints(padding, 3), _ints(dilation, 3), ceil_mode)


# The result is (output, indices) with return_indices=True, else the output alone.
def max_pool3d(input: torch.Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0, dilation: Any = 1,
               ceil_mode: bool = False, return_indices: bool = False) -> Any:
    if return_indices:
        return max_pool3d_with_indices(input, kernel_size, stride, padding, dilation, ceil_mode)
    ks, st = _window(kernel_size, stride, 3)
    return torch.max_pool3d(input, ks, st, _ints(padding, 3), _ints(dilation, 3), ceil_mode)


def avg_pool1d(input: torch.Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0, ceil_mode: bool = False,
               count_include_pad: bool = True) -> torch.Tensor:
    ks, st = _window(kernel_size, stride, 1)
    return torch.avg_pool1d(input, ks, st, _ints(padding, 1), ceil_mode, count_include_pad)


def avg_pool3d(input: torch.Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0, ceil_mode: bool = False,
               count_include_pad: bool = True, divisor_override: Optional[int] = None) -> torch.Tensor:
    ks, st = _window(kernel_size, stride, 3)
    return torch.avg_pool3d(input, ks, st, _ints(padding, 3), ceil_mode, count_include_pad, divisor_override)


def adaptive_avg_pool1d(input: torch.Tensor, output_size: Any) -> torch.Tensor:
    return torch.adaptive_avg_pool1d(input, _ints(output_size, 1))


# adaptive_avg_pool3d: the mean over a box is the mean over depth of the means over height and
# width, so a 2-d adaptive pool per depth slice, then a 1-d adaptive pool along depth
def adaptive_avg_pool3d(input: torch.Tensor, output_size: Any) -> torch.Tensor:
    if input.dim() != 4 and input.dim() != 5:
        raise RuntimeError("adaptive_avg_pool3d(): Expected 4D or 5D tensor, but got {}".format(list(input.shape)))
    od, oh, ow = _adaptive_size(output_size, input, 3)
    lead = list(input.shape[:-3])
    nd, nh, nw = input.size(-3), input.size(-2), input.size(-1)
    p = 1
    for v in lead:
        p *= v
    y = torch.adaptive_avg_pool2d(input.reshape(p * nd, nh, nw), [oh, ow])
    y = y.reshape(p, nd, oh * ow).transpose(1, 2)
    y = torch.adaptive_avg_pool1d(y, [od])
    return y.transpose(1, 2).reshape(lead + [od, oh, ow])


# adaptive_max_pool1d: (output, indices) with return_indices=True, else the output alone; the 2-d
# operator over a height-1 view gives the same values and 1-d indices
def adaptive_max_pool1d(input: torch.Tensor, output_size: Any, return_indices: bool = False) -> Any:
    if input.dim() != 2 and input.dim() != 3:
        raise RuntimeError("Expected 2 to 3 dimensions, but got {}-dimensional tensor for argument #1 'self' (while "
                           "checking arguments for adaptive_max_pool1d)".format(input.dim()))
    out, idx = torch.adaptive_max_pool2d(input.unsqueeze(-2), [1] + _adaptive_size(output_size, input, 1))
    if return_indices:
        return out.squeeze(-2), idx.squeeze(-2)
    return out.squeeze(-2)


def adaptive_max_pool1d_with_indices(input: torch.Tensor, output_size: Any,
                                     return_indices: bool = False) -> Tuple[torch.Tensor, torch.Tensor]:
    return adaptive_max_pool1d(input, output_size, True)


# The result is (output, indices) with return_indices=True, else the output alone.
def adaptive_max_pool2d(input: torch.Tensor, output_size: Any, return_indices: bool = False) -> Any:
    out, idx = torch.adaptive_max_pool2d(input, _adaptive_size(output_size, input, 2))
    if return_indices:
        return out, idx
    return out


def adaptive_max_pool2d_with_indices(input: torch.Tensor, output_size: Any,
                                     return_indices: bool = False) -> Tuple[torch.Tensor, torch.Tensor]:
    return torch.adaptive_max_pool2d(input, _adaptive_size(output_size, input, 2))


# adaptive_max_pool3d: (output, indices) with return_indices=True, else the output alone; each
# window's maximum and its flat index d * H * W + h * W + w within the last three dimensions
def adaptive_max_pool3d(input: torch.Tensor, output_size: Any, return_indices: bool = False) -> Any:
    if input.dim() != 4 and input.dim() != 5:
        raise RuntimeError("adaptive_max_pool3d(): Expected 4D or 5D tensor, but got: {}".format(list(input.shape)))
    od, oh, ow = _adaptive_size(output_size, input, 3)
    nd, nh, nw = input.size(-3), input.size(-2), input.size(-1)
    vals: List[torch.Tensor] = []
    idxs: List[torch.Tensor] = []
    for d0, d1 in _adaptive_bins(nd, od):
        for h0, h1 in _adaptive_bins(nh, oh):
            for w0, w1 in _adaptive_bins(nw, ow):
                box = input.narrow(-3, d0, d1 - d0).narrow(-2, h0, h1 - h0).narrow(-1, w0, w1 - w0)
                v, i = box.flatten(-3).max(-1)
                bh, bw = h1 - h0, w1 - w0
                vals.append(v)
                idxs.append((d0 + i // (bh * bw)) * nh * nw + (h0 + (i // bw) % bh) * nw + w0 + i % bw)
    shape = list(input.shape[:-3]) + [od, oh, ow]
    out = torch.stack(vals, -1).reshape(shape)
    if return_indices:
        return out, torch.stack(idxs, -1).reshape(shape)
    return out


def lp_pool1d(input: torch.Tensor, norm_type: float, kernel_size: int, stride: Any = None,
              ceil_mode: bool = False) -> torch.Tensor:
    st = _ints(stride, 1) if stride is not None else [kernel_size]
    out = torch.avg_pool1d(input.pow(norm_type), [kernel_size], st, [0], ceil_mode)
    return (torch.sign(out) * torch.relu(torch.abs(out))).mul(kernel_size).pow(1.0 / norm_type)


def lp_pool2d(input: torch.Tensor, norm_type: float, kernel_size: Any, stride: Any = None,
              ceil_mode: bool = False) -> torch.Tensor:
    ks, st = _window(kernel_size, stride, 2)
    out = torch.avg_pool2d(input.pow(norm_type), ks, st, [0, 0], ceil_mode)
    return (torch.sign(out) * torch.relu(torch.abs(out))).mul(ks[0] * ks[1]).pow(1.0 / norm_type)


def _unpool_output_size(input: torch.Tensor, kernel_size: List[int], stride: List[int], padding: List[int],
                        output_size: Any) -> List[int]:
    n = len(kernel_size)
    default_size: List[int] = []
    for d in range(n):
        default_size.append((input.size(input.dim() - n + d) - 1) * stride[d] + kernel_size[d] - 2 * padding[d])
    if output_size is None:
        return default_size
    osz = [int(v) for v in output_size]
    if len(osz) == n + 2:
        osz = osz[2:]
    if len(osz) != n:
        raise ValueError("output_size should be a sequence containing {} or {} elements, but it has a length of '{}'"
                         .format(n, n + 2, len(osz)))
    for d in range(n):
        min_size = default_size[d] - stride[d]
        max_size = default_size[d] + stride[d]
        if not (min_size < osz[d] < max_size):
            raise ValueError('invalid output_size "{}" (dim {} must be between {} and {})'
                             .format(osz, d, min_size, max_size))
    return osz


def max_unpool1d(input: torch.Tensor, indices: torch.Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0,
                 output_size: Any = None) -> torch.Tensor:
    ks, st = _window(kernel_size, stride, 1)
    osz = _unpool_output_size(input, ks, st, _ints(padding, 1), output_size) + [1]
    return torch.max_unpool2d(input.unsqueeze(-1), indices.unsqueeze(-1), osz).squeeze(-1)


def max_unpool2d(input: torch.Tensor, indices: torch.Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0,
                 output_size: Any = None) -> torch.Tensor:
    ks, st = _window(kernel_size, stride, 2)
    return torch.max_unpool2d(input, indices, _unpool_output_size(input, ks, st, _ints(padding, 2), output_size))


def max_unpool3d(input: torch.Tensor, indices: torch.Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0,
                 output_size: Any = None) -> torch.Tensor:
    ks, st = _window(kernel_size, stride, 3)
    pd = _ints(padding, 3)
    return torch.max_unpool3d(input, indices, _unpool_output_size(input, ks, st, pd, output_size), st, pd)
