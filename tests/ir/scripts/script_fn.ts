# The seeds' script_fn: the constant-trip loop unrolls into five multiplies.
import torch


def script_fn(x):
    for i in range(5):
        x = x * x
    return x


torch.manual_seed(0)
a = torch.rand(5)
print(script_fn(a))
# CHECK: def __torch__.script_fn
# CHECK: graph(%x.1 : Tensor):
# CHECK: aten::mul(%x.1, %x.1)
# CHECK: aten::mul
# CHECK: aten::mul
# CHECK: aten::mul
# CHECK: aten::mul
# CHECK-NOT: prim::Loop
