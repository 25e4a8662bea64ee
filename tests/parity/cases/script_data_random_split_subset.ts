import torch
from torch.utils.data import TensorDataset, DataLoader, random_split, Subset, ConcatDataset

torch.manual_seed(0)

features = torch.randn(20, 3)
targets = (features.sum(dim=1) > 0).long()
full = TensorDataset(features, targets)
print("full size:", len(full))

train_set, val_set = random_split(full, [15, 5], generator=torch.Generator().manual_seed(7))
print("train:", len(train_set), "val:", len(val_set))
print("val indices:", sorted(val_set.indices))

first_five = Subset(full, [0, 1, 2, 3, 4])
x0, y0 = first_five[2]
print("subset item:", [round(v, 4) for v in x0.tolist()], y0.item())

combined = ConcatDataset([first_five, val_set])
print("combined size:", len(combined))
print("cumulative sizes:", combined.cumulative_sizes)

loader = DataLoader(combined, batch_size=4)
n_pos = 0
for xb, yb in loader:
    n_pos += int(yb.sum())
    print(tuple(xb.shape), yb.tolist())
print("positives:", n_pos)

counts = torch.bincount(targets, minlength=2)
print("class counts:", counts.tolist())

# three-way split with fractions computed by hand
n = len(full)
n_train = int(0.6 * n)
n_val = int(0.2 * n)
n_test = n - n_train - n_val
a, b, c = random_split(full, [n_train, n_val, n_test], generator=torch.Generator().manual_seed(3))
print(len(a), len(b), len(c))
print(sorted(c.indices))
