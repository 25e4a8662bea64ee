# torch.optim: optimizers with PyTorch 1.13's single-tensor update math.
import torch
import torch.nn as nn
from typing import List, Dict, Optional, Any


class Optimizer:
    def __init__(self, params: List[torch.Tensor], lr: float):
        self.params = params
        self.lr = lr

    def zero_grad(self, set_to_none: bool = False) -> None:
        nn._zero_grad(self.params, set_to_none)


class SGD(Optimizer):
    def __init__(self, params: List[torch.Tensor], lr: float, momentum: float = 0.0, dampening: float = 0.0,
                 weight_decay: float = 0.0, nesterov: bool = False, maximize: bool = False):
        super().__init__(params, lr)
        self.momentum = momentum
        self.dampening = dampening
        self.weight_decay = weight_decay
        self.nesterov = nesterov
        self.maximize = maximize
        self.momentum_buffer: Dict[torch.Tensor, torch.Tensor] = {}

    def step(self) -> None:
        with torch.no_grad():
            for param in self.params:
                if param.grad is None:
                    continue
                d_p = param.grad if not self.maximize else -param.grad
                if self.weight_decay != 0:
                    d_p = d_p.add(param, alpha=self.weight_decay)
                if self.momentum != 0:
                    if param in self.momentum_buffer:
                        buf = self.momentum_buffer[param]
                        buf.mul_(self.momentum).add_(d_p, alpha=1 - self.dampening)
                    else:
                        buf = torch.clone(d_p).detach()
                        self.momentum_buffer[param] = buf
                    if self.nesterov:
                        d_p = d_p.add(buf, alpha=self.momentum)
                    else:
                        d_p = buf
                param.add_(d_p, alpha=-self.lr)
