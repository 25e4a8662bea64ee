# Each DataLoader worker's `random` module and torch generator are seeded with base_seed +
# worker id, as PyTorch seeds its worker processes: an IterableDataset drawing from both gives
# PyTorch's numbers, for any scheduling of the workers.
import random
import torch
from torch.utils.data import IterableDataset, DataLoader, get_worker_info
from typing import Any, List


class Draws:
    def __init__(self, n: int):
        self.left = n

    def __iter__(self) -> "Draws":
        return self

    def __next__(self) -> Any:
        if self.left == 0:
            raise StopIteration
        self.left -= 1
        info = get_worker_info()
        wid = -1 if info is None else info.id
        return torch.tensor([float(wid), float(random.randint(0, 1000)), float(torch.randint(0, 1000, (1,)).item())],
                            dtype=torch.float64)


class RandomStream(IterableDataset):
    def __iter__(self) -> Draws:
        return Draws(4)


for workers in [0, 2]:
    torch.manual_seed(7)
    random.seed(7)
    for batch in DataLoader(RandomStream(), batch_size=2, num_workers=workers):
        print(workers, batch.tolist())
print(random.randint(0, 10 ** 6))
