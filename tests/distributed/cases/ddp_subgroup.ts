# DistributedDataParallel over a new_group of some ranks: only they average their gradients;
# the others train alone.
# world: 3 4
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

dist.init_process_group("gloo")
rank = dist.get_rank()
world = dist.get_world_size()
members = [1, 2]
sub = dist.new_group(members)
torch.manual_seed(3 + rank)
net = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 2))
model = DDP(net, process_group=sub) if rank in members else None
opt = torch.optim.SGD(net.parameters(), lr=0.1)
for step in range(4):
    x = torch.randn(3, 4)
    opt.zero_grad()
    out = net(x) if model is None else model(x)
    F.mse_loss(out, torch.ones(3, 2)).backward()
    opt.step()
print("rank", rank, [round(p.sum().item(), 5) for p in net.parameters()])
dist.barrier()
