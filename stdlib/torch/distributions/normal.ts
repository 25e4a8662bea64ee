# torch.distributions.Normal: PyTorch 1.13's normal distribution of loc and scale (numbers or
# tensors, broadcast together): sample (torch.normal under no_grad), rsample (loc + eps * scale),
# log_prob, cdf, icdf, entropy, mean, mode, stddev, variance, the natural parameters; draws the
# same numbers as PyTorch after torch.manual_seed. Not there: expand.
import math
import torch
from typing import Any, Dict, List, Optional
import torch.distributions.constraints as constraints
from torch.distributions.constraints import Constraint
from torch.distributions.exp_family import ExponentialFamily
from torch.distributions.utils import _standard_normal, broadcast_all, _is_number


class Normal(ExponentialFamily):
    has_rsample = True

    def __init__(self, loc: Any, scale: Any, validate_args: Optional[bool] = None):
        ts = broadcast_all([loc, scale])
        self.loc: torch.Tensor = ts[0]
        self.scale: torch.Tensor = ts[1]
        batch_shape: Any = torch.Size()
        if not (_is_number(loc) and _is_number(scale)):
            batch_shape = self.loc.size()
        super().__init__(batch_shape, validate_args=validate_args)

    @property
    def arg_constraints(self) -> Dict[str, Constraint]:
        return {'loc': constraints.real, 'scale': constraints.positive}

    def _get_param(self, name: str) -> Optional[torch.Tensor]:
        if name == 'loc':
            return self.loc
        if name == 'scale':
            return self.scale
        return None

    @property
    def support(self) -> Constraint:
        return constraints.real

    @property
    def _mean_carrier_measure(self) -> float:
        return 0

    @property
    def mean(self) -> torch.Tensor:
        return self.loc

    @property
    def mode(self) -> torch.Tensor:
        return self.loc

    @property
    def stddev(self) -> torch.Tensor:
        return self.scale

    @property
    def variance(self) -> torch.Tensor:
        return self.stddev.pow(2)

    def sample(self, sample_shape: Any = torch.Size()) -> torch.Tensor:
        shape = list(self._extended_shape(sample_shape))
        with torch.no_grad():
            return torch.normal(self.loc.expand(shape), self.scale.expand(shape))

    def rsample(self, sample_shape: Any = torch.Size()) -> torch.Tensor:
        shape = self._extended_shape(sample_shape)
        eps = _standard_normal(shape, dtype=self.loc.dtype, device=self.loc.device)
        return self.loc + eps * self.scale

    def log_prob(self, value: Any) -> torch.Tensor:
        if self._validate_args:
            self._validate_sample(value)
        var = (self.scale ** 2)
        log_scale = self.scale.log()
        return -((value - self.loc) ** 2) / (2 * var) - log_scale - math.log(math.sqrt(2 * math.pi))

    def cdf(self, value: Any) -> torch.Tensor:
        if self._validate_args:
            self._validate_sample(value)
        return 0.5 * (1 + torch.erf((value - self.loc) * self.scale.reciprocal() / math.sqrt(2)))

    def icdf(self, value: Any) -> torch.Tensor:
        return self.loc + self.scale * torch.erfinv(2 * value - 1) * math.sqrt(2)

    def entropy(self) -> torch.Tensor:
        return 0.5 + 0.5 * math.log(2 * math.pi) + torch.log(self.scale)

    @property
    def _natural_params(self) -> List[torch.Tensor]:
        return [self.loc / self.scale.pow(2), -0.5 * self.scale.pow(2).reciprocal()]

    def _log_normalizer(self, natural_params: List[torch.Tensor]) -> torch.Tensor:
        x = natural_params[0]
        y = natural_params[1]
        return -0.25 * x.pow(2) / y + 0.5 * torch.log(-math.pi / y)
