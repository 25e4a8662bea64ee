# Tensor.data_ptr(): views share their base's address (offset by the element size), a clone
# has its own, an empty tensor has none.
import torch

x = torch.arange(12, dtype=torch.float32).reshape(3, 4)
print(x.data_ptr() != 0, x.view(-1).data_ptr() == x.data_ptr(), x.t().data_ptr() == x.data_ptr())
print(x[1].data_ptr() - x.data_ptr(), x[:, 2].data_ptr() - x.data_ptr())
print(x.clone().data_ptr() == x.data_ptr(), torch.empty(0).data_ptr())
# expect: True True True
# expect: 16 8
# expect: False 0
