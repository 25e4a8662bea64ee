# DataLoader with worker threads: the same batches in sampler order as PyTorch's worker
# processes, batch k loaded by worker k % num_workers, worker seeds base_seed + id.
import torch
from torch.utils.data import Dataset, TensorDataset, DataLoader, get_worker_info
from typing import Any


class WhoLoads(Dataset):
    def __getitem__(self, index: int) -> Any:
        info = get_worker_info()
        if info is None:
            return (index, -1)
        return (index, info.id * 100 + info.num_workers)

    def __len__(self) -> int:
        return 10


torch.manual_seed(0)
x = torch.arange(24, dtype=torch.float32).reshape(12, 2)
ds = TensorDataset(x, torch.arange(12))
for nw in [0, 1, 2, 3]:
    print(nw, [b[1].tolist() for b in DataLoader(ds, batch_size=5, shuffle=True, num_workers=nw)], torch.rand(1))
print([b for b in DataLoader(WhoLoads(), batch_size=3, num_workers=2)])
print([b for b in DataLoader(WhoLoads(), batch_size=4, num_workers=3, drop_last=True)])
print([b for b in DataLoader(WhoLoads(), batch_size=None, num_workers=2)])
print(len(DataLoader(ds, batch_size=5, num_workers=2)), get_worker_info())
