# An Optional value used as its non-None type without a check: a warning, and the script runs;
# where it is None, CPython's own error is raised at the use (Note [Optional used directly]).
import torch
import torch.nn as nn
from typing import Dict, List, Optional

torch.manual_seed(0)
m = nn.Linear(3, 2)
nn.init.zeros_(m.bias)
print(m.bias.shape, m.bias.sum().item())
x = torch.ones(4, 3, requires_grad=True)
m(x).sum().backward()
print(x.grad.shape, x.grad.sum().item(), torch.relu(x.grad).sum().item())
d: Dict[str, List[int]] = {"a": [1, 2]}
for v in d.get("a"):
    print(v)
print(d.get("a")[1], 2 * x.grad.sum().item())
y = torch.zeros(3)
print(y.grad)
try:
    print(y.grad.shape)
except AttributeError as e:
    print("AttributeError:", e)
try:
    for v in d.get("b"):
        print(v)
except TypeError as e:
    print("TypeError:", e)
try:
    print(d.get("b")[0])
except TypeError as e:
    print("TypeError:", e)
try:
    print(torch.relu(y.grad))
except TypeError as e:
    print("TypeError:", e)
try:
    print(torch.add(y, other=y.grad))
except TypeError as e:
    print("TypeError:", e)
try:
    print(y * y.grad)
except TypeError as e:
    print("TypeError:", e)
try:
    print(y.grad + 1)
except TypeError as e:
    print("TypeError:", e)
# expect warning: 9:16 `m.bias` may be None here
# expect warning: 10:7 `m.bias` may be None here
# expect warning: 10:21 `m.bias` may be None here
# expect warning: 13:7 `x.grad` may be None here
# expect warning: 13:21 `x.grad` may be None here
# expect warning: 13:53 `x.grad` may be None here
# expect warning: 15:10 `d.get(...)` may be None here
# expect warning: 17:7 `d.get(...)` may be None here
# expect warning: 17:26 `x.grad` may be None here
# expect warning: 21:11 `y.grad` may be None here
# expect warning: 25:14 `d.get(...)` may be None here
# expect warning: 30:11 `d.get(...)` may be None here
# expect warning: 34:22 `y.grad` may be None here
# expect warning: 38:30 `y.grad` may be None here
# expect warning: 42:15 `y.grad` may be None here
# expect warning: 46:11 `y.grad` may be None here
