# torch.utils.data.distributed (PyTorch 1.13's distributed.py): DistributedSampler, which gives
# each of num_replicas processes its own share of a dataset's indices.
import math
import torch
import torch.distributed as dist
from typing import Any, List, Optional
from torch.utils.data.sampler import Sampler, IndexIterator, _ListIterator


class DistributedSampler(Sampler):
    def __init__(self, dataset: Any, num_replicas: Optional[int] = None, rank: Optional[int] = None,
                 shuffle: bool = True, seed: int = 0, drop_last: bool = False):
        # Unset: the default process group's (an error when there is none, as in PyTorch).
        nr: int = dist.get_world_size() if num_replicas is None else num_replicas
        r: int = dist.get_rank() if rank is None else rank
        if r >= nr or r < 0:
            raise ValueError("Invalid rank {}, rank should be in the interval [0, {}]".format(r, nr - 1))
        self.dataset = dataset
        self.num_replicas = nr
        self.rank = r
        self.epoch = 0
        self.drop_last = drop_last
        n = len(dataset)
        if drop_last and n % nr != 0:
            self.num_samples = math.ceil((n - nr) / nr)
        else:
            self.num_samples = math.ceil(n / nr)
        self.total_size = self.num_samples * nr
        self.shuffle = shuffle
        self.seed = seed

    def __iter__(self) -> IndexIterator:
        n = len(self.dataset)
        indices: List[int] = []
        if self.shuffle:
            g = torch.Generator()
            g.manual_seed(self.seed + self.epoch)
            indices = torch.randperm(n, generator=g).tolist()
        else:
            indices = list(range(n))
        if not self.drop_last:
            padding_size = self.total_size - len(indices)
            if padding_size <= len(indices):
                indices += indices[:padding_size]
            else:
                indices += (indices * math.ceil(padding_size / len(indices)))[:padding_size]
        else:
            indices = indices[:self.total_size]
        return _ListIterator(indices[self.rank:self.total_size:self.num_replicas])

    def __len__(self) -> int:
        return self.num_samples

    def set_epoch(self, epoch: int) -> None:
        self.epoch = epoch
