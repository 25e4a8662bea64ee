# torch.utils.data.dataset: map-style datasets and random_split (PyTorch 1.13's dataset.py).
# Samples are `Any`: a dataset may return a tensor, a tuple, a dict... checked at run time.
import math
import torch
import _ts
from typing import Any, List, Optional


class Dataset:
    def __getitem__(self, index: int) -> Any:
        raise NotImplementedError("Subclasses of Dataset should implement __getitem__.")

    def __len__(self) -> int:
        # PyTorch's Dataset defines no __len__: len() of a dataset without one is a TypeError.
        raise TypeError("object of type '" + _ts.class_name(self) + "' has no len()")

    def __add__(self, other: "Dataset") -> "ConcatDataset":
        return ConcatDataset([self, other])


class IterableDataset(Dataset):
    # Iterable-style datasets: the DataLoader iterates `iter(dataset)` instead of indexing.
    # Subclasses define __iter__ returning an object with __next__ (Ts has no `yield`).
    def __iter__(self) -> Any:
        raise NotImplementedError

    def __add__(self, other: "Dataset") -> "ConcatDataset":
        raise TypeError("use ChainDataset([a, b]) to chain IterableDatasets")


class _ChainIterator:
    def __init__(self, datasets: List[IterableDataset]):
        self.datasets = datasets
        self.pos = 0
        self.it: Any = None

    def __iter__(self) -> "_ChainIterator":
        return self

    def __next__(self) -> Any:
        while self.pos < len(self.datasets):
            if self.it is None:
                self.it = iter(self.datasets[self.pos])
            try:
                return next(self.it)
            except StopIteration:
                self.it = None
                self.pos += 1
        raise StopIteration


class ChainDataset(IterableDataset):
    def __init__(self, datasets: List[IterableDataset]):
        self.datasets = datasets

    def __iter__(self) -> Any:
        return _ChainIterator(self.datasets)

    def __len__(self) -> int:
        total = 0
        for d in self.datasets:
            total += len(d)
        return total


class TensorDataset(Dataset):
    def __init__(self, *tensors: torch.Tensor):
        self._tensors: List[torch.Tensor] = [t for t in tensors]
        assert len(self._tensors) > 0, "TensorDataset needs at least one tensor"
        for t in self._tensors:
            assert self._tensors[0].size(0) == t.size(0), "Size mismatch between tensors"
        self.tensors: Any = tuple(self._tensors)

    def __getitem__(self, index: int) -> Any:
        ts = self._tensors
        if len(ts) == 2:  # the common (inputs, targets) case without building a list
            return (ts[0][index], ts[1][index])
        return tuple([t[index] for t in ts])

    def __len__(self) -> int:
        return self._tensors[0].size(0)


class ConcatDataset(Dataset):
    def __init__(self, datasets: List[Dataset]):
        self.datasets: List[Dataset] = [d for d in datasets]
        assert len(self.datasets) > 0, "datasets should not be an empty iterable"
        for d in self.datasets:
            assert not isinstance(d, IterableDataset), "ConcatDataset does not support IterableDataset"
        self.cumulative_sizes: List[int] = ConcatDataset.cumsum(self.datasets)

    @staticmethod
    def cumsum(sequence: List[Dataset]) -> List[int]:
        r: List[int] = []
        s = 0
        for e in sequence:
            n = len(e)
            r.append(n + s)
            s += n
        return r

    def __len__(self) -> int:
        return self.cumulative_sizes[-1]

    def __getitem__(self, idx: int) -> Any:
        if idx < 0:
            if -idx > len(self):
                raise ValueError("absolute value of index should not exceed dataset length")
            idx = len(self) + idx
        # bisect.bisect_right(cumulative_sizes, idx)
        lo = 0
        hi = len(self.cumulative_sizes)
        while lo < hi:
            mid = (lo + hi) // 2
            if idx < self.cumulative_sizes[mid]:
                hi = mid
            else:
                lo = mid + 1
        sample_idx = idx if lo == 0 else idx - self.cumulative_sizes[lo - 1]
        return self.datasets[lo][sample_idx]


class Subset(Dataset):
    def __init__(self, dataset: Any, indices: List[int]):
        self.dataset = dataset
        self.indices = indices

    def __getitem__(self, idx: int) -> Any:
        return self.dataset[self.indices[idx]]

    def __len__(self) -> int:
        return len(self.indices)


def random_split(dataset: Any, lengths: List[float], generator: Optional[torch.Generator] = None) -> List[Subset]:
    # generator=None draws from the default generator (PyTorch's default argument).
    n = len(dataset)
    total = 0.0
    for v in lengths:
        total += v
    sizes: List[int] = []
    # math.isclose(sum(lengths), 1) with its default rel_tol=1e-9
    if abs(total - 1) <= 1e-9 * max(abs(total), 1.0) and total <= 1:
        for i, frac in enumerate(lengths):
            if frac < 0 or frac > 1:
                raise ValueError(f"Fraction at index {i} is not between 0 and 1")
            sizes.append(int(math.floor(n * frac)))
        remainder = n - sum(sizes)
        for i in range(remainder):
            sizes[i % len(sizes)] += 1
    else:
        for v in lengths:
            sizes.append(int(v))
    if sum(sizes) != n:
        raise ValueError("Sum of input lengths does not equal the length of the input dataset!")
    handle: Any = None
    if generator is not None:
        handle = generator._handle
    indices: List[int] = _ts.randperm(sum(sizes), handle).tolist()
    out: List[Subset] = []
    offset = 0
    for size in sizes:
        out.append(Subset(dataset, indices[offset:offset + size]))
        offset += size
    return out
