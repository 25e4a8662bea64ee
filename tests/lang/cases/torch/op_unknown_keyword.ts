import torch
x = torch.randn(2, 3, dtyp=torch.float32)
# expect error: 2:5 torch.randn() got an unexpected keyword argument `dtyp`
# expect hint: randn(int[] size
