# DistributedDataParallel.load_state_dict also takes the bare module's state_dict (without the
# "module." prefix); a documented extension: PyTorch reports missing and unexpected keys.
# ts-only: PyTorch's DDP rejects a state_dict without the "module." prefix
# world: 2
# expect rank 1: keys ['module.0.weight', 'module.0.bias', 'module.2.weight', 'module.2.bias']
# expect rank 1: <All keys matched successfully>
# expect rank 1: same True
import torch
import torch.nn as nn
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

dist.init_process_group("gloo")
torch.manual_seed(1)
bare = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
torch.manual_seed(2)
model = DDP(nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2)))
print("keys", list(model.state_dict().keys()))
print(model.load_state_dict(bare.state_dict()))
same = True
for p, q in zip(model.module.parameters(), bare.parameters()):
    same = same and torch.equal(p, q)
print("same", same)
