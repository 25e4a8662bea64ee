# Each DataLoader worker runs on its own copy of the dataset and of the program's globals, as a
# PyTorch worker process does: mutations inside a worker reach neither the main program nor the
# other workers, and two workers never race on one object.
import torch
from torch.utils.data import Dataset, DataLoader, get_worker_info
from typing import Any, Dict, List

log: List[int] = []
counts: Dict[str, int] = {"calls": 0}


class Node:
    def __init__(self, value: int, parent: Any):
        self.value = value
        self.parent = parent


class Remembering(Dataset):
    def __init__(self):
        self.seen: List[int] = []
        self.cache: Dict[int, List[int]] = {}
        self.chain: Any = None
        self.tensor = torch.zeros(3)

    def __len__(self) -> int:
        return 400

    def __getitem__(self, i: int) -> torch.Tensor:
        self.seen.append(i)
        self.cache[i] = [i, i * 2]
        self.chain = Node(i, self.chain)
        self.tensor = self.tensor + 1.0
        log.append(i)
        counts["calls"] = counts["calls"] + 1
        info = get_worker_info()
        if info is not None:
            # the worker sees its own copy of the program: its global `ds` is its dataset
            assert info.dataset is ds
        return torch.tensor([float(i), float(len(self.seen) > 0)])


ds = Remembering()
total = 0.0
for epoch in range(3):
    for batch in DataLoader(ds, batch_size=8, num_workers=2):
        total += float(batch.sum())
print(total, len(ds.seen), len(ds.cache), ds.chain is None, ds.tensor, len(log), counts)

# The main program keeps its own state while workers run.
ds.seen.append(-1)
for batch in DataLoader(ds, batch_size=100, num_workers=3):
    log.append(int(batch[0][0].item()))
print(ds.seen, log)

# A sample that is an attribute of the worker's dataset arrives as the program's own object:
# changing it in the main program does not reach the worker.
class Shared(Dataset):
    def __init__(self):
        self.items: List[List[int]] = [[0], [1], [2], [3]]

    def __len__(self) -> int:
        return 4

    def __getitem__(self, i: int) -> List[int]:
        self.items[i].append(len(self.items[i]))
        return self.items[i]


for batch in DataLoader(Shared(), batch_size=None, num_workers=2):
    batch.append(99)
    print(batch)
