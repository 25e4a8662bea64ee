# torch.utils.data.distributed.DistributedSampler: the indices of every rank as PyTorch 1.13
# gives them (randperm of a generator seeded with seed + epoch, padding by repetition, drop_last
# trimming, every num_replicas-th index), with a DataLoader, and its errors.
import torch
import torch.utils.data
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler
from typing import List

for n in [0, 1, 3, 5, 7, 10, 13]:
    ds = TensorDataset(torch.arange(n))
    for replicas in [1, 2, 3, 4]:
        for shuffle in [False, True]:
            for drop_last in [False, True]:
                for seed in [0, 5]:
                    if seed != 0 and not shuffle:
                        continue
                    for epoch in [0, 3]:
                        if epoch != 0 and not shuffle:
                            continue
                        shares: List[List[int]] = []
                        lens: List[int] = []
                        for rank in range(replicas):
                            s = DistributedSampler(ds, num_replicas=replicas, rank=rank, shuffle=shuffle, seed=seed,
                                                   drop_last=drop_last)
                            s.set_epoch(epoch)
                            shares.append([i for i in s])
                            lens.append(len(s))
                        print(n, replicas, shuffle, drop_last, seed, epoch, lens, shares)

# set_epoch changes the order; the same epoch gives the same order again.
ds = TensorDataset(torch.arange(100, 120))
s = torch.utils.data.DistributedSampler(ds, num_replicas=3, rank=1, seed=42)
first = [i for i in s]
s.set_epoch(1)
second = [i for i in s]
s.set_epoch(0)
print(first, second, first == [i for i in s], s.epoch, s.num_samples, s.total_size)

# With a DataLoader: each rank's batches, over two epochs; the default generator is untouched.
torch.manual_seed(0)
for rank in range(2):
    sampler = DistributedSampler(ds, num_replicas=2, rank=rank, shuffle=True, seed=1, drop_last=True)
    loader = DataLoader(ds, batch_size=4, sampler=sampler)
    for epoch in range(2):
        sampler.set_epoch(epoch)
        print(rank, epoch, len(loader), [b[0].tolist() for b in loader])
print(torch.rand(2))
loader = DataLoader(ds, batch_size=3, sampler=DistributedSampler(ds, num_replicas=4, rank=3, shuffle=False))
print(len(loader), [b[0].tolist() for b in loader])

for replicas, rank in [(2, 2), (2, -1), (1, 5), (0, 0), (-2, 0)]:
    try:
        DistributedSampler(ds, num_replicas=replicas, rank=rank)
    except ValueError as e:
        print("ValueError:", e)
try:
    DistributedSampler(ds, num_replicas=2)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    DistributedSampler(ds, rank=0)
except RuntimeError as e:
    print("RuntimeError:", e)
DistributedSampler(ds)
