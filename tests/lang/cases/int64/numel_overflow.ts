# A shape whose element count does not fit 64 bits is PyTorch's RuntimeError on every path.
import torch

try:
    print(torch.zeros(1).expand(4611686018427387904, 4).numel())
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    print(torch.zeros(1, 1).expand(4611686018427387904, 4611686018427387904).shape)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    print(torch.empty(4611686018427387904, 4611686018427387904).shape)
except RuntimeError as e:
    print("RuntimeError:", e)
print(torch.zeros(1).expand(0, 4611686018427387904).numel())
# expect: RuntimeError: numel: integer multiplication overflow
# expect: RuntimeError: numel: integer multiplication overflow
# expect: RuntimeError: Storage size calculation overflowed with sizes=[4611686018427387904, 4611686018427387904]
# expect: 0
