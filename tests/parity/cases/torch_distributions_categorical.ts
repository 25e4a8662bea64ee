# Categorical: probs= (normalized) and logits= (normalized), lazily computed other parameter,
# seeded samples of several draws, log_prob, entropy, mean/variance (nan), mode,
# enumerate_support, batches, errors. (One draw, `sample()`, is tests/categorical_sample1.ts.)
import torch
import torch.distributions as D

torch.manual_seed(4)
c = D.Categorical(torch.tensor([0.1, 0.2, 0.3, 0.4]))
print(c)
print(c.batch_shape, c.event_shape, c.has_rsample, c.has_enumerate_support, c.support, c.param_shape)
print(c.sample((5,)), c.sample([2, 3]), c.sample(torch.Size([2])))
print(c.probs, c.mean, c.variance, c.mode)
print(c.log_prob(torch.tensor([0, 3, 2])))
print(c)
print(c.entropy(), c.logits, c.enumerate_support())
c2 = D.Categorical(torch.tensor([1.0, 1.0, 2.0]))
print(c2.probs, c2.sample((8,)))
c3 = D.Categorical(logits=torch.tensor([[1.0, 2.0, 3.0], [0.0, 0.0, 0.0]]))
print(c3)
print(c3.logits)
print(c3.probs)
print(c3, c3.batch_shape, c3.param_shape)
s = c3.sample((2, 3))
print(s, s.shape, s.dtype)
print(c3.log_prob(torch.tensor([2, 0])), c3.log_prob(torch.tensor([[0], [1], [2]])))
print(c3.entropy(), c3.mode, c3.mean, c3.enumerate_support(), c3.enumerate_support(expand=False))
c4 = D.Categorical(torch.tensor([0.5, 0.5, 0.0]))
print(c4.entropy(), c4.logits, c4.sample((6,)))
print(D.Categorical(logits=torch.tensor([0.0, -float('inf'), 1.0])).entropy())
c5 = D.Categorical(torch.tensor([[[0.2, 0.8]], [[0.6, 0.4]]], dtype=torch.float64))
print(c5, c5.batch_shape, c5.sample((2,)), c5.mean.dtype)
# gradients of log_prob through logits (a REINFORCE term)
logits = torch.tensor([0.1, 0.2, -0.3], requires_grad=True)
d = D.Categorical(logits=logits)
a = torch.tensor([2, 0, 1, 1])
lp = d.log_prob(a)
print(lp)
(-lp.sum()).backward()
print(logits.grad)
print(d.entropy())
# errors
try:
    D.Categorical()
except ValueError as e:
    print("ValueError", e)
try:
    D.Categorical(torch.tensor(0.5))
except ValueError as e:
    print("ValueError", e)
try:
    D.Categorical(logits=torch.tensor(0.5))
except ValueError as e:
    print("ValueError", e)
try:
    D.Categorical(torch.tensor([0.5, -0.5, 1.0]))
except ValueError as e:
    print("ValueError", e)
try:
    D.Categorical(logits=torch.tensor([0.5, float('nan')]))
except ValueError as e:
    print("ValueError", e)
try:
    c.log_prob(torch.tensor([4]))
except ValueError as e:
    print("ValueError", e)
try:
    c.log_prob(torch.tensor([1.5]))
except ValueError as e:
    print("ValueError", e)
try:
    c3.log_prob(torch.tensor([0, 1, 2]))
except ValueError as e:
    print("ValueError", e)
try:
    c.sample((0,))
except RuntimeError as e:
    print("RuntimeError", e)
