# The seeds' my_function: data-dependent control flow stays a prim::If (tracing would lose it).
import torch


def my_function(x):
    if x.mean() > 1.0:
        r = torch.tensor(1.0)
    else:
        r = torch.tensor(2.0)
    return r


print(my_function(torch.ones(2, 2)), my_function(torch.ones(2, 2) * 2))
# CHECK: def __torch__.my_function
# CHECK: aten::mean(%x.1
# CHECK: aten::gt
# CHECK: prim::If
# CHECK: block0():
# CHECK: aten::tensor
# CHECK: block1():
# CHECK: aten::tensor
