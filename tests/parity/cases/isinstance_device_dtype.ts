# torch.device and torch.dtype as annotations and in isinstance, alone, in tuples and through Any.
import torch
from typing import Any, List
def f(d: torch.device, t: torch.dtype) -> str:
    return str(d) + str(t)
print(f(torch.device("cpu"), torch.float32))
print(isinstance(torch.float32, torch.dtype), isinstance(3, torch.dtype), isinstance(torch.zeros(1), torch.Tensor))
x: List[Any] = [torch.device("cpu"), 3, torch.float32]
print([isinstance(v, torch.device) for v in x])
print([isinstance(v, torch.dtype) for v in x], [isinstance(v, int) for v in x])
def g(d: Any) -> None:
    if isinstance(d, torch.device):
        print("device of type", d.type)
    else:
        print("not a device")
g(torch.device("cpu"))
g("cpu")
