import torch
x = torch.ones(2)
y = x.sume()
# expect error: 3:7 Tensor has no attribute or method `sume`
# expect hint: did you mean `sum`?
