# Errors before and around init_process_group, as PyTorch words them.
# world: 1
import torch
import torch.distributed as dist

print(dist.is_available(), dist.is_initialized())
try:
    dist.get_rank()
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    dist.all_reduce(torch.ones(1))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    dist.init_process_group("nccl")
except RuntimeError as e:
    print("RuntimeError:", e)
dist.init_process_group("gloo")
try:
    dist.init_process_group("gloo")
except RuntimeError as e:
    print("RuntimeError:", e)
t = torch.tensor([2.0, 3.0])
dist.all_reduce(t)
print(dist.get_rank(), dist.get_world_size(), t.tolist())
dist.destroy_process_group()
print(dist.is_initialized())
