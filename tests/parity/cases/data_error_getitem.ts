# A Dataset whose __getitem__ raises: the DataLoader passes the error through.
import torch
from torch.utils.data import Dataset, DataLoader
from typing import Any


class Flaky(Dataset):
    def __getitem__(self, index: int) -> Any:
        if index == 5:
            raise ValueError("sample 5 is corrupt")
        return torch.tensor([index])

    def __len__(self) -> int:
        return 8


for batch in DataLoader(Flaky(), batch_size=2):
    print(batch)
