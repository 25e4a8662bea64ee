# A parameter that gets no gradient without find_unused_parameters: the reduction cannot finish,
# and the next forward raises on every rank, telling the user about find_unused_parameters.
# world: 2
import torch
import torch.nn as nn
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

dist.init_process_group("gloo")


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.used = nn.Linear(3, 2)
        self.unused = nn.Linear(3, 2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.used(x)


torch.manual_seed(0)
model = DDP(Net())
model(torch.ones(2, 3)).sum().backward()
print("first backward done")
try:
    model(torch.ones(2, 3))
    print("not reached")
except RuntimeError as e:
    print("raised", "find_unused_parameters=True" in str(e))
