# validate_args: the default, set_default_validate_args, validate_args=False, constraints and
# their printed forms, parameters that are leaves / Parameters, broadcast_all's errors, perplexity.
import torch
import torch.nn as nn
import torch.distributions as D

print(D.constraints.real, D.constraints.positive, D.constraints.unit_interval, D.constraints.simplex)
print(D.constraints.real_vector, D.constraints.boolean, D.constraints.nonnegative)
print(D.constraints.interval(0.0, 2.5), D.constraints.integer_interval(0, 4), D.constraints.greater_than(1))
print(D.constraints.positive.check(torch.tensor([-1.0, 0.0, 2.0])), D.constraints.simplex.check(torch.tensor([[0.5, 0.5], [0.7, 0.7]])))
print(D.constraints.real_vector.check(torch.tensor([[1.0, float('nan')], [0.0, 1.0]])), D.constraints.boolean.check(torch.tensor([0.0, 0.5, 1.0])))
print(D.constraints.integer_interval(0, 3).check(torch.tensor([-1.0, 0.0, 2.5, 3.0, 4.0])))
print(D.constraints.is_dependent(D.constraints.real), D.constraints.is_dependent(D.constraints.dependent))
print(D.Uniform(0.0, 1.0).support, D.Categorical(torch.ones(5)).support, D.Normal(0.0, 1.0).support, D.Exponential(1.0).support)
loc = nn.Parameter(torch.tensor([0.0, 1.0]))
n = D.Normal(loc, 1.0)
print(n.loc, n.loc is loc, n.scale)
try:
    D.Normal(loc, -1.0)
except ValueError as e:
    print("ValueError", e)
try:
    D.Normal(nn.Parameter(torch.tensor([0.0, float('nan')])), torch.ones(2))
except ValueError as e:
    print("ValueError", e)
try:
    D.Normal([0.0], 1.0)
except ValueError as e:
    print("ValueError", e)
try:
    D.Exponential(None)
except ValueError as e:
    print("ValueError", e)
D.Distribution.set_default_validate_args(False)
print(D.Normal(0.0, -1.0), D.Bernoulli(2.0), D.Uniform(1.0, 0.0))
print(D.Normal(0.0, 1.0).log_prob(torch.tensor([float('nan')])))
D.Distribution.set_default_validate_args(True)
try:
    D.Normal(0.0, -1.0)
except ValueError as e:
    print("ValueError", e)
try:
    D.Distribution.set_default_validate_args(2)
except ValueError as e:
    print("ValueError", repr(e))
print(D.Normal(0.0, -1.0, validate_args=False).scale)
try:
    D.Bernoulli(0.5, validate_args=True).log_prob(torch.tensor(2.0))
except ValueError as e:
    print("ValueError", e)
print(D.Normal(0.0, 2.0).perplexity(), D.Categorical(torch.ones(4)).perplexity(), D.Bernoulli(0.5).perplexity())
d = D.Distribution(validate_args=False)
print(d.batch_shape, d.event_shape)
for f in [lambda: d.mean, lambda: d.variance, lambda: d.entropy(), lambda: d.sample()]:
    try:
        f()
    except NotImplementedError as e:
        print("NotImplementedError", e)
print(isinstance(D.Normal(0.0, 1.0), D.ExponentialFamily), isinstance(D.Uniform(0.0, 1.0), D.ExponentialFamily), isinstance(D.Categorical(torch.ones(2)), D.Distribution))
try:
    print(d)
except NotImplementedError as e:
    print("NotImplementedError", e)
