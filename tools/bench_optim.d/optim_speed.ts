# optimizer.step() time on a model with many small parameters (200 Linear(16, 16) layers: 400
# tensors of 256 and 16 elements). Runs under tsrun and under python3 with PyTorch; prints the
# microseconds per step (best of 5 timed runs of 50 steps after a warm-up) for the default
# update (foreach=None: the native fused one under tsrun) and the single-tensor loop
# (foreach=False).
#   optim_speed.ts sgd|adam|adamw|rmsprop|adagrad|adadelta|adamax|nadam|radam
import sys
import time
import torch
import torch.nn as nn
from typing import List, Any


def make(name: str, params: Any, foreach: Any) -> Any:
    if name == "sgd":
        return torch.optim.SGD(params, lr=0.01, momentum=0.9, weight_decay=1e-4, foreach=foreach)
    if name == "adamw":
        return torch.optim.AdamW(params, lr=1e-3, foreach=foreach)
    if name == "rmsprop":
        return torch.optim.RMSprop(params, lr=1e-3, momentum=0.9, foreach=foreach)
    if name == "adagrad":
        return torch.optim.Adagrad(params, lr=1e-2, foreach=foreach)
    if name == "adadelta":
        return torch.optim.Adadelta(params, foreach=foreach)
    if name == "adamax":
        return torch.optim.Adamax(params, foreach=foreach)
    if name == "nadam":
        return torch.optim.NAdam(params, foreach=foreach)
    if name == "radam":
        return torch.optim.RAdam(params, foreach=foreach)
    return torch.optim.Adam(params, lr=1e-3, foreach=foreach)


def step_us(name: str, foreach: Any) -> float:
    torch.manual_seed(0)
    layers: List[nn.Module] = []
    for i in range(200):
        layers.append(nn.Linear(16, 16))
    model = nn.Sequential(*layers)
    for p in model.parameters():
        p.grad = torch.randn_like(p) * 0.01
    opt = make(name, model.parameters(), foreach)
    best = 1e30
    for rep in range(6):
        t0 = time.perf_counter()
        for i in range(50):
            opt.step()
        t = (time.perf_counter() - t0) / 50
        if rep > 0 and t < best:
            best = t
    return best * 1e6


name = sys.argv[1] if len(sys.argv) > 1 else "adam"
print(name, round(step_us(name, None), 1), round(step_us(name, False), 1))
