# An exception of the script's own class raised in a DataLoader worker reaches the main thread as
# that class: `except` by the class or its base takes it; uncaught, it ends the program.
import torch
from torch.utils.data import Dataset, DataLoader
from typing import Any


class SampleError(Exception):
    pass


class BadSample(SampleError):
    pass


class Flaky(Dataset):
    def __getitem__(self, index: int) -> Any:
        if index == 5:
            raise BadSample("sample " + str(index))
        return index

    def __len__(self) -> int:
        return 8


try:
    for batch in DataLoader(Flaky(), batch_size=2, num_workers=2):
        print(batch)
except SampleError as e:
    print("caught", type(e).__name__, isinstance(e, BadSample), isinstance(e, Exception), "sample 5" in str(e))

for batch in DataLoader(Flaky(), batch_size=4, num_workers=2):
    print(batch)
