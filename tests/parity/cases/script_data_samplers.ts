import torch
from torch.utils.data import (
    TensorDataset,
    DataLoader,
    WeightedRandomSampler,
    SubsetRandomSampler,
    BatchSampler,
    SequentialSampler,
    RandomSampler,
)

torch.manual_seed(123)

labels = torch.tensor([0, 0, 0, 0, 0, 0, 0, 1, 1, 2])
data = torch.arange(10).float().unsqueeze(1)
ds = TensorDataset(data, labels)

class_counts = torch.bincount(labels)
class_weights = 1.0 / class_counts.float()
sample_weights = class_weights[labels]
print("weights:", [f"{w:.4f}" for w in sample_weights.tolist()])

g = torch.Generator()
g.manual_seed(5)
sampler = WeightedRandomSampler(sample_weights, num_samples=30, replacement=True, generator=g)
drawn = list(sampler)
print("drawn:", drawn)
hist = torch.bincount(labels[torch.tensor(drawn)], minlength=3)
print("class histogram:", hist.tolist())

g2 = torch.Generator().manual_seed(11)
sub = SubsetRandomSampler([1, 3, 5, 7, 9], generator=g2)
loader = DataLoader(ds, batch_size=2, sampler=sub)
for xb, yb in loader:
    print("sub batch", xb.squeeze(1).tolist(), yb.tolist())

print(list(BatchSampler(SequentialSampler(range(7)), batch_size=3, drop_last=False)))
print(list(BatchSampler(SequentialSampler(range(7)), batch_size=3, drop_last=True)))

bs = BatchSampler(RandomSampler(ds, generator=torch.Generator().manual_seed(2)), batch_size=4, drop_last=False)
loader2 = DataLoader(ds, batch_sampler=bs)
for xb, yb in loader2:
    print("batch_sampler", yb.tolist())
print("len batch sampler:", len(bs))
