# torch.nn.parallel: DistributedDataParallel (distributed.ts).
from torch.nn.parallel.distributed import DistributedDataParallel
