# torch.initial_seed() is the seed torch.manual_seed set; torch.seed() reseeds and returns it.
import torch
torch.manual_seed(42)
print(torch.initial_seed())
s = torch.seed()
print(s == torch.initial_seed(), s >= 0)
torch.manual_seed(7)
print(torch.initial_seed(), torch.rand(1))
# expect: 42
# expect: True True
# expect: 7 tensor([0.5349])
