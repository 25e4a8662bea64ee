# torch.optim: optimizers with PyTorch 1.13's single-tensor update math.
import torch
import torch.nn as nn
import math
from typing import List, Dict, Optional, Any, Tuple


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


class Adam(Optimizer):
    def __init__(self, params: List[torch.Tensor], lr: float = 1e-3, betas: Tuple[float, float] = (0.9, 0.999),
                 eps: float = 1e-8, weight_decay: float = 0.0, amsgrad: bool = False, maximize: bool = False):
        super().__init__(params, lr)
        self.betas = betas
        self.eps = eps
        self.weight_decay = weight_decay
        self.amsgrad = amsgrad
        self.maximize = maximize
        self.step_count: Dict[torch.Tensor, float] = {}
        self.exp_avg: Dict[torch.Tensor, torch.Tensor] = {}
        self.exp_avg_sq: Dict[torch.Tensor, torch.Tensor] = {}
        self.max_exp_avg_sq: Dict[torch.Tensor, torch.Tensor] = {}

    def step(self) -> None:
        beta1, beta2 = self.betas
        with torch.no_grad():
            for param in self.params:
                if param.grad is None:
                    continue
                grad = param.grad if not self.maximize else -param.grad
                if param not in self.step_count:
                    self.step_count[param] = 0.0
                    self.exp_avg[param] = torch.zeros_like(param)
                    self.exp_avg_sq[param] = torch.zeros_like(param)
                    if self.amsgrad:
                        self.max_exp_avg_sq[param] = torch.zeros_like(param)
                step = self.step_count[param] + 1.0
                self.step_count[param] = step
                exp_avg = self.exp_avg[param]
                exp_avg_sq = self.exp_avg_sq[param]
                if self.weight_decay != 0:
                    grad = grad.add(param, alpha=self.weight_decay)
                exp_avg.mul_(beta1).add_(grad, alpha=1 - beta1)
                exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
                bias_correction1 = 1 - beta1 ** step
                bias_correction2 = 1 - beta2 ** step
                step_size = self.lr / bias_correction1
                bias_correction2_sqrt = math.sqrt(bias_correction2)
                if self.amsgrad:
                    m = torch.maximum(self.max_exp_avg_sq[param], exp_avg_sq)
                    self.max_exp_avg_sq[param] = m
                    denom = (m.sqrt() / bias_correction2_sqrt).add_(self.eps)
                else:
                    denom = (exp_avg_sq.sqrt() / bias_correction2_sqrt).add_(self.eps)
                param.addcdiv_(exp_avg, denom, value=-step_size)
