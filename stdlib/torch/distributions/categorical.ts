# torch.distributions.Categorical: PyTorch 1.13's categorical distribution over 0..K-1 of probs=
# (normalized to sum to 1 over the last dimension) or logits= (normalized by logsumexp), at least
# one-dimensional tensors; the other is computed on first use, under enable_grad, and kept (and
# printed), as PyTorch's lazy_property does. sample (torch.multinomial with replacement over the
# flattened batch, transposed), log_prob, entropy, mean and variance (nan), mode,
# enumerate_support, param_shape, support (integer_interval(0, K - 1)). Not there: expand, _new.
import math
import torch
from typing import Any, Dict, List, Optional
import torch.distributions.constraints as constraints
from torch.distributions.constraints import Constraint
from torch.distributions.distribution import Distribution
from torch.distributions.utils import _numel, _broadcast_tensors, _probs_of, _logits_of


class Categorical(Distribution):
    has_enumerate_support = True

    def __init__(self, probs: Optional[torch.Tensor] = None, logits: Optional[torch.Tensor] = None,
                 validate_args: Optional[bool] = None):
        if (probs is None) == (logits is None):
            raise ValueError("Either `probs` or `logits` must be specified, but not both.")
        self._probs: Optional[torch.Tensor] = None
        self._logits: Optional[torch.Tensor] = None
        if probs is not None:
            if probs.dim() < 1:
                raise ValueError("`probs` parameter must be at least one-dimensional.")
            p = probs / probs.sum(-1, keepdim=True)
            self._probs = p
            self._param: torch.Tensor = p
        else:
            assert logits is not None
            if logits.dim() < 1:
                raise ValueError("`logits` parameter must be at least one-dimensional.")
            lg = logits - logits.logsumexp(dim=-1, keepdim=True)
            self._logits = lg
            self._param = lg
        self._num_events: int = self._param.size()[-1]
        batch_shape: Any = self._param.size()[:-1] if self._param.ndimension() > 1 else torch.Size()
        super().__init__(batch_shape, validate_args=validate_args)

    @property
    def arg_constraints(self) -> Dict[str, Constraint]:
        return {'probs': constraints.simplex, 'logits': constraints.real_vector}

    def _get_param(self, name: str) -> Optional[torch.Tensor]:
        if name == 'probs':
            return self._probs
        if name == 'logits':
            return self._logits
        return None

    @property
    def support(self) -> Constraint:
        return constraints.integer_interval(0, self._num_events - 1)

    @property
    def probs(self) -> torch.Tensor:
        self._probs = _probs_of(self._probs, self._logits, False)
        return self._probs

    @property
    def logits(self) -> torch.Tensor:
        self._logits = _logits_of(self._probs, self._logits, False)
        return self._logits

    @property
    def param_shape(self) -> Any:
        return self._param.size()

    @property
    def mean(self) -> torch.Tensor:
        return torch.full(list(self._extended_shape()), math.nan, dtype=self.probs.dtype, device=self.probs.device)

    @property
    def mode(self) -> torch.Tensor:
        return self.probs.argmax(-1)

    @property
    def variance(self) -> torch.Tensor:
        return torch.full(list(self._extended_shape()), math.nan, dtype=self.probs.dtype, device=self.probs.device)

    def sample(self, sample_shape: Any = torch.Size()) -> torch.Tensor:
        sample_shape = torch.Size(sample_shape)
        probs_2d = self.probs.reshape(-1, self._num_events)
        samples_2d = torch.multinomial(probs_2d, _numel(sample_shape), True).T
        return samples_2d.reshape(list(self._extended_shape(sample_shape)))

    def log_prob(self, value: Any) -> torch.Tensor:
        if self._validate_args:
            self._validate_sample(value)
        v = value.long().unsqueeze(-1)
        ts = _broadcast_tensors([v, self.logits])
        v = ts[0][..., :1]
        return ts[1].gather(-1, v).squeeze(-1)

    def entropy(self) -> torch.Tensor:
        min_real = torch.finfo(self.logits.dtype).min
        logits = torch.clamp(self.logits, min=min_real)
        p_log_p = logits * self.probs
        return -p_log_p.sum(-1)

    def enumerate_support(self, expand: bool = True) -> torch.Tensor:
        num_events = self._num_events
        values = torch.arange(num_events, dtype=torch.long, device=self._param.device)
        values = values.view([-1] + [1] * len(self._batch_shape))
        if expand:
            values = values.expand([-1] + list(self._batch_shape))
        return values
