# torch.utils.data: datasets, samplers and the DataLoader (PyTorch 1.13's names).
from typing import Any, Callable, Dict, List, Optional, Tuple
from torch.utils.data.dataset import (Dataset, IterableDataset, TensorDataset, ConcatDataset, ChainDataset, Subset,
                                      random_split)
from torch.utils.data.sampler import (Sampler, SequentialSampler, RandomSampler, SubsetRandomSampler,
                                      WeightedRandomSampler, BatchSampler)
from torch.utils.data.dataloader import DataLoader, default_collate, default_convert, get_worker_info, WorkerInfo
from torch.utils.data.distributed import DistributedSampler
