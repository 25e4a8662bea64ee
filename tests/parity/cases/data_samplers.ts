# torch.utils.data samplers: the same indices as PyTorch 1.13 for the same seeds, and the
# generators left in the same state (the draws after each sampler match too).
import torch
from torch.utils.data import (TensorDataset, SequentialSampler, RandomSampler, SubsetRandomSampler,
                              WeightedRandomSampler, BatchSampler)

ds = TensorDataset(torch.arange(10))
print([i for i in SequentialSampler(ds)], len(SequentialSampler(ds)))
torch.manual_seed(0)
print([i for i in RandomSampler(ds)], torch.rand(2))
s = RandomSampler(ds)
print([i for i in s], [i for i in s], len(s))
g = torch.Generator()
g.manual_seed(7)
print([i for i in RandomSampler(ds, generator=g)])
print([i for i in RandomSampler(ds, generator=g)])
print([i for i in RandomSampler(ds, num_samples=23, generator=g)], len(RandomSampler(ds, num_samples=23)))
print([i for i in RandomSampler(ds, num_samples=20, generator=g)])
print([i for i in RandomSampler(ds, replacement=True, generator=g)])
print([i for i in RandomSampler(ds, replacement=True, num_samples=70, generator=g)])
print([i for i in RandomSampler(ds, replacement=True, num_samples=64)])
print(g.initial_seed(), torch.rand(3), torch.Generator().initial_seed())
state = g.get_state()
first = [i for i in RandomSampler(ds, generator=g)]
g.set_state(state)
print(first == [i for i in RandomSampler(ds, generator=g)], state.shape, state.dtype)
torch.manual_seed(1)
print([i for i in SubsetRandomSampler([10, 20, 30, 40, 50])], len(SubsetRandomSampler([1, 2])))
print([i for i in SubsetRandomSampler([3, 1, 4, 1, 5, 9], generator=torch.Generator().manual_seed(3))])
print([i for i in WeightedRandomSampler([0.1, 0.9, 0.4, 0.0, 2.0], 15)])
print([i for i in WeightedRandomSampler([1.0, 1.0, 5.0], 40, generator=torch.Generator().manual_seed(11))])
print([i for i in WeightedRandomSampler([0.5, 3.0, 1.0, 0.25, 2.0, 0.0, 1.5], 6, replacement=False)])
print([i for i in WeightedRandomSampler(torch.tensor([1.0, 2.0, 3.0, 4.0]), 1, replacement=False,
                                         generator=torch.Generator().manual_seed(2))])
print([i for i in WeightedRandomSampler(torch.arange(1, 40).float(), 39, replacement=False)])
print(len(WeightedRandomSampler([1.0, 2.0], 9)), torch.rand(2))
print([b for b in BatchSampler(SequentialSampler(ds), 3, False)])
print([b for b in BatchSampler(SequentialSampler(ds), 3, True)], len(BatchSampler(SequentialSampler(ds), 3, True)))
print([b for b in BatchSampler(RandomSampler(ds, generator=torch.Generator().manual_seed(5)), 4, False)])
print(len(BatchSampler(SequentialSampler(ds), 4, False)), len(BatchSampler(SequentialSampler(ds), 5, True)))
try:
    RandomSampler(ds, num_samples=0)
except ValueError as e:
    print("ValueError:", e)
try:
    BatchSampler(SequentialSampler(ds), 0, False)
except ValueError as e:
    print("ValueError:", e)
