# kl_divergence: the closed forms for the pairs here, infinite pairs, batches, gradients, and the
# NotImplementedError of pairs without one.
import torch
import torch.distributions as D

p = D.Normal(torch.tensor([0.0, 1.0]), torch.tensor([1.0, 0.5]))
q = D.Normal(0.5, 2.0)
print(D.kl_divergence(p, q), D.kl_divergence(q, p), D.kl_divergence(p, p))
print(D.kl_divergence(D.Normal(0.0, 1.0), D.Normal(1.0, 2.0)))
print(D.kl_divergence(D.Bernoulli(0.3), D.Bernoulli(torch.tensor([0.6, 0.0, 1.0, 0.3]))))
print(D.kl_divergence(D.Bernoulli(torch.tensor([0.0, 1.0, 0.5])), D.Bernoulli(logits=torch.tensor([0.0, 2.0, -1.0]))))
c = D.Categorical(torch.tensor([0.1, 0.2, 0.7]))
print(D.kl_divergence(c, D.Categorical(logits=torch.tensor([[0.0, 0.0, 0.0], [1.0, 2.0, 3.0]]))))
print(D.kl_divergence(D.Categorical(torch.tensor([0.5, 0.5, 0.0])), D.Categorical(torch.tensor([0.0, 0.5, 0.5]))))
print(D.kl_divergence(D.Categorical(torch.tensor([0.0, 0.5, 0.5])), D.Categorical(torch.tensor([0.2, 0.4, 0.4]))))
print(D.kl_divergence(D.Exponential(torch.tensor([1.0, 2.0])), D.Exponential(3.0)))
u = D.Uniform(0.0, 2.0)
print(D.kl_divergence(u, D.Uniform(-1.0, 3.0)), D.kl_divergence(u, D.Uniform(torch.tensor([0.5, -1.0]), torch.tensor([3.0, 1.0]))))
print(D.kl_divergence(u, D.Normal(0.0, 1.0)), D.kl_divergence(D.Normal(torch.zeros(2), 1.0), u))
e = D.Exponential(torch.tensor([1.0, 2.0]))
print(D.kl_divergence(e, D.Normal(0.0, 1.0)), D.kl_divergence(u, e), D.kl_divergence(D.Uniform(-1.0, 1.0), e))
print(D.kl_divergence(e, u), D.kl_divergence(D.Normal(0.0, 1.0), e))
mu = torch.tensor([0.3, -0.2], requires_grad=True)
sd = torch.tensor([0.8, 1.5], requires_grad=True)
kl = D.kl_divergence(D.Normal(mu, sd), D.Normal(0.0, 1.0))
print(kl)
kl.sum().backward()
print(mu.grad, sd.grad)
pairs = [(D.Normal(0.0, 1.0), D.Bernoulli(0.3)), (D.Bernoulli(0.3), e), (u, D.Bernoulli(0.3)),
         (c, D.Normal(0.0, 1.0)), (D.Normal(0.0, 1.0), c), (D.Bernoulli(0.5), c)]
for a, b in pairs:
    try:
        D.kl_divergence(a, b)
    except NotImplementedError as err:
        print("NotImplementedError", err)
try:
    D.kl_divergence(D.Normal(torch.zeros(2), 1.0), D.Normal(torch.zeros(3), 1.0))
except RuntimeError as err:
    print("RuntimeError", err)
