import torch
from typing import Tuple
x = torch.tensor([[1.0, 5.0], [7.0, 2.0]])
r = x.max(1)
v: Tuple[torch.Tensor, torch.Tensor] = r
a, b = r
print(r.values.tolist(), r.indices.tolist(), a.tolist(), v[1].tolist())
print(torch.max(x, 1).values.sum().item(), x.sort(0, True).indices.tolist())
# expect: [5.0, 7.0] [1, 0] [5.0, 7.0] [1, 0]
# expect: 12.0 [[1, 0], [0, 1]]
