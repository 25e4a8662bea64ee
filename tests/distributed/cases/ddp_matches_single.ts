# DistributedDataParallel: N ranks training on N shards end with the same parameters as one
# process training on the whole batch, with several buckets, an unused layer
# (find_unused_parameters) and gradient accumulation under no_sync(); PyTorch's DDP prints the same.
# world: 2 4
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

dist.init_process_group("gloo")
rank = dist.get_rank()
world = dist.get_world_size()


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(6, 32)
        self.fc2 = nn.Linear(32, 16)
        self.fc3 = nn.Linear(16, 3)
        self.unused = nn.Linear(4, 4)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc3(torch.relu(self.fc2(torch.relu(self.fc1(x)))))


def make() -> Net:
    torch.manual_seed(1)
    return Net()


torch.manual_seed(100 + rank)  # each rank's own stream: DDP must still start from rank 0's weights
model = DDP(make() if rank == 0 else Net(), bucket_cap_mb=0.001, find_unused_parameters=True)
ref = make()
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
opt_ref = torch.optim.SGD(ref.parameters(), lr=0.1, momentum=0.9)
torch.manual_seed(2)
n = 4
X = torch.randn(6, world * n, 6)
Y = torch.randint(0, 3, (6, world * n))
lo = rank * n
for step in range(6):
    opt.zero_grad()
    opt_ref.zero_grad()
    if step % 3 == 2:
        # two micro-batches accumulated locally, then one synchronized backward
        with model.no_sync():
            F.cross_entropy(model(X[step - 1][lo:lo + n]), Y[step - 1][lo:lo + n]).backward()
        F.cross_entropy(ref(X[step - 1]), Y[step - 1]).backward()
    loss = F.cross_entropy(model(X[step][lo:lo + n]), Y[step][lo:lo + n])
    loss.backward()
    F.cross_entropy(ref(X[step]), Y[step]).backward()
    opt.step()
    opt_ref.step()
diff = 0.0
for (name, p), q in zip(model.module.named_parameters(), ref.parameters()):
    diff = max(diff, (p - q).abs().max().item())
print("match", diff < 1e-5)
for name, p in model.module.named_parameters():
    print(name, round(p.sum().item(), 4), p.grad is None)
keys = list(model.state_dict().keys())
print(keys[0], len(keys))
