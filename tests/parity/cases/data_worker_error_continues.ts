# A worker's exception is raised once in the main program; a script that catches it and asks
# for the next batch gets the remaining batches, in order, as from PyTorch's workers.
import torch
from torch.utils.data import Dataset, DataLoader


class Flaky(Dataset):
    def __len__(self) -> int:
        return 12

    def __getitem__(self, i: int) -> torch.Tensor:
        if i == 5 or i == 9:
            raise ValueError("bad sample " + str(i))
        return torch.tensor([float(i)])


for workers in [1, 2, 3]:
    it = iter(DataLoader(Flaky(), batch_size=2, num_workers=workers))
    got = 0
    errors = 0
    while True:
        try:
            b = next(it)
            print(workers, b.view(-1).tolist())
            got += 1
        except StopIteration:
            break
        except ValueError:
            print(workers, "caught")
            errors += 1
    print(workers, got, errors)

# A for loop ends at the first error, as in PyTorch; a new epoch starts afresh.
loader = DataLoader(Flaky(), batch_size=3, num_workers=2)
for epoch in range(2):
    try:
        for b in loader:
            print(epoch, b.view(-1).tolist())
    except ValueError:
        print(epoch, "epoch ended by the error")
