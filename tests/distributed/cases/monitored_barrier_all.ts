# monitored_barrier(wait_all_ranks=True): rank 0 waits for every rank and names all that did
# not come.
# world: 3 4
# timeout: 40
import torch.distributed as dist
import time
from datetime import timedelta

dist.init_process_group("gloo")
rank = dist.get_rank()
if rank == 0:
    try:
        dist.monitored_barrier(timeout=timedelta(seconds=1), wait_all_ranks=True)
        print("not reached")
    except RuntimeError as e:
        print("error", str(e))
else:
    time.sleep(3)
    print("rank", rank, "slept")
