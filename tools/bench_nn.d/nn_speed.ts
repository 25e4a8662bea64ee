# Training-step speed of three models (runs under tsrun and under python3 with PyTorch; the
# numbers are steps per second, best of 3 timed runs after a warm-up):
#   mlp    the seeds' MLP: 64x1000 -> 100 -> 10, MSE, SGD with momentum
#   lenet  the seeds' LeNet without dropout: batch 64, 28x28, SGD with momentum
#   lstm   an LSTM cell unrolled 8 steps, batch 64, hidden 256, forward and backward
import sys
import time
import torch
import torch.nn as nn
import torch.nn.functional as F
from typing import List, Callable


class LeNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5)
        self.conv2 = nn.Conv2d(6, 16, 5)
        self.fc1 = nn.Linear(16 * 4 * 4, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, 10)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = torch.flatten(x, 1)
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        return self.fc3(x)


def steps_per_second(steps: int, step: Callable[[], None]) -> float:
    # Best of 3 timed runs after a warm-up run.
    times: List[float] = []
    for rep in range(4):
        t0 = time.perf_counter()
        for i in range(steps):
            step()
        if rep > 0:
            times.append(time.perf_counter() - t0)
    return steps / min(times)


def bench_mlp(steps: int) -> float:
    model = nn.Sequential(nn.Linear(1000, 100), nn.ReLU(), nn.Linear(100, 10))
    opt = torch.optim.SGD(model.parameters(), lr=1e-3, momentum=0.9)
    x = torch.randn(64, 1000)
    y = torch.randn(64, 10)

    def step() -> None:
        opt.zero_grad()
        F.mse_loss(model(x), y).backward()
        opt.step()
    return steps_per_second(steps, step)


def bench_lenet(steps: int) -> float:
    model = LeNet()
    opt = torch.optim.SGD(model.parameters(), lr=1e-2, momentum=0.9)
    x = torch.randn(64, 1, 28, 28)
    y = torch.randint(0, 10, [64])

    def step() -> None:
        opt.zero_grad()
        F.cross_entropy(model(x), y).backward()
        opt.step()
    return steps_per_second(steps, step)


def bench_lstm(steps: int) -> float:
    cell = nn.LSTMCell(256, 256)
    xs = torch.randn(8, 64, 256)

    def step() -> None:
        h = torch.zeros(64, 256)
        c = torch.zeros(64, 256)
        for t in range(8):
            h, c = cell(xs[t], (h, c))
        (h.sum() + c.sum()).backward()
    return steps_per_second(steps, step)


torch.manual_seed(0)
which = sys.argv[1] if len(sys.argv) > 1 else "all"
if which == "all" or which == "mlp":
    print("mlp", round(bench_mlp(200), 1))
if which == "all" or which == "lenet":
    print("lenet", round(bench_lenet(30), 1))
if which == "all" or which == "lstm":
    print("lstm", round(bench_lstm(30), 1))
