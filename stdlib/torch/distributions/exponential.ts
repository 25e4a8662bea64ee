# torch.distributions.Exponential: PyTorch 1.13's exponential distribution of rate (a number or a
# tensor): rsample (an exponential_ draw divided by rate, as PyTorch draws it outside tracing) and
# sample, log_prob, cdf, icdf, entropy, mean, mode, stddev, variance, the natural parameters.
# Not there: expand.
import torch
from typing import Any, Dict, List, Optional
import torch.distributions.constraints as constraints
from torch.distributions.constraints import Constraint
from torch.distributions.exp_family import ExponentialFamily
from torch.distributions.utils import broadcast_all, _is_number


class Exponential(ExponentialFamily):
    has_rsample = True

    def __init__(self, rate: Any, validate_args: Optional[bool] = None):
        self.rate: torch.Tensor = broadcast_all([rate])[0]
        batch_shape: Any = torch.Size() if _is_number(rate) else self.rate.size()
        super().__init__(batch_shape, validate_args=validate_args)

    @property
    def arg_constraints(self) -> Dict[str, Constraint]:
        return {'rate': constraints.positive}

    def _get_param(self, name: str) -> Optional[torch.Tensor]:
        if name == 'rate':
            return self.rate
        return None

    @property
    def support(self) -> Constraint:
        return constraints.nonnegative

    @property
    def _mean_carrier_measure(self) -> float:
        return 0

    @property
    def mean(self) -> torch.Tensor:
        return self.rate.reciprocal()

    @property
    def mode(self) -> torch.Tensor:
        return torch.zeros_like(self.rate)

    @property
    def stddev(self) -> torch.Tensor:
        return self.rate.reciprocal()

    @property
    def variance(self) -> torch.Tensor:
        return self.rate.pow(-2)

    def rsample(self, sample_shape: Any = torch.Size()) -> torch.Tensor:
        shape = list(self._extended_shape(sample_shape))
        return self.rate.new_empty(shape).exponential_() / self.rate

    def log_prob(self, value: Any) -> torch.Tensor:
        if self._validate_args:
            self._validate_sample(value)
        return self.rate.log() - self.rate * value

    def cdf(self, value: Any) -> torch.Tensor:
        if self._validate_args:
            self._validate_sample(value)
        return 1 - torch.exp(-self.rate * value)

    def icdf(self, value: Any) -> torch.Tensor:
        return -torch.log(1 - value) / self.rate

    def entropy(self) -> torch.Tensor:
        return 1.0 - torch.log(self.rate)

    @property
    def _natural_params(self) -> List[torch.Tensor]:
        return [-self.rate]

    def _log_normalizer(self, natural_params: List[torch.Tensor]) -> torch.Tensor:
        return -torch.log(-natural_params[0])
