# An all_reduce whose element counts differ across ranks (10 on rank 0, 11 on rank 1) moves no
# data: it neither corrupts the longer tensor nor crashes the process; every rank fails at the
# timeout naming both shapes and the script line (Note [Hang forensics]).
# world: 2
# timeout: 40
# ts-only: PyTorch's Gloo aborts the process of the rank with the shorter tensor
# expect fail: mismatched collectives at #1
# expect fail: rank 0: in allreduce #1 on a float32 tensor of shape [10], issued at
# expect fail: rank 1: in allreduce #1 on a float32 tensor of shape [11], issued at
# expect fail: fault_mismatched_shape.ts:18
import torch
import torch.distributed as dist
from datetime import timedelta

dist.init_process_group("gloo", timeout=timedelta(seconds=3))
t = torch.ones(10 + dist.get_rank())
# the mismatch
dist.all_reduce(t)
print("not reached", t.tolist())
