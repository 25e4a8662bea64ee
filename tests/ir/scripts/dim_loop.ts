# The seeds' fn: the trip count x.dim() is only known at run time, so the loop stays.
import torch


def fn(x):
    for i in range(x.dim()):
        x = x * x
    return x


torch.manual_seed(0)
print(fn(torch.randn(5, 5)))
# CHECK: def __torch__.fn
# CHECK: aten::dim(%x.1)
# CHECK: prim::Loop
# CHECK: aten::mul
# CHECK: return
