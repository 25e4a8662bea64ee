# torch.distributed's object collectives and monitored_barrier, over the tensor collectives
# of distributed_c10d.ts.
import torch
import _ts
import time
from datetime import timedelta
from typing import Any, List, Optional, Tuple
from torch.distributed.distributed_c10d import (ProcessGroup, Work, default_pg_timeout, _skip, _group, get_rank,
    get_world_size, all_gather, gather, broadcast, scatter)


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


def _exchange_sizes(data: torch.Tensor, group: Optional[ProcessGroup]) -> Tuple[torch.Tensor, List[torch.Tensor]]:
    # Every rank's object size (all-gathered first, as PyTorch does), and one receive buffer
    # per rank, each as long as the longest object.
    n = get_world_size(group)
    sizes = torch.zeros(n, dtype=torch.int64)
    size_list = [sizes[i].unsqueeze(0) for i in range(n)]
    all_gather(size_list, torch.tensor([data.numel()], dtype=torch.int64), group=group)
    longest = int(sizes.max().item())
    out = torch.empty(longest * n, dtype=torch.uint8)
    return sizes, [out[longest * i:longest * (i + 1)] for i in range(n)]


def all_gather_object(object_list: List[Any], obj: Any, group: Optional[ProcessGroup] = None) -> None:
    if _skip(group):
        return None
    data = _object_to_tensor(obj, "all_gather_object")
    sizes, outs = _exchange_sizes(data, group)
    all_gather(outs, _padded(data, outs[0].numel()), group=group)
    for i in range(len(outs)):
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
    sizes, outs = _exchange_sizes(data, group)
    gather(_padded(data, outs[0].numel()), outs if me == dst else None, dst, group)
    if me == dst and object_gather_list is not None:
        for i in range(len(outs)):
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
