# DataLoader: batches, shuffle under manual_seed (and the default generator's state after
# each epoch), drop_last, batch_size=None, collate_fn, sampler, batch_sampler, generator, len.
import torch
from torch.utils.data import (Dataset, TensorDataset, DataLoader, SequentialSampler, RandomSampler, BatchSampler,
                              SubsetRandomSampler)
from typing import Any, Dict, List


class Pairs(Dataset):
    def __init__(self, n: int):
        self.n = n

    def __getitem__(self, index: int) -> Any:
        out: Dict[str, Any] = {"idx": index, "name": "s" + str(index), "value": torch.full((2,), float(index))}
        return out

    def __len__(self) -> int:
        return self.n


def first_two(batch: List[Any]) -> Any:
    return batch[:2]


x = torch.arange(20, dtype=torch.float32).reshape(10, 2)
y = torch.arange(10) % 3
ds = TensorDataset(x, y)
for xb, yb in DataLoader(ds, batch_size=4):
    print(xb, yb)
torch.manual_seed(0)
loader = DataLoader(ds, batch_size=3, shuffle=True)
print(len(loader))
for epoch in range(2):
    for xb, yb in loader:
        print(epoch, yb, torch.sum(xb).item())
    print(torch.rand(1))
dl = DataLoader(ds, batch_size=4, shuffle=True, drop_last=True)
print(len(dl), [torch.sum(b[1]).item() for b in dl])
print([b for b in DataLoader(Pairs(5), batch_size=2)])
print([b for b in DataLoader(Pairs(3), batch_size=None)])
print([b for b in DataLoader(Pairs(5), batch_size=3, collate_fn=first_two)])
print([b[1] for b in DataLoader(ds, sampler=SubsetRandomSampler([1, 3, 5, 7]), batch_size=3)])
bs = BatchSampler(SequentialSampler(ds), 4, True)
print([b[1] for b in DataLoader(ds, batch_sampler=bs)], len(DataLoader(ds, batch_sampler=bs)))
g = torch.Generator()
g.manual_seed(123)
print([b[1] for b in DataLoader(ds, batch_size=5, shuffle=True, generator=g)])
print([b[1] for b in DataLoader(ds, batch_size=5, shuffle=True, generator=g)], torch.rand(1))
print([b[1] for b in DataLoader(ds, batch_size=4, sampler=RandomSampler(ds, replacement=True, num_samples=6))])
it = iter(DataLoader(ds, batch_size=6))
print(next(it)[1], next(it)[1])
try:
    DataLoader(ds, batch_size=2, shuffle=True, sampler=SequentialSampler(ds))
except ValueError as e:
    print("ValueError:", e)
try:
    DataLoader(ds, batch_sampler=bs, batch_size=3)
except ValueError as e:
    print("ValueError:", e)
try:
    DataLoader(ds, batch_size=None, drop_last=True)
except ValueError as e:
    print("ValueError:", e)
try:
    DataLoader(ds, num_workers=-1)
except ValueError as e:
    print("ValueError:", e)
