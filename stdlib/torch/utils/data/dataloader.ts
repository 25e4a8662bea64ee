# torch.utils.data.dataloader and _utils.collate (PyTorch 1.13). With num_workers > 0 the
# batches are loaded by worker threads (data/worker_pool.h, runtime/data_workers.cpp): the same
# batches, in sampler order; see src/data/README.md, Note [Worker threads] for how they draw random numbers.
import torch
import _ts
from typing import Any, Callable, Dict, List, Optional, Tuple
from torch.utils.data.dataset import Dataset, IterableDataset, TensorDataset
from torch.utils.data.sampler import (Sampler, SequentialSampler, RandomSampler, BatchSampler, IndexIterator,
                                      _InfiniteConstantSampler)


def _type_repr(x: Any) -> str:
    return "<class '" + _ts.class_name(x) + "'>"


def default_collate(batch: Any) -> Any:
    # PyTorch's rules: tensors are stacked, floats become a float64 tensor, ints (and bools)
    # a tensor of their type, strings stay as they are, dicts are collated per key, sequences
    # per position (from a tuple of the samples' fields, as zip(*batch) gives: so strings
    # inside a sample come back as a tuple, and tuples as lists).
    elem = batch[0]
    if isinstance(elem, torch.Tensor):
        if isinstance(batch, List[Any]):
            return torch.stack(batch, 0)
        return torch.stack([t for t in batch], 0)  # a tuple of fields (see above)
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
    # What batch_size=None applies to each sample: PyTorch converts numpy arrays to tensors
    # (Ts has none) and, recursively, tuples to lists; everything else is kept.
    if isinstance(data, torch.Tensor) or isinstance(data, str):
        return data
    if isinstance(data, Dict[Any, Any]):
        out: Dict[Any, Any] = {}
        for key in data.keys():
            out[key] = default_convert(data[key])
        return out
    if isinstance(data, List[Any]) or isinstance(data, Tuple[Any, Any]):
        return [default_convert(d) for d in data]
    return data


class WorkerInfo:
    def __init__(self, id: int, num_workers: int, seed: int, dataset: Any):
        self.id = id
        self.num_workers = num_workers
        self.seed = seed
        self.dataset = dataset


def get_worker_info() -> Optional[WorkerInfo]:
    # None in the main thread; in a worker thread, its id, the worker count, its seed and the
    # dataset.
    info = _ts.worker_info()
    if info is None:
        return None
    return WorkerInfo(info[0], info[1], info[2], info[3])


def _fetch(dataset: Any, index: int) -> Any:
    return dataset[index]


def _collate_with(loader: "DataLoader", data: Any, batched: bool) -> Any:
    if batched:
        return loader._collate(data)
    return loader._convert(data)


class DataLoader:
    # dataset: any object with __getitem__ and __len__ (a Dataset, a list), as PyTorch takes.
    def __init__(self, dataset: Any, batch_size: Optional[int] = 1, shuffle: Optional[bool] = None,
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
        self._iterable = isinstance(dataset, IterableDataset)
        if self._iterable:
            if do_shuffle:
                raise ValueError("DataLoader with IterableDataset: expected unspecified shuffle option, but got shuffle=True")
            if sampler is not None:
                raise ValueError("DataLoader with IterableDataset: expected unspecified sampler option, but got sampler=" +
                                 repr(sampler))
            if batch_sampler is not None:
                raise ValueError("DataLoader with IterableDataset: expected unspecified batch_sampler option, but got " +
                                 "batch_sampler=" + repr(batch_sampler))
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
        if self._iterable:
            s = _InfiniteConstantSampler()
        elif sampler is not None:
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
        self._last_iter: Optional["_DataLoaderIter"] = None
        self._resume: Optional[Dict[str, Any]] = None

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
        it = _DataLoaderIter(self, self._resume)
        self._resume = None
        self._last_iter = it
        return it

    def state_dict(self) -> Dict[str, Any]:
        # Where the current epoch is: the generator states its iterator started from and the
        # batches delivered so far (not part of PyTorch 1.13's DataLoader; Ts's own, for
        # checkpoints). load_state_dict(state) makes the next iter() resume at the next batch
        # with the same order, without disturbing the default generator's current state.
        it = self._last_iter
        out: Dict[str, Any] = {"batches_yielded": 0, "rng_state": None, "generator_state": None}
        if it is not None:
            out["batches_yielded"] = it._num_yielded
            out["rng_state"] = it._rng_state
            out["generator_state"] = it._gen_state
        return out

    def load_state_dict(self, state: Dict[str, Any]) -> None:
        self._resume = state

    def __len__(self) -> int:
        if self._iterable:
            n = len(self.dataset)
            bs = self.batch_size
            if bs is not None:
                n = n // bs if self.drop_last else (n + bs - 1) // bs
            return n
        return len(self._index_sampler())


def _make_iter(dataset: Any) -> Any:
    return iter(dataset)


class _DataLoaderIter:
    def __init__(self, loader: "DataLoader", resume: Optional[Dict[str, Any]] = None):
        self.loader = loader
        self.dataset = loader.dataset
        self.auto_collation = loader.batch_sampler is not None
        handle: Any = None
        g = loader.generator
        if g is not None:
            handle = g._handle
        current_rng: Any = None
        skip = 0
        if resume is not None and resume["rng_state"] is not None:
            current_rng = _ts.generator_get_state(None)
            _ts.generator_set_state(None, resume["rng_state"])
            if handle is not None and resume["generator_state"] is not None:
                _ts.generator_set_state(handle, resume["generator_state"])
            skip = resume["batches_yielded"]
        self._rng_state: Any = _ts.generator_get_state(None)
        self._gen_state: Any = None
        if handle is not None:
            self._gen_state = _ts.generator_get_state(handle)
        self.sampler_iter: IndexIterator = loader._index_sampler().__iter__()
        # Drawn from the loader's generator (or the default one) as PyTorch does, so seeded
        # scripts keep the same random stream; worker seeds derive from it.
        self._base_seed = _ts.random_seed(handle)
        self._num_yielded = 0
        self._pool: Any = None
        self._tensors: List[torch.Tensor] = []
        ds = self.dataset
        self._rows_fast_path = False
        if loader.collate_fn is None and isinstance(ds, TensorDataset):
            if _ts.class_name(ds) == "TensorDataset":  # not a subclass with its own __getitem__
                self._tensors = ds._tensors
                self._rows_fast_path = True
        self._sent = 0
        self._received = 0
        self._exhausted = False
        self._iterable = loader._iterable
        self._ds_iter: Any = None
        self._ended = False
        self._active: List[bool] = [True] * loader.num_workers
        self._next_worker = 0
        if skip > 0 and not self._iterable:
            # Resume: replay the sampler past the batches already delivered.
            for _ in range(skip):
                self.sampler_iter.__next__()
            self._num_yielded = skip
        if loader.num_workers > 0:
            make_iter: Any = None
            if self._iterable:
                make_iter = _make_iter
            self._pool = _ts.worker_pool(loader.num_workers, _fetch, _collate_with, self.dataset, loader, self._base_seed,
                                         loader.worker_init_fn, make_iter, loader.drop_last)
            for _ in range(loader.num_workers * loader.prefetch_factor):
                self._put()
        elif self._iterable:
            self._ds_iter = _make_iter(self.dataset)
        if skip > 0 and self._iterable:
            for _ in range(skip):
                self.__next__()
            self._num_yielded = skip
        if current_rng is not None:
            _ts.generator_set_state(None, current_rng)

    def __iter__(self) -> "_DataLoaderIter":
        return self

    def __len__(self) -> int:
        return len(self.loader)

    def _put(self) -> None:
        if self._exhausted:
            return
        try:
            index = self.sampler_iter.__next__()
        except StopIteration:
            self._exhausted = True
            return
        # PyTorch's round robin over the workers still active.
        n = len(self._active)
        for _ in range(n):
            w = self._next_worker
            self._next_worker = (self._next_worker + 1) % n
            if self._active[w]:
                _ts.worker_submit(self._pool, index, self.auto_collation, w)
                self._sent += 1
                return

    def __next__(self) -> Any:
        if self._pool is not None and self._iterable:
            while True:
                if self._received >= self._sent:
                    _ts.worker_shutdown(self._pool)
                    raise StopIteration
                r = _ts.worker_get_iterable(self._pool, self.loader.timeout)
                self._received += 1
                if r[1]:  # that worker's iterator is exhausted
                    self._active[r[0]] = False
                    self._put()
                    continue
                self._put()
                if r[3] is not None:  # the worker raised: re-raise here; later batches still come
                    _ts.worker_reraise(r[3])
                self._num_yielded += 1
                return r[2]
        if self._iterable:
            return self._next_iterable()
        if self._pool is None:
            # Batches are built with one OpenMP thread (see _ts.set_loader_threads).
            prev = _ts.set_loader_threads(1)
            try:
                batch = self._next_local()
            finally:
                _ts.set_loader_threads(prev)
            return batch
        if self._received >= self._sent:
            _ts.worker_shutdown(self._pool)
            raise StopIteration
        out = _ts.worker_get(self._pool, self.loader.timeout)
        self._received += 1
        self._put()
        if out[0] is not None:  # the worker raised: re-raise here; later batches still come
            _ts.worker_reraise(out[0])
        self._num_yielded += 1
        return out[1]

    def _next_local(self) -> Any:
        if self.auto_collation:
            indices: List[int] = self.sampler_iter.__next__()
            if self._rows_fast_path:
                # default_collate of TensorDataset rows is each tensor's rows, stacked: one
                # index_select per tensor gives the same contiguous batch without the per-row work.
                index = torch.tensor(indices)
                self._num_yielded += 1
                return [t.index_select(0, index) for t in self._tensors]
            data: List[Any] = []
            for i in indices:
                data.append(self.dataset[i])
            self._num_yielded += 1
            return self.loader._collate(data)
        sample = self.dataset[self.sampler_iter.__next__()]
        self._num_yielded += 1
        return self.loader._convert(sample)

    def _next_iterable(self) -> Any:
        # PyTorch's _IterableDatasetFetcher in the main thread.
        if self._ended:
            raise StopIteration
        if self.auto_collation:
            want = len(self.sampler_iter.__next__())
            data: List[Any] = []
            while len(data) < want:
                try:
                    data.append(next(self._ds_iter))
                except StopIteration:
                    self._ended = True
                    break
            if len(data) == 0 or (self.loader.drop_last and len(data) < want):
                raise StopIteration
            self._num_yielded += 1
            return self.loader._collate(data)
        self.sampler_iter.__next__()
        sample = next(self._ds_iter)
        self._num_yielded += 1
        return self.loader._convert(sample)
