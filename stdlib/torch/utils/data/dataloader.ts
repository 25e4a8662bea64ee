# torch.utils.data.dataloader and _utils.collate (PyTorch 1.13). Batches are built in the
# calling thread; num_workers > 0 is accepted and loads the same batches in the same order,
# without worker threads yet (src/data/README.md).
import torch
import _ts
from typing import Any, Callable, Dict, List, Optional, Tuple
from torch.utils.data.dataset import Dataset, IterableDataset
from torch.utils.data.sampler import Sampler, SequentialSampler, RandomSampler, BatchSampler, IndexIterator


def _type_repr(x: Any) -> str:
    return "<class '" + _ts.class_name(x) + "'>"


def default_collate(batch: Any) -> Any:
    # PyTorch's rules: tensors are stacked, floats become a float64 tensor, ints (and bools)
    # a tensor of their type, strings stay as they are, dicts are collated per key, sequences
    # per position (from a tuple of the samples' fields, as zip(*batch) gives: so strings
    # inside a sample come back as a tuple, and tuples as lists).
    elem = batch[0]
    if isinstance(elem, torch.Tensor):
        return torch.stack(batch, 0)
    if isinstance(elem, float):
        return torch.tensor([v for v in batch], dtype=torch.float64)
    if isinstance(elem, int):
        return torch.tensor([v for v in batch])
    if isinstance(elem, str):
        return batch
    if isinstance(elem, Dict[Any, Any]):
        out: Dict[Any, Any] = {}
        for key in elem.keys():
            out[key] = default_collate([d[key] for d in batch])
        return out
    if isinstance(elem, List[Any]) or isinstance(elem, Tuple[Any, Any]):
        size = len(elem)
        for x in batch:
            if len(x) != size:
                raise RuntimeError("each element in list of batch should be of equal size")
        return [default_collate(tuple([x[j] for x in batch])) for j in range(size)]
    raise TypeError("default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; found " +
                    _type_repr(elem))


def default_convert(data: Any) -> Any:
    # PyTorch converts numpy arrays to tensors here; Ts has no numpy values, so data is kept.
    return data


class WorkerInfo:
    def __init__(self, id: int, num_workers: int, seed: int, dataset: Dataset):
        self.id = id
        self.num_workers = num_workers
        self.seed = seed
        self.dataset = dataset


def get_worker_info() -> Optional[WorkerInfo]:
    # Samples are loaded in the main thread (no workers yet), where PyTorch returns None.
    return None


class DataLoader:
    def __init__(self, dataset: Dataset, batch_size: Optional[int] = 1, shuffle: Optional[bool] = None,
                 sampler: Optional[Sampler] = None, batch_sampler: Optional[Sampler] = None, num_workers: int = 0,
                 collate_fn: Optional[Callable[[List[Any]], Any]] = None, pin_memory: bool = False,
                 drop_last: bool = False, timeout: float = 0, worker_init_fn: Optional[Callable[[int], None]] = None,
                 multiprocessing_context: Any = None, generator: Optional[torch.Generator] = None,
                 prefetch_factor: int = 2, persistent_workers: bool = False, pin_memory_device: str = ""):
        if num_workers < 0:
            raise ValueError("num_workers option should be non-negative; use num_workers=0 to disable multiprocessing.")
        if timeout < 0:
            raise ValueError("timeout option should be non-negative")
        if num_workers == 0 and prefetch_factor != 2:
            raise ValueError("prefetch_factor option could only be specified in multiprocessing." +
                             "let num_workers > 0 to enable multiprocessing.")
        assert prefetch_factor > 0
        if persistent_workers and num_workers == 0:
            raise ValueError("persistent_workers option needs num_workers > 0")
        self.dataset = dataset
        self.num_workers = num_workers
        self.prefetch_factor = prefetch_factor
        self.pin_memory = pin_memory
        self.pin_memory_device = pin_memory_device
        self.timeout = timeout
        self.worker_init_fn = worker_init_fn
        self.persistent_workers = persistent_workers
        do_shuffle = shuffle is not None and shuffle
        if isinstance(dataset, IterableDataset):
            raise NotImplementedError("DataLoader over an IterableDataset is not implemented in Ts yet")
        if sampler is not None and do_shuffle:
            raise ValueError("sampler option is mutually exclusive with shuffle")
        bs = batch_size
        if batch_sampler is not None:
            if (bs is None or bs != 1) or do_shuffle or sampler is not None or drop_last:
                raise ValueError("batch_sampler option is mutually exclusive with batch_size, shuffle, sampler, and drop_last")
            bs = None
            drop_last = False
        elif bs is None:
            if drop_last:
                raise ValueError("batch_size=None option disables auto-batching and is mutually exclusive with drop_last")
        s: Sampler = SequentialSampler(dataset)
        if sampler is not None:
            s = sampler
        elif do_shuffle:
            s = RandomSampler(dataset, generator=generator)
        self.batch_size = bs
        self.drop_last = drop_last
        self.sampler = s
        self.batch_sampler: Optional[Sampler] = batch_sampler
        if bs is not None and batch_sampler is None:
            self.batch_sampler = BatchSampler(s, bs, drop_last)
        self.generator = generator
        self.collate_fn = collate_fn

    def _index_sampler(self) -> Sampler:
        b = self.batch_sampler
        if b is not None:
            return b
        return self.sampler

    def _collate(self, data: List[Any]) -> Any:
        f = self.collate_fn
        if f is not None:
            return f(data)
        return default_collate(data)

    def _convert(self, data: Any) -> Any:
        f = self.collate_fn
        if f is not None:
            return f(data)
        return default_convert(data)

    def __iter__(self) -> "_DataLoaderIter":
        return _DataLoaderIter(self)

    def __len__(self) -> int:
        return len(self._index_sampler())


class _DataLoaderIter:
    def __init__(self, loader: "DataLoader"):
        self.loader = loader
        self.dataset = loader.dataset
        self.auto_collation = loader.batch_sampler is not None
        self.sampler_iter: IndexIterator = loader._index_sampler().__iter__()
        handle: Any = None
        g = loader.generator
        if g is not None:
            handle = g._handle
        # Drawn from the loader's generator (or the default one) as PyTorch does, so seeded
        # scripts keep the same random stream; worker seeds derive from it.
        self._base_seed = _ts.random_seed(handle)
        self._num_yielded = 0

    def __iter__(self) -> "_DataLoaderIter":
        return self

    def __len__(self) -> int:
        return len(self.loader)

    def __next__(self) -> Any:
        if self.auto_collation:
            indices: List[int] = self.sampler_iter.__next__()
            data: List[Any] = []
            for i in indices:
                data.append(self.dataset[i])
            self._num_yielded += 1
            return self.loader._collate(data)
        sample = self.dataset[self.sampler_iter.__next__()]
        self._num_yielded += 1
        return self.loader._convert(sample)
