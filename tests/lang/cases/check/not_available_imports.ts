# Importing a PyTorch module Ts lacks names it the same way; a module PyTorch does not have is
# not found, with the nearest PyTorch module.
# expect error: 6:8 `torch.hub` is not available in tsrun yet
# expect error: 7:19 `torch.onnx` is not available in tsrun yet
# expect error: 8:8 no module named `torch.nnn`
import torch.hub
from torch import onnx
import torch.nnn
