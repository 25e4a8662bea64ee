# DataLoader(timeout=...) with workers: a batch that takes longer raises PyTorch's RuntimeError.
import time
import torch
from torch.utils.data import DataLoader, Dataset
from typing import Any

class Slow(Dataset):
    def __len__(self) -> int:
        return 4

    def __getitem__(self, i: int) -> Any:
        if i == 2:
            time.sleep(3.0)
        return torch.tensor(i)

loader = DataLoader(Slow(), batch_size=1, num_workers=2, timeout=1.0)
try:
    for b in loader:
        print(b)
except RuntimeError as e:
    print("RuntimeError:", e)
