# What examples/distributed/allreduce.cpp prints, computed with PyTorch: the SUM and the MAX over
# WORLD_SIZE ranks (default 4) of each rank's tensors.
import sys

import torch

world = int(sys.argv[1]) if len(sys.argv) > 1 else 4
t = torch.stack([torch.full((4,), r + 1.0) for r in range(world)]).sum(0)
m = torch.stack([torch.arange(4) * (r + 1) for r in range(world)]).max(0).values
for rank in range(world):
    print(f"rank {rank}: sum {t!r}, max {m!r}")
