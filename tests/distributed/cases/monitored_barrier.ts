# monitored_barrier: passes when every rank comes; when rank 1 does not, rank 0 names it after
# the timeout (the first line of PyTorch's message; the rest quotes the transport's error) and
# the other ranks fail too, pointing at rank 0. Also group.WORLD, GroupMember.WORLD and
# get_backend(group), also of a group this rank is not in.
# world: 2 3
# timeout: 40
import torch
import torch.distributed as dist
import time
from datetime import timedelta

dist.init_process_group("gloo")
rank = dist.get_rank()
world = dist.get_world_size()
print("world group", dist.group.WORLD is dist.GroupMember.WORLD, dist.get_backend(dist.group.WORLD), dist.get_backend())
print("world rank", dist.get_rank(dist.group.WORLD), dist.get_world_size(group=dist.GroupMember.WORLD))
print("elastic", dist.is_torchelastic_launched())
sub = dist.new_group([0])
if rank == 0:
    print("member", dist.get_backend(sub))
else:
    try:
        dist.get_backend(sub)
    except RuntimeError as e:
        print("non-member", e)
dist.monitored_barrier(timeout=timedelta(seconds=10))
print("passed")
dist.monitored_barrier(timeout=timedelta(seconds=10), wait_all_ranks=True)
print("passed all")
t = torch.tensor([float(rank)])
dist.all_reduce(t)
print("sum", t.item())
if rank == 1:
    time.sleep(3)
else:
    try:
        dist.monitored_barrier(timeout=timedelta(seconds=1))
        print("not reached")
    except RuntimeError as e:
        print("error", str(e).split("\n")[0])
