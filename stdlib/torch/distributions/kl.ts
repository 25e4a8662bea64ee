# torch.distributions.kl_divergence: PyTorch 1.13's closed forms for the pairs of the
# distributions here (Normal, Uniform, Bernoulli, Categorical, Exponential, each with itself;
# Uniform-Normal, Exponential-Normal, Uniform-Exponential; the infinite pairs Normal-Uniform,
# Normal-Exponential, Exponential-Uniform), PyTorch's NotImplementedError for two different
# exponential families (the Bregman route needs them equal) and for pairs with no closed form.
# Pairs are found by isinstance, as PyTorch's lookup finds the most specific registered pair.
# Not there: register_kl (Ts functions cannot be registered by type), the Bregman divergence of
# two instances of one user-defined ExponentialFamily subclass.
import math
import torch
import torch.nn.functional as F
from typing import Any
from torch.distributions.distribution import Distribution
from torch.distributions.exp_family import ExponentialFamily
from torch.distributions.normal import Normal
from torch.distributions.uniform import Uniform
from torch.distributions.bernoulli import Bernoulli
from torch.distributions.categorical import Categorical
from torch.distributions.exponential import Exponential
from torch.distributions.utils import _mask_set_


def _infinite_like(tensor: torch.Tensor) -> torch.Tensor:
    return torch.full_like(tensor, math.inf)


def _kl_bernoulli_bernoulli(p: Bernoulli, q: Bernoulli) -> torch.Tensor:
    t1 = p.probs * (F.softplus(-q.logits) - F.softplus(-p.logits))
    _mask_set_(t1, q.probs == 0, math.inf)
    _mask_set_(t1, p.probs == 0, 0)
    t2 = (1 - p.probs) * (F.softplus(q.logits) - F.softplus(p.logits))
    _mask_set_(t2, q.probs == 1, math.inf)
    _mask_set_(t2, p.probs == 1, 0)
    return t1 + t2


def _kl_categorical_categorical(p: Categorical, q: Categorical) -> torch.Tensor:
    t = p.probs * (p.logits - q.logits)
    _mask_set_(t, (q.probs == 0).expand_as(t), math.inf)
    _mask_set_(t, (p.probs == 0).expand_as(t), 0)
    return t.sum(-1)


def _kl_exponential_exponential(p: Exponential, q: Exponential) -> torch.Tensor:
    rate_ratio = q.rate / p.rate
    t1 = -rate_ratio.log()
    return t1 + rate_ratio - 1


def _kl_normal_normal(p: Normal, q: Normal) -> torch.Tensor:
    var_ratio = (p.scale / q.scale).pow(2)
    t1 = ((p.loc - q.loc) / q.scale).pow(2)
    return 0.5 * (var_ratio + t1 - 1 - var_ratio.log())


def _kl_uniform_uniform(p: Uniform, q: Uniform) -> torch.Tensor:
    result = ((q.high - q.low) / (p.high - p.low)).log()
    _mask_set_(result, (q.low > p.low) | (q.high < p.high), math.inf)
    return result


def _kl_exponential_normal(p: Exponential, q: Normal) -> torch.Tensor:
    var_normal = q.scale.pow(2)
    rate_sqr = p.rate.pow(2)
    t1 = 0.5 * torch.log(rate_sqr * var_normal * 2 * math.pi)
    t2 = rate_sqr.reciprocal()
    t3 = q.loc / p.rate
    t4 = q.loc.pow(2) * 0.5
    return t1 - 1 + (t2 - t3 + t4) / var_normal


def _kl_uniform_exponential(p: Uniform, q: Exponential) -> torch.Tensor:
    result = q.rate * (p.high + p.low) / 2 - ((p.high - p.low) * q.rate).log()
    _mask_set_(result, p.low < 0., math.inf)  # q.support.lower_bound
    return result


def _kl_uniform_normal(p: Uniform, q: Normal) -> torch.Tensor:
    common_term = p.high - p.low
    t1 = (math.sqrt(math.pi * 2) * q.scale / common_term).log()
    t2 = (common_term).pow(2) / 12
    t3 = ((p.high + p.low - 2 * q.loc) / 2).pow(2)
    return t1 + 0.5 * (t2 + t3) / q.scale.pow(2)


def kl_divergence(p: Distribution, q: Distribution) -> torch.Tensor:
    # KL(p || q), batched over batch_shape
    if isinstance(p, Normal):
        if isinstance(q, Normal):
            return _kl_normal_normal(p, q)
        if isinstance(q, Uniform) or isinstance(q, Exponential):
            return _infinite_like(p.loc)
    elif isinstance(p, Uniform):
        if isinstance(q, Uniform):
            return _kl_uniform_uniform(p, q)
        if isinstance(q, Normal):
            return _kl_uniform_normal(p, q)
        if isinstance(q, Exponential):
            return _kl_uniform_exponential(p, q)
    elif isinstance(p, Bernoulli):
        if isinstance(q, Bernoulli):
            return _kl_bernoulli_bernoulli(p, q)
    elif isinstance(p, Categorical):
        if isinstance(q, Categorical):
            return _kl_categorical_categorical(p, q)
    elif isinstance(p, Exponential):
        if isinstance(q, Exponential):
            return _kl_exponential_exponential(p, q)
        if isinstance(q, Normal):
            return _kl_exponential_normal(p, q)
        if isinstance(q, Uniform):
            return _infinite_like(p.rate)
    if isinstance(p, ExponentialFamily) and isinstance(q, ExponentialFamily):
        if type(p) != type(q):
            raise NotImplementedError("The cross KL-divergence between different exponential families cannot \
                            be computed using Bregman divergences")
    raise NotImplementedError("No KL(p || q) is implemented for p type {} and q type {}"
                              .format(p.__class__.__name__, q.__class__.__name__))
