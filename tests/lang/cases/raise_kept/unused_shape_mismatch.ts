# An unused add of tensors that do not broadcast still raises RuntimeError at every level (a
# method: not inlined into the caller's `try`).
import torch


class Probe:
    def f(self, a: torch.Tensor, b: torch.Tensor) -> int:
        c = a + b
        return 1


try:
    print(Probe().f(torch.ones(3), torch.ones(4)))
except RuntimeError as e:
    print("RuntimeError:", e)
print(Probe().f(torch.ones(3), torch.ones(1)))
# expect: RuntimeError: The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 0
# expect: 1
