# torch.Size() takes one sequence of ints; numel() takes no arguments.
import torch

a = torch.Size([1, 2.5])
b = torch.Size([1], [2])
c = torch.Size([2]).numel(1)
# expect error: 4:16 `torch.Size()` takes a list or tuple of ints, not List[float]
# expect error: 5:5 `torch.Size()` takes 0 to 1 argument, got 2
# expect error: 6:5 `Size.numel()` takes 0 arguments, got 1
