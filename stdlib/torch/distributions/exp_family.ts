# torch.distributions.ExponentialFamily: PyTorch 1.13's base class for distributions of an
# exponential family, whose entropy is computed from the natural parameters and the log normalizer
# by autograd (Bregman divergence). _log_normalizer takes the natural parameters as a list (PyTorch:
# *natural_params). Normal, Bernoulli, Exponential and Beta derive from it (each has its own
# closed-form entropy, as in PyTorch).
import torch
from typing import Any, List, Optional
from torch.distributions.distribution import Distribution


class ExponentialFamily(Distribution):
    @property
    def _natural_params(self) -> List[torch.Tensor]:
        raise NotImplementedError

    def _log_normalizer(self, natural_params: List[torch.Tensor]) -> torch.Tensor:
        raise NotImplementedError

    @property
    def _mean_carrier_measure(self) -> float:
        raise NotImplementedError

    def entropy(self) -> torch.Tensor:
        # the entropy by the Bregman divergence of the log normalizer
        m = self._mean_carrier_measure
        nparams = [p.detach().requires_grad_() for p in self._natural_params]
        lg_normal = self._log_normalizer(nparams)
        gradients = torch.autograd.grad(lg_normal.sum(), nparams, create_graph=True)
        result = lg_normal + (-m)
        for k in range(len(nparams)):
            shape = list(self._batch_shape) + [-1]
            result = result - (nparams[k] * gradients[k]).reshape(shape).sum(-1)
        return result
