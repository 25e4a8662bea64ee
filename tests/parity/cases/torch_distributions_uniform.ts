# Uniform: printing, seeded rsample/sample, log_prob in and out of the support, cdf/icdf,
# entropy, moments, support, gradients, errors.
import torch
import torch.distributions as D

torch.manual_seed(1)
u = D.Uniform(0.0, 2.0)
print(u, u.batch_shape, u.event_shape, u.has_rsample, u.support)
print(u.sample(), u.sample((3,)), u.rsample([2, 2]))
print(u.mean, u.mode, u.stddev, u.variance, u.entropy())
print(u.log_prob(torch.tensor(0.5)), u.log_prob(torch.tensor([0.0, 1.999, 2.0])))
print(u.cdf(torch.tensor([0.5, 1.5, 2.0])), u.icdf(torch.tensor([0.0, 0.25, 1.0])))
v = D.Uniform(torch.tensor([0.0, -1.0]), torch.tensor([1.0, 3.0]))
print(v, v.support)
print(v.sample(), v.sample((3,)))
print(v.log_prob(torch.tensor([0.5, 2.0])), v.entropy(), v.mean, v.stddev, v.variance)
print(v.cdf(torch.tensor([0.25, 0.0])), v.icdf(torch.tensor([0.5, 0.5])))
w = D.Uniform(-1, torch.tensor([[1.0, 2.0, 3.0]], dtype=torch.float64))
print(w, w.low, w.batch_shape, w.sample((2,)))
print(D.Uniform(torch.tensor([2.0]), 3.0))
# gradients through rsample
lo = torch.tensor(0.5, requires_grad=True)
hi = torch.tensor(2.0, requires_grad=True)
g = D.Uniform(lo, hi)
print(g)
r = g.rsample((4,))
print(r)
r.sum().backward()
print(lo.grad, hi.grad)
print(g.entropy(), g.mean)
# errors
for a in [(1.0, 1.0), (2.0, 1.0)]:
    try:
        D.Uniform(a[0], a[1])
    except ValueError as e:
        print("ValueError", e)
try:
    D.Uniform(torch.tensor([0.0, 2.0]), torch.tensor([1.0, 1.0]))
except ValueError as e:
    print("ValueError", e)
try:
    u.log_prob(torch.tensor([0.5, 2.5, -1.0]))
except ValueError as e:
    print("ValueError", e)
try:
    v.log_prob(torch.tensor([5.0, 0.0]))
except ValueError as e:
    print("ValueError", e)
try:
    u.cdf(3.0)
except ValueError as e:
    print("ValueError", e)
uv = D.Uniform(0.0, 1.0, validate_args=False)
print(uv.log_prob(torch.tensor([-0.5, 0.5, 1.5])), uv.cdf(torch.tensor([-0.5, 0.5, 1.5])))
print(D.Uniform(1.0, 0.0, validate_args=False))
