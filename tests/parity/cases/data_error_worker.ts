# A worker's exception reaches the main thread (with the worker's traceback), ending the epoch.
import torch
from torch.utils.data import Dataset, DataLoader
from typing import Any


class Flaky(Dataset):
    def __getitem__(self, index: int) -> Any:
        if index == 7:
            raise KeyError("sample 7")
        return index

    def __len__(self) -> int:
        return 12


for batch in DataLoader(Flaky(), batch_size=2, num_workers=2):
    print(batch)
