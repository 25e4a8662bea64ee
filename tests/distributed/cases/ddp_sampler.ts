# DistributedSampler + DataLoader + DistributedDataParallel for two epochs with set_epoch: each
# rank's indices per epoch and the final weights, as PyTorch's.
# world: 2 3
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler

dist.init_process_group("gloo")
rank = dist.get_rank()
torch.manual_seed(0)
X = torch.randn(22, 4)
Y = (X.sum(1, keepdim=True) > 0).float()
idx = torch.arange(22)
data = TensorDataset(X, Y, idx)
sampler = DistributedSampler(data, shuffle=True, seed=5)
loader = DataLoader(data, batch_size=3, sampler=sampler)
model = DDP(nn.Sequential(nn.Linear(4, 6), nn.ReLU(), nn.Linear(6, 1)))
opt = torch.optim.SGD(model.parameters(), lr=0.2)
for epoch in range(2):
    sampler.set_epoch(epoch)
    seen = []
    for x, y, i in loader:
        seen = seen + i.tolist()
        opt.zero_grad()
        F.binary_cross_entropy_with_logits(model(x), y).backward()
        opt.step()
    print("epoch", epoch, "rank", rank, seen)
for name, p in model.module.named_parameters():
    print(name, [round(v, 5) for v in p.flatten().tolist()[:6]])
