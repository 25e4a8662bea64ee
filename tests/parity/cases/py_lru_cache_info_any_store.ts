# functools.lru_cache / cache statistics (cache_info, cache_clear) and padding a batch in a
# collate function whose items are untyped (tensor slices assigned from values known at run time).
import functools

import torch
from torch.utils.data import DataLoader


@functools.lru_cache(maxsize=2)
def warmup_factor(step: int) -> float:
    return min(1.0, (step + 1) / 4)


@functools.cache
def fib(n: int) -> int:
    return n if n < 2 else fib(n - 1) + fib(n - 2)


print(warmup_factor.cache_info())
for s in [0, 1, 0, 2, 3, 0, 3]:
    print(s, warmup_factor(s))
print(warmup_factor.cache_info())
info = warmup_factor.cache_info()
print(info.hits, info.misses, info.maxsize, info.currsize, info[0])
warmup_factor.cache_clear()
print(warmup_factor.cache_info())
print(fib(20), fib.cache_info())


def pad_collate(items):
    longest = max(t.numel() for t in items)
    out = torch.full((len(items), longest), -1, dtype=torch.long)
    for row, t in enumerate(items):
        out[row, : t.numel()] = t
    return out


seqs = [torch.tensor([1, 2, 3]), torch.tensor([4]), torch.tensor([5, 6]), torch.tensor([7, 8, 9, 10])]
for batch in DataLoader(seqs, batch_size=2, collate_fn=pad_collate):
    print(batch)
