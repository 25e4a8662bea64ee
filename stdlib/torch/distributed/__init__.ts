# torch.distributed: stores, process groups and collectives over src/distributed (the Gloo
# backend on CPU tensors). The Python API and its argument rules live here; the stores, the
# groups and the collectives are native handles from _ts (src/runtime/builtins_distributed.cpp).
# Store.get returns str where PyTorch returns bytes (Ts has no bytes type).
import torch
import _ts
import os
import time
from datetime import timedelta
from typing import Any, List, Optional


class ReduceOp:
    SUM = 0
    AVG = 1
    PRODUCT = 2
    MIN = 3
    MAX = 4
    BAND = 5
    BOR = 6
    BXOR = 7


class Backend:
    UNDEFINED = "undefined"
    GLOO = "gloo"
    NCCL = "nccl"
    MPI = "mpi"


# Collectives time out after 10 minutes unless init_process_group is given another timeout
# (PyTorch waits 30): a hang is reported sooner (src/distributed/README.md).
default_pg_timeout = timedelta(minutes=10)


def _seconds(timeout: Optional[timedelta]) -> Optional[float]:
    if timeout is None:
        return None
    return timeout.total_seconds()


class Store:
    def __init__(self, handle: Any):
        self._handle: Any = handle

    def set(self, key: str, value: str) -> None:
        _ts.dist_store_set(self._handle, key, value)

    def get(self, key: str) -> str:
        return _ts.dist_store_get(self._handle, key)

    def add(self, key: str, value: int) -> int:
        return _ts.dist_store_add(self._handle, key, value)

    def compare_set(self, key: str, expected_value: str, desired_value: str) -> str:
        return _ts.dist_store_compare_set(self._handle, key, expected_value, desired_value)

    def delete_key(self, key: str) -> bool:
        return _ts.dist_store_delete_key(self._handle, key)

    def num_keys(self) -> int:
        return _ts.dist_store_num_keys(self._handle)

    def check(self, keys: List[str]) -> bool:
        return _ts.dist_store_check(self._handle, keys)

    def wait(self, keys: List[str], timeout: Optional[timedelta] = None) -> None:
        _ts.dist_store_wait(self._handle, keys, _seconds(timeout))

    def set_timeout(self, timeout: timedelta) -> None:
        _ts.dist_store_set_timeout(self._handle, timeout.total_seconds())

    @property
    def timeout(self) -> timedelta:
        return timedelta(seconds=_ts.dist_store_timeout(self._handle))


class HashStore(Store):
    def __init__(self):
        super().__init__(_ts.dist_hash_store(300.0))


class FileStore(Store):
    def __init__(self, file_name: str, world_size: int = -1):
        super().__init__(_ts.dist_file_store(file_name, world_size, 300.0))
        self.path = file_name


class TCPStore(Store):
    def __init__(self, host_name: str, port: int, world_size: Optional[int] = None, is_master: bool = False,
                 timeout: timedelta = timedelta(seconds=300), wait_for_workers: bool = True):
        n = -1 if world_size is None else world_size
        super().__init__(_ts.dist_tcp_store(host_name, port, n, is_master, timeout.total_seconds(), wait_for_workers))
        self.host = host_name
        self.port: int = _ts.dist_store_port(self._handle)


class PrefixStore(Store):
    def __init__(self, prefix: str, store: Store):
        super().__init__(_ts.dist_prefix_store(prefix, store._handle))
        self.underlying_store = store


class Future:
    # The future of a Work (Work.get_future()): its value is the tensors the collective wrote.
    def __init__(self, work: "Work"):
        self._work = work

    def wait(self) -> List[torch.Tensor]:
        self._work.wait()
        return self._work.result()

    def value(self) -> List[torch.Tensor]:
        return self.wait()

    def done(self) -> bool:
        return self._work.is_completed()


class Work:
    def __init__(self, handle: Any):
        self._handle: Any = handle

    def wait(self, timeout: Optional[timedelta] = None) -> bool:
        return _ts.dist_work_wait(self._handle, _seconds(timeout))

    def is_completed(self) -> bool:
        return _ts.dist_work_is_completed(self._handle)

    def is_success(self) -> bool:
        return _ts.dist_work_is_success(self._handle)

    def result(self) -> List[torch.Tensor]:
        return _ts.dist_work_result(self._handle)

    def source_rank(self) -> int:
        return _ts.dist_work_source_rank(self._handle)

    def get_future(self) -> Future:
        return Future(self)


class ProcessGroup:
    # A group of processes. `_ranks` are the global ranks of its members in group-rank order;
    # a process outside the group holds one with no handle (GroupMember.NON_GROUP_MEMBER).
    def __init__(self, handle: Any, ranks: List[int]):
        self._handle: Any = handle
        self._ranks = ranks

    def rank(self) -> int:
        return _ts.dist_group_rank(self._handle)

    def size(self) -> int:
        return _ts.dist_group_size(self._handle)

    def name(self) -> str:
        return _ts.dist_group_backend(self._handle)

    # The process group's own API, as the seeds drive it: lists of one tensor.
    def allreduce(self, tensors: List[torch.Tensor], op: int = ReduceOp.SUM) -> Work:
        _one_tensor(tensors, "allreduce")
        return Work(_ts.dist_all_reduce(self._handle, tensors[0], op))

    def broadcast(self, tensors: List[torch.Tensor], root: int = 0) -> Work:
        _one_tensor(tensors, "broadcast")
        return Work(_ts.dist_broadcast(self._handle, tensors[0], root))

    def barrier(self) -> Work:
        return Work(_ts.dist_barrier(self._handle))


class ProcessGroupGloo(ProcessGroup):
    def __init__(self, store: Store, rank: int, size: int, timeout: timedelta = timedelta(minutes=10)):
        super().__init__(_ts.dist_gloo_group(store._handle, rank, size, timeout.total_seconds()), [i for i in range(size)])


def _one_tensor(tensors: List[torch.Tensor], fn: str) -> None:
    if len(tensors) != 1:
        raise RuntimeError("ProcessGroupGloo::" + fn + ": requires a single-element tensor list, got " + str(len(tensors)))


class _World:
    def __init__(self):
        self.pg: Optional[ProcessGroup] = None
        self.store: Optional[Store] = None
        self.backend = ""
        self.group_count = 0


_world = _World()


class group:
    # The default process group once initialized (init_process_group sets it), else None.
    WORLD: Optional[ProcessGroup] = None


class GroupMember:
    # group.WORLD under its older name, kept equal to it.
    WORLD: Optional[ProcessGroup] = None
    NON_GROUP_MEMBER = ProcessGroup(None, [])


def _set_default_pg(pg: Optional[ProcessGroup]) -> None:
    _world.pg = pg
    group.WORLD = pg
    GroupMember.WORLD = pg


def is_available() -> bool:
    return True


def is_gloo_available() -> bool:
    return True


def is_nccl_available() -> bool:
    return False


def is_mpi_available() -> bool:
    return False


def is_initialized() -> bool:
    return _world.pg is not None


def is_torchelastic_launched() -> bool:
    # As PyTorch: TORCHELASTIC_RUN_ID set (torchrun and tsrun --nproc set it).
    return os.environ.get("TORCHELASTIC_RUN_ID") is not None


def _default_pg() -> ProcessGroup:
    pg = _world.pg
    if pg is None:
        raise RuntimeError("Default process group has not been initialized, please make sure to call init_process_group.")
    return pg


def _env(name: str, method: str) -> str:
    v = os.environ.get(name)
    if v is None:
        raise ValueError("Error initializing torch.distributed using " + method + " rendezvous: environment variable " + name + " expected, but not set")
    return v


def _int_env(name: str, method: str) -> int:
    v = _env(name, method)
    if not v.strip().lstrip("-").isdigit():
        raise ValueError("Error initializing torch.distributed using " + method + " rendezvous: environment variable " + name + " must be an integer, got '" + v + "'")
    return int(v)


def _tcp_store(host: str, port: int, rank: int, world_size: int, timeout: timedelta) -> Store:
    # Rank 0 hosts the store unless the launcher already does (tsrun --nproc sets
    # TORCHELASTIC_USE_AGENT_STORE, as torchrun does).
    # Each attempt of a restarted job keeps its keys apart, as PyTorch's env:// does.
    if os.environ.get("TORCHELASTIC_USE_AGENT_STORE", "") == "True":
        attempt = os.environ.get("TORCHELASTIC_RESTART_COUNT", "0")
        return PrefixStore("/worker/attempt_" + attempt, TCPStore(host, port, world_size, False, timeout, True))
    return TCPStore(host, port, world_size, rank == 0, timeout, True)


def init_process_group(backend: str, init_method: Optional[str] = None, timeout: Optional[timedelta] = None,
                       world_size: int = -1, rank: int = -1, store: Optional[Store] = None, group_name: str = "") -> None:
    if timeout is None:
        timeout = default_pg_timeout
    if _world.pg is not None:
        raise RuntimeError("trying to initialize the default process group twice!")
    name = backend.lower()
    if name == "nccl" or name == "mpi":
        raise RuntimeError("Distributed package doesn't have " + name.upper() + " built in")
    if name != "gloo":
        raise ValueError("Invalid backend: '" + backend + "'")
    if store is not None and init_method is not None:
        raise ValueError("Cannot specify both init_method and store.")
    if store is not None:
        if world_size <= 0:
            raise ValueError("world_size must be positive if using store")
        if rank < 0:
            raise ValueError("rank must be non-negative if using store")
        s = store
    else:
        method = "env://" if init_method is None else init_method
        if method.startswith("env://"):
            if rank < 0:
                rank = _int_env("RANK", "env://")
            if world_size < 0:
                world_size = _int_env("WORLD_SIZE", "env://")
            s = _tcp_store(_env("MASTER_ADDR", "env://"), _int_env("MASTER_PORT", "env://"), rank, world_size, timeout)
        elif method.startswith("tcp://"):
            if rank < 0:
                raise ValueError("Error initializing torch.distributed using tcp:// rendezvous: rank parameter missing")
            if world_size < 0:
                raise ValueError("Error initializing torch.distributed using tcp:// rendezvous: world_size parameter missing")
            parts = method[6:].split(":")
            if len(parts) < 2 or not parts[len(parts) - 1].isdigit():
                raise ValueError("Error initializing torch.distributed using tcp:// rendezvous: port number missing in '" + method + "'")
            s = _tcp_store(":".join(parts[:len(parts) - 1]), int(parts[len(parts) - 1]), rank, world_size, timeout)
        elif method.startswith("file://"):
            if rank < 0:
                raise ValueError("Error initializing torch.distributed using file:// rendezvous: rank parameter missing")
            if world_size < 0:
                raise ValueError("Error initializing torch.distributed using file:// rendezvous: world_size parameter missing")
            s = FileStore(method[7:], world_size)
        else:
            raise RuntimeError("No rendezvous handler for " + method)
    if rank >= world_size:
        raise ValueError("rank " + str(rank) + " is out of range for world_size " + str(world_size))
    s.set_timeout(timeout)
    _world.store = s
    _set_default_pg(ProcessGroupGloo(PrefixStore("default_pg", s), rank, world_size, timeout))
    _world.backend = "gloo"
    _world.group_count = 0


def destroy_process_group(group: Optional[ProcessGroup] = None) -> None:
    if group is None or group is _world.pg:
        _default_pg()
        _set_default_pg(None)
        _world.store = None
        _world.backend = ""


def get_backend(group: Optional[ProcessGroup] = None) -> str:
    _default_pg()
    if group is not None and group._handle is None:
        raise RuntimeError("Invalid process group specified")
    return _world.backend


def _group(group: Optional[ProcessGroup]) -> ProcessGroup:
    if group is None:
        return _default_pg()
    return group


def get_rank(group: Optional[ProcessGroup] = None) -> int:
    g = _group(group)
    if g._handle is None:
        return -1
    return g.rank()


def get_world_size(group: Optional[ProcessGroup] = None) -> int:
    g = _group(group)
    if g._handle is None:
        return -1
    return g.size()


def get_global_rank(group: ProcessGroup, group_rank: int) -> int:
    if group_rank < 0 or group_rank >= len(group._ranks):
        raise RuntimeError("Group rank " + str(group_rank) + " is not part of group")
    return group._ranks[group_rank]


def get_group_rank(group: ProcessGroup, global_rank: int) -> int:
    for i in range(len(group._ranks)):
        if group._ranks[i] == global_rank:
            return i
    raise RuntimeError("Global rank " + str(global_rank) + " is not part of group")


def new_group(ranks: Optional[List[int]] = None, timeout: Optional[timedelta] = None, backend: Optional[str] = None) -> ProcessGroup:
    if timeout is None:
        timeout = default_pg_timeout
    world = _default_pg()
    store = _world.store
    assert store is not None
    n = world.size()
    members = [i for i in range(n)] if ranks is None else sorted(ranks)
    for r in members:
        if r < 0 or r >= n:
            raise RuntimeError("The new group's rank should be within the world_size set by init_process_group")
    _world.group_count += 1
    me = world.rank()
    if me not in members:
        return GroupMember.NON_GROUP_MEMBER
    prefix = PrefixStore(str(_world.group_count) + "/", store)
    g = ProcessGroupGloo(prefix, members.index(me), len(members), timeout)
    g._ranks = members
    return g


def _skip(group: Optional[ProcessGroup]) -> bool:
    # A process outside `group` takes no part in its collectives (PyTorch warns and returns).
    return group is not None and group._handle is None


def _group_rank(g: ProcessGroup, global_rank: int, what: str) -> int:
    for i in range(len(g._ranks)):
        if g._ranks[i] == global_rank:
            return i
    raise ValueError("Invalid " + what + " rank " + str(global_rank) + ": it is not part of the group")


def _finish(work: Any, async_op: bool) -> Any:
    w = Work(work)
    if async_op:
        return w
    w.wait()
    return None


def all_reduce(tensor: torch.Tensor, op: int = ReduceOp.SUM, group: Optional[ProcessGroup] = None, async_op: bool = False) -> Any:
    if _skip(group):
        return None
    g = _group(group)
    return _finish(_ts.dist_all_reduce(g._handle, tensor, op), async_op)


def broadcast(tensor: torch.Tensor, src: int, group: Optional[ProcessGroup] = None, async_op: bool = False) -> Any:
    if _skip(group):
        return None
    g = _group(group)
    return _finish(_ts.dist_broadcast(g._handle, tensor, _group_rank(g, src, "source")), async_op)


def reduce(tensor: torch.Tensor, dst: int, op: int = ReduceOp.SUM, group: Optional[ProcessGroup] = None, async_op: bool = False) -> Any:
    if _skip(group):
        return None
    g = _group(group)
    return _finish(_ts.dist_reduce(g._handle, tensor, _group_rank(g, dst, "destination"), op), async_op)


def all_gather(tensor_list: List[torch.Tensor], tensor: torch.Tensor, group: Optional[ProcessGroup] = None, async_op: bool = False) -> Any:
    if _skip(group):
        return None
    g = _group(group)
    return _finish(_ts.dist_all_gather(g._handle, tensor_list, tensor), async_op)


def all_gather_into_tensor(output_tensor: torch.Tensor, input_tensor: torch.Tensor, group: Optional[ProcessGroup] = None,
                           async_op: bool = False) -> Any:
    if _skip(group):
        return None
    g = _group(group)
    return _finish(_ts.dist_all_gather_into_tensor(g._handle, output_tensor, input_tensor), async_op)


def _all_gather_base(output_tensor: torch.Tensor, input_tensor: torch.Tensor, group: Optional[ProcessGroup] = None,
                     async_op: bool = False) -> Any:
    return all_gather_into_tensor(output_tensor, input_tensor, group, async_op)


def gather(tensor: torch.Tensor, gather_list: Optional[List[torch.Tensor]] = None, dst: int = 0,
           group: Optional[ProcessGroup] = None, async_op: bool = False) -> Any:
    if _skip(group):
        return None
    g = _group(group)
    outs: List[torch.Tensor] = [] if gather_list is None else gather_list
    if get_rank() == dst:
        if len(outs) == 0:
            raise ValueError("Argument ``gather_list`` must be specified on destination rank.")
    elif len(outs) != 0:
        raise ValueError("Argument ``gather_list`` must NOT be specified on non-destination ranks.")
    return _finish(_ts.dist_gather(g._handle, tensor, outs, _group_rank(g, dst, "destination")), async_op)


def scatter(tensor: torch.Tensor, scatter_list: Optional[List[torch.Tensor]] = None, src: int = 0,
            group: Optional[ProcessGroup] = None, async_op: bool = False) -> Any:
    if _skip(group):
        return None
    g = _group(group)
    ins: List[torch.Tensor] = [] if scatter_list is None else scatter_list
    if get_rank() == src:
        if len(ins) == 0:
            raise ValueError("Argument ``scatter_list`` must be specified on source rank.")
    elif len(ins) != 0:
        raise ValueError("Argument ``scatter_list`` must NOT be specified on non-source ranks.")
    return _finish(_ts.dist_scatter(g._handle, tensor, ins, _group_rank(g, src, "source")), async_op)


def reduce_scatter(output: torch.Tensor, input_list: List[torch.Tensor], op: int = ReduceOp.SUM,
                   group: Optional[ProcessGroup] = None, async_op: bool = False) -> Any:
    if _skip(group):
        return None
    g = _group(group)
    return _finish(_ts.dist_reduce_scatter(g._handle, output, input_list, op), async_op)


def reduce_scatter_tensor(output: torch.Tensor, input: torch.Tensor, op: int = ReduceOp.SUM,
                          group: Optional[ProcessGroup] = None, async_op: bool = False) -> Any:
    if _skip(group):
        return None
    g = _group(group)
    return _finish(_ts.dist_reduce_scatter_tensor(g._handle, output, input, op), async_op)


def all_to_all(output_tensor_list: List[torch.Tensor], input_tensor_list: List[torch.Tensor],
               group: Optional[ProcessGroup] = None, async_op: bool = False) -> Any:
    if _skip(group):
        return None
    g = _group(group)
    return _finish(_ts.dist_all_to_all(g._handle, output_tensor_list, input_tensor_list), async_op)


def all_to_all_single(output: torch.Tensor, input: torch.Tensor, output_split_sizes: Optional[List[int]] = None,
                      input_split_sizes: Optional[List[int]] = None, group: Optional[ProcessGroup] = None,
                      async_op: bool = False) -> Any:
    if _skip(group):
        return None
    g = _group(group)
    return _finish(_ts.dist_all_to_all_single(g._handle, output, input, output_split_sizes, input_split_sizes), async_op)


def barrier(group: Optional[ProcessGroup] = None, async_op: bool = False, device_ids: Optional[List[int]] = None) -> Any:
    if _skip(group):
        return None
    g = _group(group)
    return _finish(_ts.dist_barrier(g._handle), async_op)


def isend(tensor: torch.Tensor, dst: int, group: Optional[ProcessGroup] = None, tag: int = 0) -> Any:
    if _skip(group):
        return None
    g = _group(group)
    if dst == get_rank():
        raise ValueError("Invalid destination rank: destination rank should not be the same as the rank of the current process.")
    _check_tag(tag)
    return Work(_ts.dist_send(g._handle, tensor, _group_rank(g, dst, "destination"), tag))


def irecv(tensor: torch.Tensor, src: Optional[int] = None, group: Optional[ProcessGroup] = None, tag: int = 0) -> Any:
    if _skip(group):
        return None
    g = _group(group)
    _check_tag(tag)
    s = -1 if src is None else _group_rank(g, src, "source")
    return Work(_ts.dist_recv(g._handle, tensor, s, tag))


def send(tensor: torch.Tensor, dst: int, group: Optional[ProcessGroup] = None, tag: int = 0) -> None:
    w = isend(tensor, dst, group, tag)
    if w is not None:
        w.wait()


def recv(tensor: torch.Tensor, src: Optional[int] = None, group: Optional[ProcessGroup] = None, tag: int = 0) -> int:
    w = irecv(tensor, src, group, tag)
    if w is None:
        return -1
    w.wait()
    g = _group(group)
    return g._ranks[w.source_rank()]


# ---- object collectives ----
# Any value torch.save can save (numbers, str, None, tensors, and lists, tuples and dicts of
# them) travels as the bytes torch.save writes, in a uint8 tensor; as in PyTorch, the sizes go
# first and every rank sends a tensor of the largest size. Another value is a TypeError naming
# its type (PyTorch pickles any picklable object).


def _object_to_tensor(obj: Any, fn: str) -> torch.Tensor:
    return _ts.dist_object_to_tensor(obj, fn)


def _tensor_to_object(t: torch.Tensor, size: int) -> Any:
    return _ts.dist_tensor_to_object(t, size)


def _padded(t: torch.Tensor, n: int) -> torch.Tensor:
    out = torch.zeros(n, dtype=torch.uint8)
    out[:t.numel()] = t
    return out


def all_gather_object(object_list: List[Any], obj: Any, group: Optional[ProcessGroup] = None) -> None:
    if _skip(group):
        return None
    data = _object_to_tensor(obj, "all_gather_object")
    n = get_world_size(group)
    sizes = torch.zeros(n, dtype=torch.int64)
    size_list = [sizes[i].unsqueeze(0) for i in range(n)]
    all_gather(size_list, torch.tensor([data.numel()], dtype=torch.int64), group=group)
    longest = int(sizes.max().item())
    out = torch.empty(longest * n, dtype=torch.uint8)
    outs = [out[longest * i:longest * (i + 1)] for i in range(n)]
    all_gather(outs, _padded(data, longest), group=group)
    for i in range(n):
        object_list[i] = _tensor_to_object(outs[i], int(sizes[i].item()))


def gather_object(obj: Any, object_gather_list: Optional[List[Any]] = None, dst: int = 0,
                  group: Optional[ProcessGroup] = None) -> None:
    if _skip(group):
        return None
    me = get_rank()
    if me == dst:
        if object_gather_list is None or len(object_gather_list) == 0:
            raise ValueError("Argument ``gather_list`` must be specified on destination rank.")
    elif object_gather_list is not None and len(object_gather_list) != 0:
        raise ValueError("Argument ``gather_list`` must NOT be specified on non-destination ranks.")
    data = _object_to_tensor(obj, "gather_object")
    n = get_world_size(group)
    sizes = torch.zeros(n, dtype=torch.int64)
    size_list = [sizes[i].unsqueeze(0) for i in range(n)]
    all_gather(size_list, torch.tensor([data.numel()], dtype=torch.int64), group=group)
    longest = int(sizes.max().item())
    out = torch.empty(longest * n, dtype=torch.uint8)
    outs = [out[longest * i:longest * (i + 1)] for i in range(n)]
    gather(_padded(data, longest), outs if me == dst else None, dst, group)
    if me == dst and object_gather_list is not None:
        for i in range(n):
            object_gather_list[i] = _tensor_to_object(outs[i], int(sizes[i].item()))


def broadcast_object_list(object_list: List[Any], src: int = 0, group: Optional[ProcessGroup] = None,
                          device: Any = None) -> None:
    # The source keeps its own objects; the others get copies.
    if _skip(group):
        return None
    me = get_rank()
    datas: List[torch.Tensor] = []
    if me == src:
        datas = [_object_to_tensor(o, "broadcast_object_list") for o in object_list]
        sizes = torch.tensor([d.numel() for d in datas], dtype=torch.int64)
    else:
        sizes = torch.empty(len(object_list), dtype=torch.int64)
    broadcast(sizes, src, group)
    if me == src:
        data = torch.cat(datas) if len(datas) > 0 else torch.empty(0, dtype=torch.uint8)
    else:
        data = torch.empty(int(sizes.sum().item()), dtype=torch.uint8)
    broadcast(data, src, group)
    if me != src:
        offset = 0
        for i in range(len(object_list)):
            k = int(sizes[i].item())
            object_list[i] = _tensor_to_object(data[offset:offset + k], k)
            offset += k


def scatter_object_list(scatter_object_output_list: List[Any], scatter_object_input_list: Optional[List[Any]] = None,
                        src: int = 0, group: Optional[ProcessGroup] = None) -> None:
    # As PyTorch 1.13, `src` is compared with the rank in `group`.
    if _skip(group):
        return None
    if len(scatter_object_output_list) < 1:
        raise RuntimeError("Expected argument scatter_object_output_list to be a list of size at least 1.")
    me = get_rank(group)
    datas: List[torch.Tensor] = []
    sizes: List[torch.Tensor] = []
    longest = torch.tensor([0], dtype=torch.int64)
    if me == src:
        if scatter_object_input_list is None:
            raise ValueError("Argument ``scatter_object_input_list`` must be specified on the source rank.")
        for o in scatter_object_input_list:
            datas.append(_object_to_tensor(o, "scatter_object_list"))
            sizes.append(torch.tensor([datas[len(datas) - 1].numel()], dtype=torch.int64))
        for sz in sizes:
            if sz.item() > longest.item():
                longest = sz.clone()
        datas = [_padded(d, int(longest.item())) for d in datas]
    broadcast(longest, src, group)
    out = torch.empty(int(longest.item()), dtype=torch.uint8)
    scatter(out, datas if me == src else None, src, group)
    size = torch.tensor([0], dtype=torch.int64)
    scatter(size, sizes if me == src else None, src, group)
    scatter_object_output_list[0] = _tensor_to_object(out, int(size.item()))


# ---- monitored_barrier ----


def _join(ranks: List[int]) -> str:
    return ", ".join([str(r) for r in ranks])


def monitored_barrier(group: Optional[ProcessGroup] = None, timeout: Optional[timedelta] = None,
                      wait_all_ranks: bool = False) -> None:
    # Gloo's, over send/recv: every other rank sends to rank 0 and waits for its answer; rank 0
    # receives from each within `timeout` and, when all came, answers them. Rank 0 names the
    # ranks that did not come (the first one, or all with wait_all_ranks); the others fail when
    # rank 0 does. Its messages on their own tags (-1, -2), which user sends cannot use.
    if _skip(group):
        return None
    g = _group(group)
    if timeout is None:
        timeout = default_pg_timeout
    ms = int(timeout.total_seconds() * 1000)
    me = g.rank()
    token = torch.tensor([me], dtype=torch.int64)
    if me != 0:
        try:
            Work(_ts.dist_send(g._handle, token, 0, -1)).wait()
            Work(_ts.dist_recv(g._handle, token, 0, -2)).wait()
        except RuntimeError as e:
            raise RuntimeError("Rank " + str(me) + " successfully reached monitoredBarrier, but received errors while "
                               "waiting for send/recv from rank 0. Please check rank 0 logs for faulty rank.\n"
                               " Original exception: \n" + str(e))
        return None
    start = time.monotonic()
    recvs = [Work(_ts.dist_recv(g._handle, torch.zeros(1, dtype=torch.int64), r, -1)) for r in range(1, g.size())]
    _monitored_wait(recvs, start, ms, wait_all_ranks)
    sends = [Work(_ts.dist_send(g._handle, token, r, -2)) for r in range(1, g.size())]
    _monitored_wait(sends, start, ms, wait_all_ranks)


def _monitored_wait(works: List[Work], start: float, ms: int, wait_all_ranks: bool) -> None:
    # works[i] is rank i + 1's. Each wait gets the time left until start + ms (at least 1 ms).
    done: List[int] = []
    failed: List[int] = []
    for i in range(len(works)):
        left = ms - int((time.monotonic() - start) * 1000)
        if not wait_all_ranks and left < 0:
            info = "No ranks successfully processed in monitoredBarrier."
            if len(done) > 0:
                info = "Successfully processed ranks: " + _join(done)
            raise RuntimeError("Rank 0 timed out in monitoredBarrier after " + str(ms) + " ms.\n" + info)
        try:
            works[i].wait(timedelta(milliseconds=max(left, 1)))
            done.append(i + 1)
        except RuntimeError as e:
            if not wait_all_ranks:
                raise RuntimeError("[Rank 0]: Rank " + str(i + 1) + " failed to pass monitoredBarrier in " + str(ms)
                                   + " ms\n Original exception: \n" + str(e))
            failed.append(i + 1)
    if len(failed) > 0:
        raise RuntimeError("[Rank 0]: Ranks " + _join(failed) + " failed to pass monitoredBarrier in " + str(ms) + " ms")


def _check_tag(tag: int) -> None:
    # As PyTorch's Gloo; negative tags are monitored_barrier's.
    if tag < 0:
        raise RuntimeError("Tag must be nonnegative")
