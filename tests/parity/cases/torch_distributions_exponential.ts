# Exponential: printing, seeded rsample/sample, log_prob, cdf/icdf, entropy, moments, gradients,
# errors.
import torch
import torch.distributions as D

torch.manual_seed(2)
e = D.Exponential(1.5)
print(e, e.batch_shape, e.has_rsample)
print(e.sample(), e.sample((4,)), e.rsample((2, 2)))
print(e.mean, e.mode, e.stddev, e.variance, e.entropy())
print(e.log_prob(torch.tensor([0.0, 0.5, 3.0])), e.cdf(torch.tensor([0.0, 0.5, 3.0])), e.icdf(torch.tensor([0.0, 0.5, 0.99])))
f = D.Exponential(torch.tensor([1.0, 2.0, 0.5]))
print(f, f.sample(), f.sample((2,)))
print(f.log_prob(torch.tensor([1.0, 1.0, 1.0])), f.entropy(), f.mean, f.variance)
h = D.Exponential(torch.tensor([[2.0]], dtype=torch.float64))
print(h, h.sample((3,)), h.rsample().dtype)
print(D.Exponential(3))
rate = torch.tensor([0.5, 4.0], requires_grad=True)
g = D.Exponential(rate)
r = g.rsample()
print(r, r.requires_grad)
r.sum().backward()
print(rate.grad)
print(g.log_prob(torch.tensor([1.0, 2.0])), g.entropy())
for bad in [0.0, -1.0]:
    try:
        D.Exponential(bad)
    except ValueError as err:
        print("ValueError", err)
try:
    e.log_prob(torch.tensor([-1.0, 1.0]))
except ValueError as err:
    print("ValueError", err)
try:
    f.log_prob(torch.tensor([1.0, 2.0]))
except ValueError as err:
    print("ValueError", err)
print(D.Exponential(1.0, validate_args=False).log_prob(torch.tensor(-1.0)))
