import torch as T
x = T.ones(2)
print(x.sum(), T.float32)
# expect: tensor(2.) torch.float32
