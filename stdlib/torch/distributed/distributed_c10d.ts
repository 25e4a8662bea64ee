# torch.distributed's process groups and tensor collectives over src/distributed (the Gloo
# backend on CPU tensors): the Python API and its argument rules live here; the groups and the
# collectives are native handles from _ts (src/runtime/builtins_distributed.cpp).
import torch
import _ts
import os
from datetime import timedelta
from typing import Any, List, Optional
from torch.distributed._store import Store, HashStore, FileStore, TCPStore, PrefixStore, _seconds


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
    # As PyTorch: on the default group the global rank is the group rank (a collective's
    # backend then names a rank out of range); another group must contain it.
    if group is _world.pg:
        return global_rank
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
    return _finish(_ts.dist_broadcast(g._handle, tensor, get_group_rank(g, src)), async_op)


def reduce(tensor: torch.Tensor, dst: int, op: int = ReduceOp.SUM, group: Optional[ProcessGroup] = None, async_op: bool = False) -> Any:
    if _skip(group):
        return None
    g = _group(group)
    return _finish(_ts.dist_reduce(g._handle, tensor, get_group_rank(g, dst), op), async_op)


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
    return _finish(_ts.dist_gather(g._handle, tensor, outs, get_group_rank(g, dst)), async_op)


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
    return _finish(_ts.dist_scatter(g._handle, tensor, ins, get_group_rank(g, src)), async_op)


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
    return Work(_ts.dist_send(g._handle, tensor, get_group_rank(g, dst), tag))


def irecv(tensor: torch.Tensor, src: Optional[int] = None, group: Optional[ProcessGroup] = None, tag: int = 0) -> Any:
    if _skip(group):
        return None
    g = _group(group)
    _check_tag(tag)
    s = -1 if src is None else get_group_rank(g, src)
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


def _check_tag(tag: int) -> None:
    # As PyTorch's Gloo; negative tags are monitored_barrier's.
    if tag < 0:
        raise RuntimeError("Tag must be nonnegative")
