# The collectives of the default group on CPU tensors, as PyTorch's Gloo computes them.
# world: 2 3 4
import torch
import torch.distributed as dist

dist.init_process_group("gloo")
rank = dist.get_rank()
world = dist.get_world_size()
print("rank", rank, "of", world, dist.is_initialized(), dist.get_backend())

t = torch.arange(4, dtype=torch.float32) + rank
dist.all_reduce(t)
print("sum", t.tolist())
for op in [dist.ReduceOp.PRODUCT, dist.ReduceOp.MIN, dist.ReduceOp.MAX]:
    x = torch.tensor([rank + 1.0, 10.0 - rank, -rank * 2.0])
    dist.all_reduce(x, op=op)
    print("op", op == dist.ReduceOp.MAX, x.tolist())
i = torch.tensor([rank, rank * rank, 7], dtype=torch.int64)
dist.all_reduce(i, op=dist.ReduceOp.SUM)
print("int64", i.tolist())
d = torch.full((2, 3), 0.5 * (rank + 1), dtype=torch.float64)
dist.all_reduce(d)
print("float64", d.sum().item(), d.dtype)
bits = torch.tensor([rank + 1, 3, 12], dtype=torch.int32)
dist.all_reduce(bits, op=dist.ReduceOp.BOR)
print("bor", bits.tolist())

b = torch.zeros(3) if rank != 1 else torch.tensor([1.5, 2.5, 3.5])
dist.broadcast(b, src=1)
print("broadcast", b.tolist())

r = torch.ones(2) * (rank + 1)
dist.reduce(r, dst=0)
if rank == 0:
    print("reduce", r.tolist())

outs = [torch.zeros(2, dtype=torch.int64) for _ in range(world)]
dist.all_gather(outs, torch.tensor([rank, -rank]))
print("all_gather", [o.tolist() for o in outs])

g = [torch.zeros(3) for _ in range(world)] if rank == 0 else None
dist.gather(torch.arange(3.0) * rank, gather_list=g, dst=0)
if g is not None:
    print("gather", [x.tolist() for x in g])

s = torch.zeros(2)
sl = [torch.tensor([k * 10.0, k * 10.0 + 1]) for k in range(world)] if rank == world - 1 else None
dist.scatter(s, scatter_list=sl, src=world - 1)
print("scatter", s.tolist())

inp = torch.arange(world * 2) + rank * 100
out = torch.empty(world * 2, dtype=torch.int64)
dist.all_to_all_single(out, inp)
print("all_to_all_single", out.tolist())

works = []
ts = []
for k in range(5):
    x = torch.full((3,), float(k + rank))
    ts.append(x)
    works.append(dist.all_reduce(x, async_op=True))
for w in works:
    w.wait()
print("async", [x[0].item() for x in ts], all([w.is_completed() for w in works]))

nc = torch.arange(12.0).reshape(3, 4).t()
dist.all_reduce(nc)
print("non-contiguous", nc.tolist())

dist.barrier()
if rank == 0:
    for k in range(1, world):
        dist.send(torch.tensor([k * 3.0, k * 4.0]), dst=k)
else:
    got = torch.zeros(2)
    src = dist.recv(got, src=0)
    print("recv", src, got.tolist())
dist.barrier()
dist.destroy_process_group()
print("done", dist.is_initialized())
