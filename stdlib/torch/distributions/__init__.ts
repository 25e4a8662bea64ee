# torch.distributions: PyTorch 1.13's probability distributions, by topic as PyTorch's package
# is: distribution.ts (Distribution), exp_family.ts (ExponentialFamily), normal.ts (Normal),
# uniform.ts (Uniform), bernoulli.ts (Bernoulli), categorical.ts (Categorical), exponential.ts
# (Exponential), kl.ts (kl_divergence), constraints.ts (torch.distributions.constraints) and
# utils.ts (broadcast_all and the probs/logits helpers). Sampling composes the torch calls PyTorch
# composes, in its order, so the numbers after torch.manual_seed are PyTorch's.
# Not there: the other distributions (MultivariateNormal, Gamma, Dirichlet, Beta, Poisson, ...),
# transforms and TransformedDistribution, register_kl, Distribution.expand.
import torch
import torch.distributions.constraints as constraints
from torch.distributions.distribution import Distribution
from torch.distributions.exp_family import ExponentialFamily
from torch.distributions.normal import Normal
from torch.distributions.uniform import Uniform
from torch.distributions.bernoulli import Bernoulli
from torch.distributions.categorical import Categorical
from torch.distributions.exponential import Exponential
from torch.distributions.kl import kl_divergence
