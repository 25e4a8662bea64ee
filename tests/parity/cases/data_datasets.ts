# TensorDataset, Subset, ConcatDataset and random_split (the same split as PyTorch for a seed).
import torch
from torch.utils.data import Dataset, TensorDataset, Subset, ConcatDataset, random_split
from typing import Any


class Squares(Dataset):
    def __init__(self, n: int):
        self.n = n

    def __getitem__(self, index: int) -> Any:
        return index * index

    def __len__(self) -> int:
        return self.n


x = torch.arange(12, dtype=torch.float32).reshape(6, 2)
y = torch.tensor([0, 1, 0, 1, 1, 0])
ds = TensorDataset(x, y)
print(len(ds), ds[0], ds[5], ds[-1])
print(TensorDataset(y)[2])
sub = Subset(ds, [4, 0, 2])
print(len(sub), sub[0], sub.indices)
sq = Squares(5)
cat = ConcatDataset([sq, Subset(sq, [1, 3]), Squares(2)])
print(len(cat), cat.cumulative_sizes, [cat[i] for i in range(len(cat))], cat[-1], cat[-9])
both = sq + Squares(3)
print(len(both), both[6])
a, b = random_split(Squares(10), [7, 3], generator=torch.Generator().manual_seed(42))
print(a.indices, b.indices, [a[i] for i in range(len(a))])
torch.manual_seed(3)
parts = random_split(Squares(11), [0.5, 0.3, 0.2])
print([p.indices for p in parts], torch.rand(1))
parts = random_split(Squares(7), [0.25, 0.25, 0.25, 0.25], generator=torch.Generator().manual_seed(0))
print([len(p) for p in parts], [p.indices for p in parts])
try:
    random_split(Squares(10), [5, 4])
except ValueError as e:
    print("ValueError:", e)
try:
    random_split(Squares(10), [0.5, 1.2, -0.7])
except ValueError as e:
    print("ValueError:", e)
try:
    print(cat[9])
except IndexError as e:
    print("IndexError:", e)
try:
    print(cat[-10])
except ValueError as e:
    print("ValueError:", e)
try:
    TensorDataset(x, torch.zeros(5))
except AssertionError as e:
    print("AssertionError:", e)
