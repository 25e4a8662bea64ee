# torch.nn's dropouts: Dropout, Dropout1d/2d/3d, AlphaDropout and FeatureAlphaDropout over their
# base _DropoutNd, with PyTorch 1.13's arguments and printed form.
import torch
from typing import List, Tuple, Optional, Any
from torch.nn.module import Module
import torch.nn.functional as F


class _DropoutNd(Module):
    def __init__(self, p: float = 0.5, inplace: bool = False):
        super().__init__()
        if p < 0.0 or p > 1.0:
            raise ValueError("dropout probability has to be between 0 and 1, but got {}".format(p))
        self.p = p
        self.inplace = inplace

    def extra_repr(self) -> str:
        return "p={}, inplace={}".format(self.p, self.inplace)


class Dropout(_DropoutNd):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.dropout(input, self.p, self.training, self.inplace)


class Dropout1d(_DropoutNd):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.dropout1d(input, self.p, self.training, self.inplace)


class Dropout2d(_DropoutNd):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.dropout2d(input, self.p, self.training, self.inplace)


class Dropout3d(_DropoutNd):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.dropout3d(input, self.p, self.training, self.inplace)


class AlphaDropout(_DropoutNd):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.alpha_dropout(input, self.p, self.training, self.inplace)


class FeatureAlphaDropout(_DropoutNd):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.feature_alpha_dropout(input, self.p, self.training, self.inplace)
