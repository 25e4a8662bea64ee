# An index past the end of a dataset (a Subset with a bad index over a list-backed dataset).
import torch
from torch.utils.data import Dataset, Subset, DataLoader
from typing import Any, List


class Words(Dataset):
    def __init__(self, words: List[str]):
        self.words = words

    def __getitem__(self, index: int) -> Any:
        return self.words[index]

    def __len__(self) -> int:
        return len(self.words)


ds = Words(["a", "b", "c"])
print(len(ds), ds[2])
for batch in DataLoader(Subset(ds, [1, 2, 7]), batch_size=2):
    print(batch)
