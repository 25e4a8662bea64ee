# Normal: printing, shapes, seeded sample/rsample, log_prob/cdf/icdf/entropy, moments, dtypes,
# gradients through rsample and log_prob, argument errors.
import math
import torch
import torch.distributions as D

torch.manual_seed(0)
n = D.Normal(0.0, 1.0)
print(n)
print(n.batch_shape, n.event_shape, n.has_rsample, n.mean, n.mode, n.stddev, n.variance)
print(n.sample())
print(n.sample((3,)))
print(n.sample(torch.Size([2, 2])))
print(n.sample([2]))
print(n.rsample())
print(n.rsample((2, 3)))
print(D.Normal(0, 1), D.Normal(1, 2.5), D.Normal(torch.tensor(0.5), 2))

m = D.Normal(torch.tensor([0.0, 1.0, -1.0]), torch.tensor([1.0, 0.5, 2.0]))
print(m)
print(m.batch_shape, m.event_shape)
print(m.sample())
print(m.sample((4,)))
print(m.rsample((2,)).shape)
x = torch.tensor([0.3, 1.2, -4.0])
print(m.log_prob(x))
print(m.log_prob(torch.tensor([[0.1], [0.2]])))
print(m.cdf(x))
print(m.icdf(torch.tensor([0.1, 0.5, 0.975])))
print(m.entropy())
print(m.perplexity())
print(m.mean, m.stddev, m.variance)

# broadcasting number and tensor, 2-d batch
b = D.Normal(torch.zeros(2, 3), 2.0)
print(b, b.batch_shape, b.scale)
print(b.sample((2,)).shape, b.sample().shape)
print(b.log_prob(torch.ones(3)))
b1 = D.Normal(torch.tensor([1.0]), 2.0)
print(b1, b1.batch_shape)
print(D.Normal(torch.tensor([[1.0]]), torch.tensor([3.0])))

# float64
d = D.Normal(torch.tensor([0.0, 1.0], dtype=torch.float64), 1.0)
print(d, d.scale.dtype)
s = d.sample((2,))
print(s, s.dtype)
print(d.rsample().dtype, d.log_prob(torch.tensor([0.5, 0.5], dtype=torch.float64)))

# gradients
loc = torch.tensor([0.5, -0.5], requires_grad=True)
scale = torch.tensor([1.0, 2.0], requires_grad=True)
g = D.Normal(loc, scale)
print(g)
z = g.rsample()
print(z.requires_grad, g.sample().requires_grad)
(z ** 2).sum().backward()
print(loc.grad, scale.grad)
loc.grad = None
scale.grad = None
lp = g.log_prob(torch.tensor([1.0, 1.0]))
print(lp)
lp.sum().backward()
print(loc.grad, scale.grad)
print(g.entropy())
print(g.cdf(torch.tensor([0.0, 0.0])))

# errors
for args in [(0.0, -1.0), (0.0, 0.0), (float('nan'), 1.0)]:
    try:
        D.Normal(args[0], args[1])
    except ValueError as e:
        print("ValueError", e)
try:
    D.Normal(torch.zeros(2), torch.tensor([1.0, -2.0]))
except ValueError as e:
    print("ValueError", e)
try:
    D.Normal(torch.zeros(2), torch.ones(3))
except RuntimeError as e:
    print("RuntimeError", e)
try:
    n.log_prob(0.5)
except ValueError as e:
    print("ValueError", e)
try:
    m.log_prob(torch.zeros(2))
except ValueError as e:
    print("ValueError", e)
try:
    m.cdf(torch.zeros(4, 2))
except ValueError as e:
    print("ValueError", e)
try:
    D.Normal("a", 1.0)
except ValueError as e:
    print("ValueError", e)
nv = D.Normal(0.0, -1.0, validate_args=False)
print(nv, nv.log_prob(torch.tensor(0.0)))
nv2 = D.Normal(0.0, 1.0, validate_args=False)
print(nv2.log_prob(0.5), nv2.cdf(0.5))
print(D.Normal(0.0, 1.0).icdf(torch.tensor([0.0, 1.0])))
