# new_group: a subset of the ranks runs its own collectives; ranks outside it take no part.
# world: 3 4
import torch
import torch.distributed as dist

dist.init_process_group("gloo")
rank = dist.get_rank()
world = dist.get_world_size()
evens = dist.new_group([r for r in range(world) if r % 2 == 0])
odds = dist.new_group([r for r in range(world) if r % 2 == 1])
mine = evens if rank % 2 == 0 else odds
print("group rank", dist.get_rank(mine), "of", dist.get_world_size(mine), "other", dist.get_rank(odds if rank % 2 == 0 else evens))
t = torch.tensor([float(rank + 1)])
dist.all_reduce(t, group=mine)
print("group sum", t.item())
b = torch.tensor([float(rank)])
dist.broadcast(b, src=1 if rank % 2 == 1 else 0, group=mine)
print("group broadcast", b.item())
w = torch.tensor([float(rank * 10)])
dist.all_reduce(w)
print("world sum", w.item())
# A root outside the group: the group names the rank; on the world group the backend does.
try:
    dist.broadcast(b, src=world + 1, group=mine)
except RuntimeError as e:
    print("outside group:", str(e).startswith("Global rank " + str(world + 1) + " is not part of group"))
try:
    dist.reduce(b, dst=world + 1)
except RuntimeError as e:
    print("outside world:", str(e).startswith("ProcessGroupGloo::reduce: invalid root rank: " + str(world + 1)))
