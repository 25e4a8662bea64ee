# A rank that raises before a collective: the other rank's all_reduce fails (it does not hang),
# so every rank exits non-zero well within the timeout.
# world: 2 3
# timeout: 40
# expect fail: ValueError: rank 1 gives up
import torch
import torch.distributed as dist
from datetime import timedelta

dist.init_process_group("gloo", timeout=timedelta(seconds=20))
t = torch.ones(4)
dist.all_reduce(t)
if dist.get_rank() == 1:
    raise ValueError("rank 1 gives up")
dist.all_reduce(t)
print("not reached", t.tolist())
