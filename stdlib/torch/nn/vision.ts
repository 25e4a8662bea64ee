# torch.nn shape and image layers: InstanceNorm1d/2d, PixelShuffle, PixelUnshuffle, Upsample
# (nearest, bilinear) with PyTorch's index formulas.
import math
import torch
from typing import List, Tuple, Optional, Any
from torch.nn.module import Module, Parameter
from torch.nn.normalization import _NormBase
import torch.nn.functional as F


class _InstanceNorm(_NormBase):
    def __init__(self, num_features: int, eps: float = 1e-5, momentum: float = 0.1, affine: bool = False,
                 track_running_stats: bool = False, device: Any = None, dtype: Optional[torch.dtype] = None):
        super().__init__(num_features, eps, momentum, affine, track_running_stats, device, dtype)

    def _get_no_batch_dim(self) -> int:
        return 2

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        nb = self._get_no_batch_dim()
        if input.dim() != nb and input.dim() != nb + 1:
            raise ValueError("expected {}D or {}D input (got {}D input)".format(nb, nb + 1, input.dim()))
        if input.dim() == nb:
            return self._apply_instance_norm(input.unsqueeze(0)).squeeze(0)
        return self._apply_instance_norm(input)

    def _apply_instance_norm(self, input: torch.Tensor) -> torch.Tensor:
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
    def _get_no_batch_dim(self) -> int:
        return 3


class PixelShuffle(Module):
    def __init__(self, upscale_factor: int):
        super().__init__()
        self.upscale_factor = upscale_factor

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.pixel_shuffle(input, self.upscale_factor)

    def extra_repr(self) -> str:
        return "upscale_factor={}".format(self.upscale_factor)


class PixelUnshuffle(Module):
    def __init__(self, downscale_factor: int):
        super().__init__()
        self.downscale_factor = downscale_factor

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.pixel_unshuffle(input, self.downscale_factor)

    def extra_repr(self) -> str:
        return "downscale_factor={}".format(self.downscale_factor)


class Upsample(Module):
    def __init__(self, size: Any = None, scale_factor: Any = None, mode: str = "nearest",
                 align_corners: Optional[bool] = None, recompute_scale_factor: Optional[bool] = None):
        super().__init__()
        self.size = size
        self.scale_factor: Any = scale_factor
        if isinstance(scale_factor, float) or isinstance(scale_factor, int):
            self.scale_factor = float(scale_factor)
        elif scale_factor is not None:
            self.scale_factor = tuple([float(v) for v in scale_factor])
        self.mode = mode
        self.align_corners = align_corners
        self.recompute_scale_factor = recompute_scale_factor

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.interpolate(input, self.size, self.scale_factor, self.mode, self.align_corners,
                             recompute_scale_factor=self.recompute_scale_factor)

    def extra_repr(self) -> str:
        if self.scale_factor is not None:
            s = "scale_factor={}".format(self.scale_factor)
        else:
            s = "size={}".format(self.size)
        return s + ", mode={}".format(self.mode)


class UpsamplingNearest2d(Upsample):
    def __init__(self, size: Any = None, scale_factor: Any = None):
        super().__init__(size, scale_factor, mode="nearest")


class UpsamplingBilinear2d(Upsample):
    def __init__(self, size: Any = None, scale_factor: Any = None):
        super().__init__(size, scale_factor, mode="bilinear", align_corners=True)
