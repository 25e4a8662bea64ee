# One rank of tools/bench_distributed (runs under tsrun and under python3 with PyTorch; the
# ranks find each other through MASTER_ADDR, MASTER_PORT, RANK and WORLD_SIZE):
#   allreduce   Gloo all_reduce of float32 tensors from 1 KB to 64 MB; per size, after a warm-up,
#               the best of 3 timed passes of N all_reduces, each call followed by reading
#               one element of its result; rank 0 prints "allreduce BYTES SECONDS_PER_CALL"
#   ddp         one training step of an MLP of 4.2M parameters (batch 8 per rank, MSE, SGD):
#               DistributedDataParallel (all-reduce overlapping backward), and the same model with
#               one all_reduce per gradient after backward; rank 0 prints "ddp|manual SECONDS_PER_STEP"
#   startup     init_process_group, one all_reduce, then prints "startup SECONDS" since BENCH_T0
#               (a time.time() the starter put in the environment)
import os
import sys
import time
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP
from typing import List, Callable

mode = sys.argv[1] if len(sys.argv) > 1 else "allreduce"
if mode == "startup":
    dist.init_process_group("gloo")
    one = torch.ones(1)
    dist.all_reduce(one)
    took = time.time() - float(os.environ.get("BENCH_T0", "0"))
    if one.item() != float(dist.get_world_size()):
        raise RuntimeError("wrong sum")
    print("startup", dist.get_rank(), round(took, 4))
    sys.exit(0)

dist.init_process_group("gloo")
rank = dist.get_rank()
world = dist.get_world_size()


def best_of_3(n: int, body: Callable[[], float]) -> float:
    # A warm-up pass, then the best of 3 timed passes of n calls (seconds per call). The body
    # returns a value read from the result, which every pass checks, so nothing goes unused.
    times: List[float] = []
    for rep in range(4):
        dist.barrier()
        t0 = time.perf_counter()
        seen = 0.0
        for i in range(n):
            seen = body()
        took = time.perf_counter() - t0
        if seen != seen:
            raise RuntimeError("result is NaN")
        if rep > 0:
            times.append(took / n)
    return min(times)


def time_allreduce(nbytes: int) -> float:
    numel = nbytes // 4
    x = torch.ones(numel)
    dist.all_reduce(x)
    if x[0].item() != float(world) or x[numel - 1].item() != float(world):
        raise RuntimeError("wrong all_reduce result")
    # zeros stay zeros however often they are summed; the timed loop runs nothing but the
    # all_reduce and reads one element of its result
    x.zero_()
    n = max(6, min(400, (256 << 20) // (nbytes * 8)))

    def one_allreduce() -> float:
        dist.all_reduce(x)
        return x[numel - 1].item()
    return best_of_3(n, one_allreduce)


def make_mlp() -> nn.Module:
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(1024, 1024), nn.ReLU(), nn.Linear(1024, 1024), nn.ReLU(),
                         nn.Linear(1024, 1024), nn.ReLU(), nn.Linear(1024, 1024))


def time_ddp() -> None:
    torch.manual_seed(1 + rank)
    x = torch.randn(8, 1024)
    y = torch.randn(8, 1024)
    steps = int(os.environ.get("BENCH_STEPS", "10"))

    ddp = DDP(make_mlp())
    opt_ddp = torch.optim.SGD(ddp.parameters(), lr=1e-3)

    def ddp_step() -> float:
        opt_ddp.zero_grad()
        loss = F.mse_loss(ddp(x), y)
        loss.backward()
        opt_ddp.step()
        return loss.item()

    plain = make_mlp()
    params = list(plain.parameters())
    opt_plain = torch.optim.SGD(params, lr=1e-3)

    def manual_step() -> float:
        opt_plain.zero_grad()
        loss = F.mse_loss(plain(x), y)
        loss.backward()
        for p in params:
            g = p.grad
            if g is not None:
                dist.all_reduce(g)
                g.div_(float(world))
        opt_plain.step()
        return loss.item()

    # interleaved, so that both see the same load
    t_ddp: List[float] = []
    t_manual: List[float] = []
    for r in range(2):
        t_ddp.append(best_of_3(steps, ddp_step))
        t_manual.append(best_of_3(steps, manual_step))
    diff = 0.0
    for p, q in zip(ddp.module.parameters(), params):
        diff = max(diff, (p - q).abs().max().item())
    if diff > 1e-4:
        raise RuntimeError("DDP and the manual all_reduce trained apart: " + str(diff))
    if rank == 0:
        print("ddp", min(t_ddp))
        print("manual", min(t_manual))


if mode == "allreduce":
    for nbytes in [1 << 10, 16 << 10, 256 << 10, 1 << 20, 4 << 20, 16 << 20, 64 << 20]:
        t = time_allreduce(nbytes)
        if rank == 0:
            print("allreduce", nbytes, t, flush=True)
elif mode == "ddp":
    time_ddp()
else:
    raise RuntimeError("unknown mode " + mode)
dist.destroy_process_group()
