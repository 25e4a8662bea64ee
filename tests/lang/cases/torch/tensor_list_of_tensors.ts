import torch
from typing import List
ts: List[torch.Tensor] = []
for i in range(3):
    ts.append(torch.full((2,), float(i)))
print(len(ts), torch.stack(ts).sum(0))
# expect: 3 tensor([3., 3.])
