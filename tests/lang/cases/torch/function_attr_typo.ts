import torch
x = torch.zeroes(2)
# expect error: 2:11 module `torch` has no attribute `zeroes`
# expect hint: did you mean `torch.zeros`?
