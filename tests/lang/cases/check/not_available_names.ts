# A PyTorch name Ts lacks is one message, "not available in tsrun yet" (never a did-you-mean to
# a different function: torch.hub is not torch.sub); a name PyTorch does not have either is a
# missing attribute with the nearest existing name.
# expect error: 13:11 `torch.hub` is not available in tsrun yet
# expect error: 14:11 module `torch` has no attribute `relux`
# expect hint: did you mean `torch.relu`?
# expect error: 15:8 module `torch.nn` has no attribute `Linearr`
# expect hint: did you mean `torch.nn.Linear`?
# expect error: 16:8 `torch.nn.Transformer` is not available in tsrun yet
# expect error: 17:19 `torch.special.zeta` is not available in tsrun yet
import torch
import torch.nn as nn
x = torch.hub.load("a", "b")
y = torch.relux(torch.ones(2))
m = nn.Linearr(4, 2)
t = nn.Transformer(4, 2)
z = torch.special.zeta(torch.ones(2), 2.0)
