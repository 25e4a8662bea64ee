# torch.nn's BatchNorm3d and LocalResponseNorm (BatchNorm1d/2d, LayerNorm and GroupNorm are in
# layers.ts, the instance norms in vision.ts).
import torch
from typing import List, Tuple, Optional, Any
from torch.nn.module import Module
from torch.nn.layers import _BatchNorm
import torch.nn.functional as F


class BatchNorm3d(_BatchNorm):
    def _check_input_dim(self, input: torch.Tensor) -> None:
        if input.dim() != 5:
            raise ValueError("expected 5D input (got {}D input)".format(input.dim()))


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
