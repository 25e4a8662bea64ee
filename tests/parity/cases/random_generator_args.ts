# A torch.Generator passed to random ops (generator=g) draws from its own stream, as PyTorch's:
# the default generator's stream is untouched.
import torch
torch.manual_seed(0)
g = torch.Generator()
g.manual_seed(3)
print(torch.randperm(5, generator=g))
print(torch.rand(2, generator=g), torch.randn(2, generator=g), torch.randint(0, 10, (3,), generator=g))
print(torch.randint(3, (2, 2), generator=g), torch.rand(2))
x = torch.empty(3)
x.uniform_(0, 1, generator=g)
y = torch.empty(2)
y.normal_(0.0, 2.0, generator=g)
print(x, y, torch.bernoulli(torch.full((4,), 0.5), generator=g))
z = torch.empty(4)
z.random_(0, 100, generator=g)
print(z, torch.rand(2))
