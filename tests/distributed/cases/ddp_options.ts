# DistributedDataParallel's options: gradient_as_bucket_view=True trains to the same parameters
# as the default (the gradients are views of the buckets); BatchNorm's running statistics follow
# rank 0 with broadcast_buffers (each rank's forward starts from rank 0's buffers); Adam over
# several steps; state_dict keys carry the "module." prefix and load back.
# world: 2 3
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP
from typing import Any

dist.init_process_group("gloo")
rank = dist.get_rank()
world = dist.get_world_size()


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(5, 12, bias=False)  # BatchNorm follows: a bias would get only rounding noise
        self.bn = nn.BatchNorm1d(12)
        self.fc2 = nn.Linear(12, 3)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc2(torch.relu(self.bn(self.fc1(x))))


def train(view: bool, adam: bool) -> DDP:
    torch.manual_seed(7)
    model = DDP(Net(), bucket_cap_mb=0.0005, gradient_as_bucket_view=view)
    opt: torch.optim.Optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.5)
    if adam:
        opt = torch.optim.Adam(model.parameters(), lr=0.01)
    torch.manual_seed(20 + rank)  # each rank its own shard
    for step in range(5):
        x = torch.randn(4, 5) + rank
        y = torch.randint(0, 3, (4,))
        opt.zero_grad()
        F.cross_entropy(model(x), y).backward()
        opt.step()
    return model


plain = train(False, False)
view = train(True, False)
diff = 0.0
for p, q in zip(plain.parameters(), view.parameters()):
    diff = max(diff, (p - q).abs().max().item())
print("bucket view matches", diff < 1e-6)
for name, p in view.module.named_parameters():
    print("view", name, round(p.sum().item(), 5))
# The running statistics: rank 0's before the last forward, updated by this rank's batch.
vm: Any = view.module
print("running_mean", [round(v, 5) for v in vm.bn.running_mean.tolist()[:4]])
print("num_batches_tracked", vm.bn.num_batches_tracked.item())

adam = train(False, True)
for name, p in adam.module.named_parameters():
    print("adam", name, round(p.sum().item(), 5))
g = [p.grad for p in adam.parameters()]
print("grads", [round(t.abs().sum().item(), 5) for t in g if t is not None])

sd = adam.state_dict()
print("keys", list(sd.keys()))
fresh = DDP(Net())
print(fresh.load_state_dict(sd))
same = True
for p, q in zip(fresh.parameters(), adam.parameters()):
    same = same and torch.equal(p, q)
fm: Any = fresh.module
am: Any = adam.module
print("loaded", same, torch.equal(fm.bn.running_var, am.bn.running_var))
dist.destroy_process_group()
