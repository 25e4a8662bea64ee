# torch.distributions.Bernoulli: PyTorch 1.13's Bernoulli distribution of probs= or logits= (a
# number or a tensor; the other is computed on first use, under enable_grad, and kept, as
# PyTorch's lazy_property does, so it prints once computed): sample (torch.bernoulli under
# no_grad), log_prob and entropy (binary_cross_entropy_with_logits), mean, mode, variance,
# enumerate_support, param_shape, the natural parameters. Not there: expand, _new.
import math
import torch
import torch.nn.functional as F
from typing import Any, Dict, List, Optional
import torch.distributions.constraints as constraints
from torch.distributions.constraints import Constraint
from torch.distributions.exp_family import ExponentialFamily
from torch.distributions.utils import broadcast_all, _is_number, _mask_set_, _probs_of, _logits_of


class Bernoulli(ExponentialFamily):
    has_enumerate_support = True

    def __init__(self, probs: Any = None, logits: Any = None, validate_args: Optional[bool] = None):
        if (probs is None) == (logits is None):
            raise ValueError("Either `probs` or `logits` must be specified, but not both.")
        self._probs: Optional[torch.Tensor] = None
        self._logits: Optional[torch.Tensor] = None
        if probs is not None:
            is_scalar = _is_number(probs)
            p = broadcast_all([probs])[0]
            self._probs = p
            self._param: torch.Tensor = p
        else:
            is_scalar = _is_number(logits)
            lg = broadcast_all([logits])[0]
            self._logits = lg
            self._param = lg
        batch_shape: Any = torch.Size() if is_scalar else self._param.size()
        super().__init__(batch_shape, validate_args=validate_args)

    @property
    def arg_constraints(self) -> Dict[str, Constraint]:
        return {'probs': constraints.unit_interval, 'logits': constraints.real}

    def _get_param(self, name: str) -> Optional[torch.Tensor]:
        if name == 'probs':
            return self._probs
        if name == 'logits':
            return self._logits
        return None

    @property
    def support(self) -> Constraint:
        return constraints.boolean

    @property
    def _mean_carrier_measure(self) -> float:
        return 0

    @property
    def probs(self) -> torch.Tensor:
        self._probs = _probs_of(self._probs, self._logits, True)
        return self._probs

    @property
    def logits(self) -> torch.Tensor:
        self._logits = _logits_of(self._probs, self._logits, True)
        return self._logits

    @property
    def mean(self) -> torch.Tensor:
        return self.probs

    @property
    def mode(self) -> torch.Tensor:
        mode = (self.probs >= 0.5).to(self.probs)
        _mask_set_(mode, self.probs == 0.5, math.nan)
        return mode

    @property
    def variance(self) -> torch.Tensor:
        return self.probs * (1 - self.probs)

    @property
    def param_shape(self) -> Any:
        return self._param.size()

    def sample(self, sample_shape: Any = torch.Size()) -> torch.Tensor:
        shape = list(self._extended_shape(sample_shape))
        with torch.no_grad():
            return torch.bernoulli(self.probs.expand(shape))

    def log_prob(self, value: Any) -> torch.Tensor:
        if self._validate_args:
            self._validate_sample(value)
        ts = broadcast_all([self.logits, value])
        return -F.binary_cross_entropy_with_logits(ts[0], ts[1], reduction='none')

    def entropy(self) -> torch.Tensor:
        return F.binary_cross_entropy_with_logits(self.logits, self.probs, reduction='none')

    def enumerate_support(self, expand: bool = True) -> torch.Tensor:
        values = torch.arange(2, dtype=self._param.dtype, device=self._param.device)
        values = values.view([-1] + [1] * len(self._batch_shape))
        if expand:
            values = values.expand([-1] + list(self._batch_shape))
        return values

    @property
    def _natural_params(self) -> List[torch.Tensor]:
        return [torch.log(self.probs / (1 - self.probs))]

    def _log_normalizer(self, natural_params: List[torch.Tensor]) -> torch.Tensor:
        return torch.log(1 + torch.exp(natural_params[0]))
