# torch.nn's normalization modules: the batch norms over _NormBase (which the instance norms in
# vision.ts share), LayerNorm, GroupNorm and LocalResponseNorm.
import torch
from typing import List, Tuple, Optional, Any
from torch.nn.module import Module, Parameter
from torch.nn.functional_args import _ints, _tuple_str
import torch.nn.functional as F


def _affine(affine: bool, shape: List[int], device: Any,
            dtype: Optional[torch.dtype]) -> Tuple[Optional[torch.Tensor], Optional[torch.Tensor]]:
    # A normalization's learnable weight (ones) and bias (zeros) of the given shape, device and
    # dtype, or None, None.
    if not affine:
        return None, None
    return Parameter(torch.ones(shape, device=device, dtype=dtype)), Parameter(torch.zeros(shape, device=device,
                                                                                            dtype=dtype))


class _NormBase(Module):
    # PyTorch's _NormBase: the affine parameters and running statistics of batch and instance norm.
    def __init__(self, num_features: int, eps: float, momentum: Optional[float], affine: bool,
                 track_running_stats: bool, device: Any = None, dtype: Optional[torch.dtype] = None):
        super().__init__()
        self.num_features = num_features
        self.eps = eps
        self.momentum = momentum
        self.affine = affine
        self.track_running_stats = track_running_stats
        w, b = _affine(affine, [num_features], device, dtype)
        self.weight: Optional[torch.Tensor] = w
        self.bias: Optional[torch.Tensor] = b
        self.running_mean: Optional[torch.Tensor] = None
        self.running_var: Optional[torch.Tensor] = None
        self.num_batches_tracked: Optional[torch.Tensor] = None
        if track_running_stats:
            self.register_buffer("running_mean", torch.zeros(num_features, device=device, dtype=dtype))
            self.register_buffer("running_var", torch.ones(num_features, device=device, dtype=dtype))
            self.register_buffer("num_batches_tracked", torch.tensor(0, dtype=torch.long, device=device))

    def extra_repr(self) -> str:
        return "{}, eps={}, momentum={}, affine={}, track_running_stats={}".format(
            self.num_features, self.eps, self.momentum, self.affine, self.track_running_stats)


class _BatchNorm(_NormBase):
    def __init__(self, num_features: int, eps: float = 1e-5, momentum: Optional[float] = 0.1, affine: bool = True,
                 track_running_stats: bool = True, device: Any = None, dtype: Optional[torch.dtype] = None):
        super().__init__(num_features, eps, momentum, affine, track_running_stats, device, dtype)

    def _check_input_dim(self, input: torch.Tensor) -> None:
        pass

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        self._check_input_dim(input)
        mom = self.momentum
        factor = 0.0
        if mom is not None:
            factor = mom
        if self.training and self.track_running_stats:
            n = self.num_batches_tracked
            if n is not None:
                n.add_(1)
                if mom is None:
                    factor = 1.0 / float(n)
        bn_training = True if self.training else (self.running_mean is None and self.running_var is None)
        use_stats = not self.training or self.track_running_stats
        if bn_training and input.size(1) > 0 and input.numel() == input.size(1):
            raise ValueError("Expected more than 1 value per channel when training, got input size {}".format(
                input.size()))
        return torch.batch_norm(input, self.weight, self.bias, self.running_mean if use_stats else None,
                                self.running_var if use_stats else None, bn_training, factor, self.eps, False)


class BatchNorm1d(_BatchNorm):
    def _check_input_dim(self, input: torch.Tensor) -> None:
        if input.dim() != 2 and input.dim() != 3:
            raise ValueError("expected 2D or 3D input (got {}D input)".format(input.dim()))


class BatchNorm2d(_BatchNorm):
    def _check_input_dim(self, input: torch.Tensor) -> None:
        if input.dim() != 4:
            raise ValueError("expected 4D input (got {}D input)".format(input.dim()))


class BatchNorm3d(_BatchNorm):
    def _check_input_dim(self, input: torch.Tensor) -> None:
        if input.dim() != 5:
            raise ValueError("expected 5D input (got {}D input)".format(input.dim()))


class LayerNorm(Module):
    def __init__(self, normalized_shape: Any, eps: float = 1e-5, elementwise_affine: bool = True,
                 device: Any = None, dtype: Optional[torch.dtype] = None):
        super().__init__()
        self.normalized_shape = _ints(normalized_shape, 1)
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        w, b = _affine(elementwise_affine, self.normalized_shape, device, dtype)
        self.weight: Optional[torch.Tensor] = w
        self.bias: Optional[torch.Tensor] = b

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps)

    def extra_repr(self) -> str:
        return "{}, eps={}, elementwise_affine={}".format(_tuple_str(self.normalized_shape), self.eps,
                                                          self.elementwise_affine)


class GroupNorm(Module):
    def __init__(self, num_groups: int, num_channels: int, eps: float = 1e-5, affine: bool = True,
                 device: Any = None, dtype: Optional[torch.dtype] = None):
        super().__init__()
        if num_channels % num_groups != 0:
            raise ValueError("num_channels must be divisible by num_groups")
        self.num_groups = num_groups
        self.num_channels = num_channels
        self.eps = eps
        self.affine = affine
        w, b = _affine(affine, [num_channels], device, dtype)
        self.weight: Optional[torch.Tensor] = w
        self.bias: Optional[torch.Tensor] = b

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.group_norm(input, self.num_groups, self.weight, self.bias, self.eps)

    def extra_repr(self) -> str:
        return "{}, {}, eps={}, affine={}".format(self.num_groups, self.num_channels, self.eps, self.affine)


class LocalResponseNorm(Module):
    def __init__(self, size: int, alpha: float = 1e-4, beta: float = 0.75, k: float = 1.):
        super().__init__()
        self.size = size
        self.alpha = alpha
        self.beta = beta
        self.k = k

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.local_response_norm(input, self.size, self.alpha, self.beta, self.k)

    def extra_repr(self) -> str:
        return "{}, alpha={}, beta={}, k={}".format(self.size, self.alpha, self.beta, self.k)
