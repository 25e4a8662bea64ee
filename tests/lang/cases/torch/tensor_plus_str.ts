import torch
x = torch.ones(2)
y = x + "a"
# expect error: 3:5 unsupported operand types for +: Tensor and str
