# Categorical.sample() with one draw: torch.multinomial(probs_2d, 1, True).T. Fails under tsrun
# until its multinomial with replacement and n_sample == 1 draws as PyTorch 1.13 does (see the
# report): tsrun takes the Gumbel-max fast path there, which PyTorch 1.13 takes only without
# replacement.
import torch
import torch.distributions as D

torch.manual_seed(5)
c = D.Categorical(torch.tensor([0.1, 0.2, 0.3, 0.4]))
print(c.sample(), c.sample((1,)), c.sample())
c2 = D.Categorical(logits=torch.tensor([[1.0, 2.0, 3.0], [0.0, 0.0, 0.0]]))
print(c2.sample(), c2.sample((1,)))
print(torch.rand(2))
