# torch.nn shape and image layers: InstanceNorm1d/2d, PixelShuffle, PixelUnshuffle, Upsample
# (nearest, bilinear) with PyTorch's index formulas.
import math
import torch
from typing import List, Tuple, Optional, Any
from torch.nn.module import Module, Parameter
from torch.nn.layers import _NormBase


class _InstanceNorm(_NormBase):
    def __init__(self, num_features: int, eps: float = 1e-5, momentum: float = 0.1, affine: bool = False,
                 track_running_stats: bool = False):
        super().__init__(num_features, eps, momentum, affine, track_running_stats)

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        # PyTorch's instance_norm: batch norm over the input viewed as [1, N*C, ...].
        n = input.size(0)
        c = input.size(1)
        shape = [1, n * c] + list(input.shape)[2:]
        w = self.weight
        b = self.bias
        rm = self.running_mean
        rv = self.running_var
        use_input_stats = self.training or not self.track_running_stats
        mom = self.momentum
        momentum = 0.1 if mom is None else mom
        rm_rep = rm.repeat(n) if rm is not None else None
        rv_rep = rv.repeat(n) if rv is not None else None
        out = torch.batch_norm(input.reshape(shape), w.repeat(n) if w is not None else None,
                               b.repeat(n) if b is not None else None, rm_rep, rv_rep, use_input_stats,
                               momentum, self.eps, False)
        if rm is not None and rm_rep is not None and use_input_stats:
            with torch.no_grad():
                rm.copy_(rm_rep.view(n, c).mean(0))
        if rv is not None and rv_rep is not None and use_input_stats:
            with torch.no_grad():
                rv.copy_(rv_rep.view(n, c).mean(0))
        return out.view(input.shape)


class InstanceNorm1d(_InstanceNorm):
    pass


class InstanceNorm2d(_InstanceNorm):
    pass


class PixelShuffle(Module):
    def __init__(self, upscale_factor: int):
        super().__init__()
        self.upscale_factor = upscale_factor

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        r = self.upscale_factor
        n, c, h, w = input.size(0), input.size(1), input.size(2), input.size(3)
        oc = c // (r * r)
        return input.reshape(n, oc, r, r, h, w).permute(0, 1, 4, 2, 5, 3).reshape(n, oc, h * r, w * r)

    def extra_repr(self) -> str:
        return "upscale_factor={}".format(self.upscale_factor)


class PixelUnshuffle(Module):
    def __init__(self, downscale_factor: int):
        super().__init__()
        self.downscale_factor = downscale_factor

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        r = self.downscale_factor
        n, c, h, w = input.size(0), input.size(1), input.size(2), input.size(3)
        return input.reshape(n, c, h // r, r, w // r, r).permute(0, 1, 3, 5, 2, 4).reshape(n, c * r * r, h // r, w // r)

    def extra_repr(self) -> str:
        return "downscale_factor={}".format(self.downscale_factor)


def _nearest_index(out_size: int, in_size: int, scale: float) -> torch.Tensor:
    # PyTorch: src = min(floor(dst * scale), in - 1), scale = in / out (or 1 / scale_factor).
    idx = (torch.arange(out_size, dtype=torch.float32) * scale).floor().long()
    return idx.clamp(max=in_size - 1)


def _linear_weights(out_size: int, in_size: int, scale: float, align_corners: bool
                    ) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # Source index i0, i1 = i0 + 1 (clamped) and the weight of i1, as PyTorch's linear kernels.
    d = torch.arange(out_size, dtype=torch.float32)
    if align_corners:
        s = (in_size - 1) / (out_size - 1) if out_size > 1 else 0.0
        src = d * s
    else:
        src = ((d + 0.5) * scale - 0.5).clamp(min=0)
    i0 = src.floor().long().clamp(max=in_size - 1)
    i1 = (i0 + 1).clamp(max=in_size - 1)
    lam = src - i0.float()
    return i0, i1, lam


class Upsample(Module):
    def __init__(self, size: Any = None, scale_factor: Any = None, mode: str = "nearest",
                 align_corners: Optional[bool] = None):
        super().__init__()
        if mode != "nearest" and mode != "bilinear" and mode != "linear":
            raise NotImplementedError("Upsample mode '{}' is not supported yet".format(mode))
        self.size = size
        self.scale_factor: Any = scale_factor
        if isinstance(scale_factor, float) or isinstance(scale_factor, int):
            self.scale_factor = float(scale_factor)
        self.mode = mode
        self.align_corners = align_corners

    def _out_sizes(self, input: torch.Tensor) -> Tuple[List[int], List[float]]:
        dims = input.dim() - 2
        ins = list(input.shape)[2:]
        if self.size is not None:
            outs = [int(self.size)] * dims if isinstance(self.size, int) else [int(v) for v in self.size]
            return outs, [ins[k] / outs[k] for k in range(dims)]
        sf: List[float] = [float(self.scale_factor)] * dims if isinstance(self.scale_factor, float) \
            else [float(v) for v in self.scale_factor]
        return [int(math.floor(ins[k] * sf[k])) for k in range(dims)], [1.0 / sf[k] for k in range(dims)]

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        outs, scales = self._out_sizes(input)
        x = input
        ac = False
        a = self.align_corners
        if a is not None:
            ac = a
        for k in range(input.dim() - 2):
            d = 2 + k
            if self.mode == "nearest":
                x = x.index_select(d, _nearest_index(outs[k], input.size(d), scales[k]))
            else:
                i0, i1, lam = _linear_weights(outs[k], input.size(d), scales[k], ac)
                shape = [1] * input.dim()
                shape[d] = outs[k]
                lam = lam.view(shape).to(x.dtype)
                x = x.index_select(d, i0) * (1 - lam) + x.index_select(d, i1) * lam
        return x

    def extra_repr(self) -> str:
        if self.scale_factor is not None:
            s = "scale_factor={}".format(self.scale_factor)
        else:
            s = "size={}".format(self.size)
        return s + ", mode={}".format(self.mode)
