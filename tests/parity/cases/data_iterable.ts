# IterableDataset through the DataLoader: batching, drop_last, len, ChainDataset, and sharding
# with get_worker_info() over 0, 1, 2 and 3 workers (every sample exactly once, in PyTorch's
# order: worker batches taken round robin).
import math
import torch
from torch.utils.data import IterableDataset, ChainDataset, DataLoader, get_worker_info
from typing import Any, List


class RangeIter:
    def __init__(self, start: int, end: int, step: int):
        self.cur = start
        self.end = end
        self.step = step

    def __iter__(self) -> "RangeIter":
        return self

    def __next__(self) -> Any:
        if self.cur >= self.end:
            raise StopIteration
        self.cur += self.step
        return self.cur - self.step


class Numbers(IterableDataset):
    def __init__(self, start: int, end: int):
        self.start = start
        self.end = end

    def __iter__(self) -> Any:
        info = get_worker_info()
        if info is None:
            return RangeIter(self.start, self.end, 1)
        # worker k takes every num_workers-th sample starting at start + k
        return RangeIter(self.start + info.id, self.end, info.num_workers)

    def __len__(self) -> int:
        return self.end - self.start


ds = Numbers(3, 20)
for nw in [0, 1, 2, 3]:
    got: List[int] = []
    batches: List[List[int]] = []
    for b in DataLoader(ds, batch_size=4, num_workers=nw):
        got += b.tolist()
        batches.append(b.tolist())
    print(nw, batches, sorted(got) == list(range(3, 20)))
print([b.tolist() for b in DataLoader(ds, batch_size=5, drop_last=True)], len(DataLoader(ds, batch_size=5, drop_last=True)))
print(len(DataLoader(ds, batch_size=5)), len(DataLoader(ds, batch_size=None)))
print([b for b in DataLoader(Numbers(0, 4), batch_size=None)])
print([b for b in DataLoader(Numbers(0, 5), batch_size=None, num_workers=2)])
print([b.tolist() for b in DataLoader(ChainDataset([Numbers(0, 3), Numbers(10, 12)]), batch_size=2)])
print(len(ChainDataset([Numbers(0, 3), Numbers(10, 12)])))
try:
    DataLoader(ds, shuffle=True)
except ValueError as e:
    print("ValueError:", e)


class Noisy(IterableDataset):
    def __iter__(self) -> Any:
        info = get_worker_info()
        wid = 0 if info is None else info.id
        return RangeIter(wid * 100, wid * 100 + 3, 1)



torch.manual_seed(5)
for nw in [1, 2]:
    print([(b, torch.randint(0, 1000, (1,)).item()) for b in DataLoader(Noisy(), batch_size=None, num_workers=nw)])


class RandomNumbers(IterableDataset):
    def __iter__(self) -> Any:
        return RangeIter(0, 3, 1)


def add_noise(batch: List[Any]) -> Any:
    return [(v, torch.randint(0, 1000, (1,)).item()) for v in batch]


torch.manual_seed(9)
for nw in [1, 2]:
    print([b for b in DataLoader(RandomNumbers(), batch_size=2, num_workers=nw, collate_fn=add_noise)])
