# Bernoulli: probs= and logits=, the lazily computed other parameter (and how it prints once
# computed), seeded samples, log_prob of data, entropy, moments, mode, enumerate_support, errors.
import torch
import torch.distributions as D

torch.manual_seed(3)
b = D.Bernoulli(0.3)
print(b)
print(b.batch_shape, b.event_shape, b.has_rsample, b.has_enumerate_support, b.support, b.param_shape)
print(b.sample(), b.sample((6,)), b.sample([2, 3]))
print(b)
print(b.mean, b.variance, b.mode)
print(b.log_prob(torch.tensor([0.0, 1.0, 1.0])))
print(b)
print(b.entropy(), b.logits, b.probs)
b2 = D.Bernoulli(torch.tensor([0.1, 0.5, 0.9]))
print(b2, b2.sample(), b2.sample((4,)))
print(b2.mode, b2.enumerate_support(), b2.enumerate_support(False))
b3 = D.Bernoulli(logits=torch.tensor([0.2, -1.0]))
print(b3)
print(b3.probs)
print(b3, b3.sample((3,)), b3.log_prob(torch.tensor([1.0, 0.0])), b3.entropy())
b4 = D.Bernoulli(logits=2.0)
print(b4, b4.sample(), b4.probs, b4)
b5 = D.Bernoulli(torch.tensor([[0.2, 0.7], [1.0, 0.0]]))
print(b5, b5.sample(), b5.entropy(), b5.log_prob(torch.tensor([[1.0, 1.0], [1.0, 0.0]])))
print(D.Bernoulli(torch.tensor([0.25])), D.Bernoulli(torch.tensor(0.5, dtype=torch.float64)).sample((2,)))
# log_prob of data, with gradient to logits
logits = torch.tensor([0.5, -0.5, 1.5], requires_grad=True)
data = torch.tensor([[1.0, 0.0, 1.0], [0.0, 0.0, 1.0], [1.0, 1.0, 1.0]])
lp = D.Bernoulli(logits=logits).log_prob(data)
print(lp)
(-lp.sum()).backward()
print(logits.grad)
probs = torch.tensor([0.2, 0.8], requires_grad=True)
bp = D.Bernoulli(probs)
print(bp.logits)
print(bp)
bp.log_prob(torch.tensor([1.0, 0.0])).sum().backward()
print(probs.grad)
# errors
try:
    D.Bernoulli()
except ValueError as e:
    print("ValueError", e)
try:
    D.Bernoulli(0.5, 0.0)
except ValueError as e:
    print("ValueError", e)
for p in [1.5, -0.1]:
    try:
        D.Bernoulli(p)
    except ValueError as e:
        print("ValueError", e)
try:
    D.Bernoulli(torch.tensor([0.5, 2.0]))
except ValueError as e:
    print("ValueError", e)
try:
    D.Bernoulli(logits=torch.tensor([0.0, float('nan')]))
except ValueError as e:
    print("ValueError", e)
try:
    b2.log_prob(torch.tensor([0.5, 1.0, 0.0]))
except ValueError as e:
    print("ValueError", e)
print(D.Bernoulli(0.3, validate_args=False).log_prob(torch.tensor(0.5)))
