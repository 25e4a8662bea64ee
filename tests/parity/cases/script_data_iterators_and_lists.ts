import torch
from torch.utils.data import IterableDataset, DataLoader, TensorDataset


class RangeIterator:
    def __init__(self, start, stop):
        self.current = start
        self.stop = stop

    def __iter__(self):
        return self

    def __next__(self):
        if self.current >= self.stop:
            raise StopIteration
        value = torch.tensor([self.current, self.current * 10])
        self.current += 1
        return value


class RangeStream(IterableDataset):
    def __init__(self, start, stop):
        self.start = start
        self.stop = stop

    def __iter__(self):
        return RangeIterator(self.start, self.stop)


class MappedStream(IterableDataset):
    def __init__(self, values):
        self.values = values

    def __iter__(self):
        return iter([v * 2 for v in self.values])


torch.manual_seed(0)

for item in RangeIterator(0, 3):
    print("iter item:", item.tolist())

loader = DataLoader(RangeStream(0, 7), batch_size=3)
for batch in loader:
    print("stream batch:", batch.tolist())

for batch in DataLoader(MappedStream([torch.tensor(1.0), torch.tensor(2.5), torch.tensor(4.0)]), batch_size=2):
    print("mapped batch:", batch)

pairs = list(zip(torch.arange(6).float(), torch.tensor([0, 1, 0, 1, 1, 0])))
pair_loader = DataLoader(pairs, batch_size=4, shuffle=False)
for xb, yb in pair_loader:
    print("pair batch:", xb.tolist(), yb.tolist())

numbers = [float(i) for i in range(10)]
num_loader = DataLoader(numbers, batch_size=4, drop_last=True)
print("number batches:", [b.tolist() for b in num_loader])

ds = TensorDataset(torch.arange(5))
it = iter(DataLoader(ds, batch_size=2))
print("first:", next(it))
print("second:", next(it))
print("third:", next(it))
try:
    next(it)
except StopIteration:
    print("exhausted")
