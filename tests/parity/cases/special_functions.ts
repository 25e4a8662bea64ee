# torch.special in a small probabilistic model: entropy of softmax outputs through entr, a
# logistic curve through expit/logit, log-gamma terms of a Poisson likelihood, Bessel terms of
# a von Mises density, and their gradients; out= and the errors PyTorch gives.
import torch
import torch.special
from torch.special import expit, gammaln


logits = torch.tensor([[2.0, 0.5, -1.0], [0.3, -0.2, 1.1]], requires_grad=True)
probs = torch.special.softmax(logits, 1)
entropy = torch.special.entr(probs).sum(1)
print("entropy", entropy)
entropy.sum().backward()
print("d entropy / d logits", logits.grad)
print("node", torch.special.entr(probs).grad_fn.name())

t = torch.linspace(-3.0, 3.0, 7)
p = expit(t)
print("expit", p)
print("logit(expit)", torch.special.logit(p, eps=1e-6))
print("log_softmax", torch.special.log_softmax(torch.tensor([1.0, 2.0, 3.0]), 0))
print("logsumexp", torch.special.logsumexp(torch.tensor([[1.0, 2.0], [3.0, 4.0]]), 1, keepdim=True))

# Poisson log-likelihood of counts k under rate lam: k log lam - lam - log k!
k = torch.tensor([0.0, 1.0, 3.0, 7.0])
lam = torch.tensor(2.5, requires_grad=True)
ll = (torch.special.xlogy(k, lam) - lam - gammaln(k + 1)).sum()
ll.backward()
print("poisson ll", round(ll.item(), 5), "d/d lam", round(lam.grad.item(), 5))
print("psi", torch.special.psi(torch.tensor([1.0, 2.5])), "digamma", torch.special.digamma(torch.tensor([4.0])))
print("polygamma", torch.special.polygamma(2, torch.tensor([1.5, 3.0])))

# von Mises normaliser 2 pi I0(kappa), and I1 / I0 (the mean resultant length)
kappa = torch.tensor([0.5, 1.0, 4.0], dtype=torch.float64)
print("I0", torch.special.i0(kappa), "I1/I0", torch.special.i1(kappa) / torch.special.i0(kappa))
print("erf family", torch.special.erf(torch.tensor([0.5])), torch.special.erfc(torch.tensor([0.5])),
      torch.special.erfinv(torch.tensor([0.5])))
print("exp family", torch.special.exp2(torch.tensor([3.0])), torch.special.expm1(torch.tensor([1e-4])),
      torch.special.log1p(torch.tensor([1e-4])))
print("sinc", torch.special.sinc(torch.tensor([0.0, 0.5, 1.0])), "round", torch.special.round(torch.tensor([2.5, -0.5])))
print("entr edges", torch.special.entr(torch.tensor([0.0, 1.0, -1.0, float("inf"), float("nan")])))
print("entr ints", torch.special.entr(torch.tensor([1, 2, 3])))

out = torch.empty(0)
torch.special.entr(torch.tensor([0.25, 0.5]), out=out)
print("out", out)
out2 = torch.empty(0)
torch.special.expit(torch.tensor([0.0]), out=out2)
print("out expit", out2)
try:
    torch.special.entr(torch.tensor([0.5]), out=torch.empty(1, dtype=torch.int64))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.special.entr(torch.tensor([0.5], dtype=torch.float16))
except RuntimeError as e:
    print("RuntimeError:", e)
