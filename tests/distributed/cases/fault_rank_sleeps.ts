# A rank that stops before a collective (it sleeps past the group's timeout): every rank fails,
# and the message names the collective, its number, its tensor, the ranks that reached it and
# the one that did not, and where each rank was in the script (Note [Hang forensics]).
# world: 2 3
# timeout: 40
# ts-only: the message of hang forensics is this project's
# expect fail: allreduce #2 on a float32 tensor of shape [2, 3] failed
# expect fail: did not reach it: rank 1
# expect fail: rank 0: in allreduce #2 on a float32 tensor of shape [2, 3], issued at
# expect fail: fault_rank_sleeps.ts:23
# expect fail: rank 1: not in a collective; last seen issuing allreduce #1 on a float32 tensor of shape [2, 3] (completed) at
# expect fail: fault_rank_sleeps.ts:20
import torch
import torch.distributed as dist
import time
from datetime import timedelta

dist.init_process_group("gloo", timeout=timedelta(seconds=3))
t = torch.ones(2, 3)
dist.all_reduce(t)
if dist.get_rank() == 1:
    time.sleep(8)
dist.all_reduce(t)
print("not reached", t.tolist())
