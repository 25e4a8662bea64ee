# Named results (values, indices) of ops called on a tensor typed Any (a DataLoader batch).
import torch
from torch.utils.data import DataLoader, TensorDataset
for (xb,) in DataLoader(TensorDataset(torch.tensor([[1.0, 5.0], [3.0, 2.0]])), batch_size=2):
    print(xb.min(dim=1).values, xb.max(1).indices, xb.topk(1).values, xb.sort(dim=1))
