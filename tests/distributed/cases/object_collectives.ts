# The object collectives: any value torch.save can save (numbers, str, None, tensors, lists,
# tuples, dicts), of a different size on every rank, gathered, broadcast and scattered; also
# over a group without rank 0.
# world: 2 3
import torch
import torch.distributed as dist
from typing import Any, Dict, List

dist.init_process_group("gloo")
rank = dist.get_rank()
world = dist.get_world_size()


def obj(r: int) -> Any:
    d: Dict[str, Any] = {"rank": r, "name": "r" * (r + 1), "t": torch.arange(r + 2, dtype=torch.float32) * 0.5}
    d["nested"] = (r, (r, "x", None), {"k": (1.5 * r, True)}, [r, r + 1])
    return d


gathered: List[Any] = [None for _ in range(world)]
dist.all_gather_object(gathered, obj(rank))
for i in range(world):
    g = gathered[i]
    print("all_gather", i, g["rank"], g["name"], g["t"].tolist(), g["t"].dtype, g["nested"])

gathered2: List[Any] = [None for _ in range(world)]
mine: Any = rank * 10
if rank % 2 == 1:
    mine = "odd" + str(rank)
dist.all_gather_object(gathered2, mine)
print("all_gather mixed", gathered2)
print("whole", gathered[world - 1])

out: List[Any] = [None for _ in range(world)] if rank == 0 else []
dist.gather_object((rank, [rank] * rank), out if rank == 0 else None, dst=0)
print("gather", out)

objs: List[Any] = [1, "two", {"three": torch.tensor([3, 3])}, (4.5, None)] if rank == world - 1 else [None, None, None, None]
dist.broadcast_object_list(objs, src=world - 1)
print("broadcast", objs[0], objs[1], objs[2]["three"].tolist(), objs[3])
grads: List[Any] = [{"w": torch.ones(2, requires_grad=True), "i": torch.tensor([[1, 2]]), "b": torch.tensor([True])}]
dist.broadcast_object_list(grads, src=0)
print("broadcast tensors", grads[0])

inputs: List[Any] = [{"for": i, "data": [i] * (i + 1)} for i in range(world)]
got: List[Any] = [None]
dist.scatter_object_list(got, inputs if rank == 0 else None, src=0)
print("scatter", got[0])

sub = dist.new_group([i for i in range(1, world)])
if rank != 0:
    sg: List[Any] = [None for _ in range(world - 1)]
    dist.all_gather_object(sg, "member" + str(rank), group=sub)
    print("subgroup", sg)
    b: List[Any] = [rank * 100] if rank == 1 else [None]
    dist.broadcast_object_list(b, src=1, group=sub)
    print("subgroup broadcast", b)
dist.destroy_process_group()
print("after destroy", dist.group.WORLD is None, dist.GroupMember.WORLD is None, dist.is_initialized())
