# Ranks that issue different collectives at the same point (rank 0 all_reduce, the others
# broadcast) exchange nothing (their fingerprints differ) and fail at the timeout, naming both
# sides' collectives and script lines instead of hanging (Note [Hang forensics]).
# world: 2 3
# timeout: 40
# ts-only: PyTorch's Gloo hangs until its timeout with a message naming one side only
# expect fail: mismatched collectives at #2
# expect fail: rank 0: in allreduce #2 on a float32 tensor of shape [10], issued at
# expect fail: fault_mismatched_op.ts:22
# expect fail: rank 1: in broadcast #2 on a float32 tensor of shape [10], issued at
# expect fail: fault_mismatched_op.ts:24
import torch
import torch.distributed as dist
from datetime import timedelta

dist.init_process_group("gloo", timeout=timedelta(seconds=3))
t = torch.ones(10)
dist.all_reduce(t)
print(t.tolist())
if dist.get_rank() == 0:
    # the mismatch
    dist.all_reduce(t)
else:
    dist.broadcast(t, 0)
print("not reached", t.tolist())
