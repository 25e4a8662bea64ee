# DataLoader throughput, the same script under tsrun and python3 (tools/bench_data runs both):
# a TensorDataset of 20,000 x 784 float32, batch 64, shuffle, over 5 epochs, with 0 and 2
# workers; prints one line per case: "<case> <samples/s>".
import sys
import time
import torch
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
data = TensorDataset(torch.randn(20000, 784), torch.randint(0, 10, (20000,)))
for workers in [0, 2]:
    loader = DataLoader(data, batch_size=64, shuffle=True, num_workers=workers)
    n = 0
    for b in loader:  # warm-up epoch (workers start, caches fill)
        n += 1
    t0 = time.perf_counter()
    seen = 0
    for epoch in range(5):
        for x, y in loader:
            seen += x.size(0)
    dt = time.perf_counter() - t0
    print("tensordataset_w{} {:.0f}".format(workers, seen / dt))
