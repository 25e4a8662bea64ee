# A rank that never joins: the others' rendezvous ends with a timeout error instead of waiting
# for ever.
# world: 2
# timeout: 40
# expect fail: rank 1 never joins
import torch
import torch.distributed as dist
import os
import sys
from datetime import timedelta

if os.environ.get("RANK") == "1":
    print("rank 1 never joins", file=sys.stderr)
    sys.exit(3)
dist.init_process_group("gloo", timeout=timedelta(seconds=5))
dist.barrier()
