import torch
x = torch.rnadn(3)
# expect error: 2:11 module `torch` has no attribute `rnadn`
# expect hint: did you mean `torch.randn`?
