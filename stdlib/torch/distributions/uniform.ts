# torch.distributions.Uniform: PyTorch 1.13's uniform distribution on [low, high) (numbers or
# tensors, broadcast together): rsample (low + rand * (high - low)) and sample, log_prob, cdf,
# icdf, entropy, mean, mode, stddev, variance, support (interval(low, high)); low and high are
# not checked one by one (their constraints are `dependent`), only low < high everywhere
# ("Uniform is not defined when low>= high"). Not there: expand.
import math
import torch
from typing import Any, Dict, List, Optional
import torch.distributions.constraints as constraints
from torch.distributions.constraints import Constraint
from torch.distributions.distribution import Distribution
from torch.distributions.utils import broadcast_all, _is_number


class Uniform(Distribution):
    has_rsample = True

    def __init__(self, low: Any, high: Any, validate_args: Optional[bool] = None):
        ts = broadcast_all([low, high])
        self.low: torch.Tensor = ts[0]
        self.high: torch.Tensor = ts[1]
        batch_shape: Any = torch.Size()
        if not (_is_number(low) and _is_number(high)):
            batch_shape = self.low.size()
        super().__init__(batch_shape, validate_args=validate_args)
        if self._validate_args and not bool(torch.lt(self.low, self.high).all()):
            raise ValueError("Uniform is not defined when low>= high")

    @property
    def arg_constraints(self) -> Dict[str, Constraint]:
        return {'low': constraints.dependent, 'high': constraints.dependent}

    def _get_param(self, name: str) -> Optional[torch.Tensor]:
        if name == 'low':
            return self.low
        if name == 'high':
            return self.high
        return None

    @property
    def support(self) -> Constraint:
        return constraints.interval(self.low, self.high)

    @property
    def mean(self) -> torch.Tensor:
        return (self.high + self.low) / 2

    @property
    def mode(self) -> torch.Tensor:
        return math.nan * self.high

    @property
    def stddev(self) -> torch.Tensor:
        return (self.high - self.low) / 12**0.5

    @property
    def variance(self) -> torch.Tensor:
        return (self.high - self.low).pow(2) / 12

    def rsample(self, sample_shape: Any = torch.Size()) -> torch.Tensor:
        shape = list(self._extended_shape(sample_shape))
        rand = torch.rand(shape, dtype=self.low.dtype, device=self.low.device)
        return self.low + rand * (self.high - self.low)

    def log_prob(self, value: Any) -> torch.Tensor:
        if self._validate_args:
            self._validate_sample(value)
        lb = self.low.le(value).type_as(self.low)
        ub = self.high.gt(value).type_as(self.low)
        return torch.log(lb.mul(ub)) - torch.log(self.high - self.low)

    def cdf(self, value: Any) -> torch.Tensor:
        if self._validate_args:
            self._validate_sample(value)
        result = (value - self.low) / (self.high - self.low)
        return result.clamp(min=0, max=1)

    def icdf(self, value: Any) -> torch.Tensor:
        result = value * (self.high - self.low) + self.low
        return result

    def entropy(self) -> torch.Tensor:
        return torch.log(self.high - self.low)
