# torch.utils.data.sampler (PyTorch 1.13's sampler.py). PyTorch's samplers are Python
# generators: their random draws happen at the first next(), chunk by chunk. The iterators
# here draw at the same moments, so a seeded script sees the same indices and leaves the
# generators in the same state as under PyTorch.
import torch
import _ts
from typing import Any, List, Optional
from torch.utils.data.dataset import Dataset


class IndexIterator:
    # What a sampler's __iter__ returns: __next__ gives the next index (or batch of indices).
    def __next__(self) -> Any:
        raise StopIteration

    def __iter__(self) -> "IndexIterator":
        return self


class _ListIterator(IndexIterator):
    def __init__(self, items: List[int]):
        self.items = items
        self.pos = 0

    def __next__(self) -> Any:
        if self.pos >= len(self.items):
            raise StopIteration
        self.pos += 1
        return self.items[self.pos - 1]


class _RangeIterator(IndexIterator):
    def __init__(self, n: int):
        self.n = n
        self.pos = 0

    def __next__(self) -> Any:
        if self.pos >= self.n:
            raise StopIteration
        self.pos += 1
        return self.pos - 1


class Sampler:
    def __init__(self, data_source: Any = None):
        pass

    def __iter__(self) -> IndexIterator:
        raise NotImplementedError

    def __len__(self) -> int:
        raise TypeError("object of type '" + _ts.class_name(self) + "' has no len()")


class SequentialSampler(Sampler):
    def __init__(self, data_source: Any):
        self.data_source = data_source

    def __iter__(self) -> IndexIterator:
        return _RangeIterator(len(self.data_source))

    def __len__(self) -> int:
        return len(self.data_source)


def _generator_handle(generator: Optional[torch.Generator]) -> Any:
    h: Any = None
    if generator is not None:
        h = generator._handle
    return h


class _RandomIterator(IndexIterator):
    # RandomSampler.__iter__'s generator: a fresh generator seeded from the default one when
    # none is given; randint in chunks of 32 (replacement) or one randperm per pass.
    def __init__(self, n: int, num_samples: int, replacement: bool, generator: Optional[torch.Generator]):
        self.n = n
        self.num_samples = num_samples
        self.replacement = replacement
        self.generator = generator
        self.handle: Any = None
        self.started = False
        self.chunks = 0  # full chunks drawn
        self.last_drawn = False
        self.buf: List[int] = []
        self.pos = 0

    def __next__(self) -> Any:
        if not self.started:
            self.started = True
            if self.generator is None:
                seed = _ts.random_seed(None)
                self.handle = _ts.generator_new()
                _ts.generator_manual_seed(self.handle, seed)
            else:
                self.handle = _generator_handle(self.generator)
        while self.pos >= len(self.buf):
            if self.last_drawn:
                raise StopIteration
            self.pos = 0
            if self.replacement:
                if self.chunks < self.num_samples // 32:
                    self.buf = _ts.randint(self.n, 32, self.handle).tolist()
                    self.chunks += 1
                else:
                    self.buf = _ts.randint(self.n, self.num_samples % 32, self.handle).tolist()
                    self.last_drawn = True
            else:
                if self.chunks < self.num_samples // self.n:
                    self.buf = _ts.randperm(self.n, self.handle).tolist()
                    self.chunks += 1
                else:
                    perm: List[int] = _ts.randperm(self.n, self.handle).tolist()
                    self.buf = perm[:self.num_samples % self.n]
                    self.last_drawn = True
        self.pos += 1
        return self.buf[self.pos - 1]


class RandomSampler(Sampler):
    def __init__(self, data_source: Any, replacement: bool = False, num_samples: Optional[int] = None,
                 generator: Optional[torch.Generator] = None):
        self.data_source = data_source
        self.replacement = replacement
        self._num_samples = num_samples
        self.generator = generator
        if self.num_samples <= 0:
            raise ValueError("num_samples should be a positive integer value, but got num_samples={}".format(self.num_samples))

    @property
    def num_samples(self) -> int:
        n = self._num_samples
        if n is None:
            return len(self.data_source)
        return n

    def __iter__(self) -> IndexIterator:
        return _RandomIterator(len(self.data_source), self.num_samples, self.replacement, self.generator)

    def __len__(self) -> int:
        return self.num_samples


class _DrawnIterator(IndexIterator):
    # Draws all its indices (_draw) at the first next(), when PyTorch's generator would, then gives
    # them in order.
    def __init__(self, generator: Optional[torch.Generator]):
        self.generator = generator
        self.items: List[int] = []
        self.started = False
        self.pos = 0

    def _draw(self) -> List[int]:
        return []

    def __next__(self) -> Any:
        if not self.started:
            self.started = True
            self.items = self._draw()
        if self.pos >= len(self.items):
            raise StopIteration
        self.pos += 1
        return self.items[self.pos - 1]


class _SubsetRandomIterator(_DrawnIterator):
    def __init__(self, indices: List[int], generator: Optional[torch.Generator]):
        super().__init__(generator)
        self.indices = indices

    def _draw(self) -> List[int]:
        perm: List[int] = _ts.randperm(len(self.indices), _generator_handle(self.generator)).tolist()
        return [self.indices[i] for i in perm]


class SubsetRandomSampler(Sampler):
    def __init__(self, indices: List[int], generator: Optional[torch.Generator] = None):
        self.indices = indices
        self.generator = generator

    def __iter__(self) -> IndexIterator:
        return _SubsetRandomIterator(self.indices, self.generator)

    def __len__(self) -> int:
        return len(self.indices)


class _WeightedIterator(_DrawnIterator):
    def __init__(self, weights: torch.Tensor, num_samples: int, replacement: bool, generator: Optional[torch.Generator]):
        super().__init__(generator)
        self.weights = weights
        self.num_samples = num_samples
        self.replacement = replacement

    def _draw(self) -> List[int]:
        return _ts.multinomial(self.weights, self.num_samples, self.replacement,
                               _generator_handle(self.generator)).tolist()


class WeightedRandomSampler(Sampler):
    def __init__(self, weights: Any, num_samples: int, replacement: bool = True,
                 generator: Optional[torch.Generator] = None):
        if num_samples <= 0:
            raise ValueError("num_samples should be a positive integer value, but got num_samples={}".format(num_samples))
        w = torch.empty(0, dtype=torch.float64)
        if isinstance(weights, torch.Tensor):
            w = weights.to(torch.float64)
        else:
            w = torch.tensor([float(v) for v in weights], dtype=torch.float64)
        if w.dim() != 1:
            raise ValueError("weights should be a 1d sequence but given weights have shape " + str(tuple(w.shape)))
        self.weights = w
        self.num_samples = num_samples
        self.replacement = replacement
        self.generator = generator

    def __iter__(self) -> IndexIterator:
        return _WeightedIterator(self.weights, self.num_samples, self.replacement, self.generator)

    def __len__(self) -> int:
        return self.num_samples


class _ConstantIterator(IndexIterator):
    def __next__(self) -> Any:
        return None


class _InfiniteConstantSampler(Sampler):
    # The DataLoader's sampler for an IterableDataset: None, forever.
    def __init__(self):
        pass

    def __iter__(self) -> IndexIterator:
        return _ConstantIterator()


class _BatchIterator(IndexIterator):
    def __init__(self, it: IndexIterator, batch_size: int, drop_last: bool):
        self.it = it
        self.batch_size = batch_size
        self.drop_last = drop_last
        self.done = False

    def __next__(self) -> Any:
        if self.done:
            raise StopIteration
        batch: List[int] = []
        try:
            while len(batch) < self.batch_size:
                batch.append(self.it.__next__())
        except StopIteration:
            self.done = True
        if len(batch) == 0 or (self.drop_last and len(batch) < self.batch_size):
            raise StopIteration
        return batch


class BatchSampler(Sampler):
    # `sampler` is a Sampler or any iterable of indices (a range, a list), as in PyTorch.
    def __init__(self, sampler: Any, batch_size: int, drop_last: bool):
        if batch_size <= 0:
            raise ValueError("batch_size should be a positive integer value, but got batch_size={}".format(batch_size))
        self.sampler = sampler
        self.batch_size = batch_size
        self.drop_last = drop_last

    def __iter__(self) -> IndexIterator:
        if isinstance(self.sampler, Sampler):
            return _BatchIterator(self.sampler.__iter__(), self.batch_size, self.drop_last)
        return _BatchIterator(_ListIterator([i for i in self.sampler]), self.batch_size, self.drop_last)

    def __len__(self) -> int:
        if self.drop_last:
            return len(self.sampler) // self.batch_size
        return (len(self.sampler) + self.batch_size - 1) // self.batch_size
