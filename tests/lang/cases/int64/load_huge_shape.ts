# torch.load of a tensor whose sizes multiply past 64 bits (huge_shape.pt: sizes (2**62, 2**62),
# strides (0, 0) over a 1-element storage, written with PyTorch) raises PyTorch's RuntimeError
# instead of giving a tensor with numel 0.
import torch

try:
    t = torch.load("huge_shape.pt")
    print(t.numel())
except RuntimeError as e:
    print("RuntimeError:", e)
# expect: RuntimeError: numel: integer multiplication overflow
