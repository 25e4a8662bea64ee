# Collectives PyTorch 1.13's Gloo backend does not have (it raises "no support"), which ours
# runs: all_gather_into_tensor, reduce_scatter(_tensor), all_to_all of lists, ReduceOp.AVG.
# world: 2
# ts-only: PyTorch's Gloo lacks these collectives; the expected values are worked out by hand
# expect rank 0: all_gather_into_tensor [0.0, 0.5, 1.0, 1.5]
# expect rank 0: reduce_scatter [11.0, 11.0]
# expect rank 0: reduce_scatter_tensor [2.0, 4.0]
# expect rank 0: all_to_all [[0, 0], [100, 100]]
# expect rank 0: avg [0.5, 5.0]
# expect rank 1: all_gather_into_tensor [0.0, 0.5, 1.0, 1.5]
# expect rank 1: reduce_scatter [22.0, 22.0]
# expect rank 1: reduce_scatter_tensor [6.0, 8.0]
# expect rank 1: all_to_all [[1, 1], [101, 101]]
# expect rank 1: avg [0.5, 5.0]
import torch
import torch.distributed as dist

dist.init_process_group("gloo")
rank = dist.get_rank()
world = dist.get_world_size()
big = torch.empty(world * 2)
dist.all_gather_into_tensor(big, torch.tensor([rank * 1.0, rank * 1.0 + 0.5]))
print("all_gather_into_tensor", big.tolist())
# rank r contributes (k + 1) * (10 + r) * ones(2) for chunk k: chunk k sums to (k + 1) * 21 / ... worked out:
# chunk 0: 1 * 10 + 1 * 1 = 11 (ranks give 10 and 1); chunk 1: 2 * 10 + 2 * 1 = 22.
ins = [torch.full((2,), float((k + 1) * (10 if rank == 0 else 1))) for k in range(world)]
out = torch.zeros(2)
dist.reduce_scatter(out, ins)
print("reduce_scatter", out.tolist())
flat = torch.arange(4.0) + 1
res = torch.zeros(2)
dist.reduce_scatter_tensor(res, flat)
print("reduce_scatter_tensor", res.tolist())
outs = [torch.zeros(2, dtype=torch.int64) for _ in range(world)]
dist.all_to_all(outs, [torch.full((2,), k + rank * 100, dtype=torch.int64) for k in range(world)])
print("all_to_all", [o.tolist() for o in outs])
a = torch.tensor([float(rank), 10.0 * rank])
dist.all_reduce(a, op=dist.ReduceOp.AVG)
print("avg", a.tolist())
