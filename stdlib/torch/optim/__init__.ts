# torch.optim: optimizers with PyTorch 1.13's single-tensor update math, step by step in the same
# order of operations (so the numbers agree to the last bit on the same inputs). Each step
# (Optimizer.step) runs a native one-pass update per parameter group (_step_fused: the
# _ts_optim_* ops of ops/optim_updates.cpp via runtime/builtins_optim.cpp, the same numbers)
# unless the group says foreach=False or a tensor is not a contiguous float32/float64 CPU tensor;
# then the op-by-op update of each parameter (_step_param) runs.
import math
import torch
import _ts
from typing import List, Dict, Optional, Any, Tuple, Callable
from torch.optim.optimizer import Optimizer
import torch.optim.lr_scheduler as lr_scheduler
from torch.optim.lbfgs import LBFGS


def _check(ok: bool, what: str, value: Any) -> None:
    if not ok:
        raise ValueError("Invalid {}: {}".format(what, value))


def _check_adam_args(lr: float, eps: float, betas: Tuple[float, float], weight_decay: float) -> None:
    # The argument checks Adam's family shares, with PyTorch's messages and order.
    _check(lr >= 0.0, "learning rate", lr)
    _check(eps >= 0.0, "epsilon value", eps)
    _check(0.0 <= betas[0] < 1.0, "beta parameter at index 0", betas[0])
    _check(0.0 <= betas[1] < 1.0, "beta parameter at index 1", betas[1])
    _check(weight_decay >= 0.0, "weight_decay value", weight_decay)


def _count_step(state: Dict[str, Any]) -> None:
    # RMSprop's and Adadelta's step count, a plain int.
    n: int = state["step"]
    state["step"] = n + 1


def _count_steps(opt: Optimizer, params: List[torch.Tensor], done: Any) -> bool:
    # After RMSprop's or Adadelta's native update: whether it ran, each parameter's step counted if so.
    if done is None:
        return False
    for p in params:
        _count_step(opt._state(p))
    return True


def _decayed(grad: torch.Tensor, param: torch.Tensor, weight_decay: float) -> torch.Tensor:
    # The gradient with L2 weight decay.
    return grad.add(param, alpha=weight_decay) if weight_decay != 0 else grad


class SGD(Optimizer):
    def __init__(self, params: Any, lr: float, momentum: float = 0, dampening: float = 0, weight_decay: float = 0,
                 nesterov: bool = False, maximize: bool = False, foreach: Optional[bool] = None,
                 differentiable: bool = False):
        _check(lr >= 0.0, "learning rate", lr)
        _check(momentum >= 0.0, "momentum value", momentum)
        _check(weight_decay >= 0.0, "weight_decay value", weight_decay)
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        super().__init__(params, {"lr": lr, "momentum": momentum, "dampening": dampening,
                                  "weight_decay": weight_decay, "nesterov": nesterov, "maximize": maximize,
                                  "foreach": foreach, "differentiable": differentiable})

    def _step_param(self, group: Dict[str, Any], param: torch.Tensor, d_p: torch.Tensor,
                    state: Dict[str, Any]) -> None:
        momentum: float = group["momentum"]
        dampening: float = group["dampening"]
        nesterov: bool = group["nesterov"]
        d_p = _decayed(d_p, param, group["weight_decay"])
        if momentum != 0:
            buf: Optional[torch.Tensor] = state["momentum_buffer"] if "momentum_buffer" in state else None
            if buf is None:
                b = torch.clone(d_p).detach()
            else:
                b = buf
                b.mul_(momentum).add_(d_p, alpha=1 - dampening)
            state["momentum_buffer"] = b
            d_p = d_p.add(b, alpha=momentum) if nesterov else b
        elif "momentum_buffer" not in state:
            state["momentum_buffer"] = None  # without momentum a buffer stays as it is
        lr: float = group["lr"]
        param.add_(d_p, alpha=-lr)

    def _step_fused(self, group: Dict[str, Any]) -> bool:
        momentum: float = group["momentum"]
        params, grads = self._with_grads(group)
        bufs: List[Optional[torch.Tensor]] = []
        new_state = False  # a "momentum_buffer" entry to create
        for p in params:
            state = self._state(p)
            if "momentum_buffer" in state:
                b: Optional[torch.Tensor] = state["momentum_buffer"]
                bufs.append(b)
                if b is None and momentum != 0:
                    new_state = True
            else:
                bufs.append(None)
                new_state = True
        out = _ts.optim_sgd(params, grads, bufs, group["lr"], momentum, group["dampening"],
                            group["weight_decay"], group["nesterov"], group["maximize"])
        if out is None:
            return False
        if new_state:
            new_bufs: List[Optional[torch.Tensor]] = out
            for p, nb in zip(params, new_bufs):
                self._state(p)["momentum_buffer"] = nb
        return True


def _adam_begin(opt: Optimizer, group: Dict[str, Any], param: torch.Tensor, state: Dict[str, Any],
                names: List[str]) -> Tuple[float, float, float, float, float]:
    # The Adam family's single-tensor update starts alike: the state made on the first step (in
    # `names` order), the step counted; gives lr, beta1, beta2, eps and the step number.
    opt._new_state(state, param, names)
    step_t: torch.Tensor = state["step"]
    step_t.add_(1)
    lr: float = group["lr"]
    betas: Tuple[float, float] = group["betas"]
    eps: float = group["eps"]
    return lr, betas[0], betas[1], eps, float(step_t.item())


def _adam_state(amsgrad: bool) -> List[str]:
    return ["step", "exp_avg", "exp_avg_sq", "max_exp_avg_sq"] if amsgrad else ["step", "exp_avg", "exp_avg_sq"]


class _AdamBase(Optimizer):
    # Adam and AdamW: the same step, with L2 or decoupled weight decay.
    def __init__(self, params: Any, defaults: Dict[str, Any], decoupled: bool):
        lr: float = defaults["lr"]
        eps: float = defaults["eps"]
        betas: Tuple[float, float] = defaults["betas"]
        weight_decay: float = defaults["weight_decay"]
        _check_adam_args(lr, eps, betas, weight_decay)
        super().__init__(params, defaults)
        self._decoupled = decoupled

    def _use_fused(self, group: Dict[str, Any]) -> bool:
        # fused=True asks for the one-pass update even with foreach=False
        return self._fused(group) or ("fused" in group and group["fused"])

    def _step_param(self, group: Dict[str, Any], param: torch.Tensor, grad: torch.Tensor,
                    state: Dict[str, Any]) -> None:
        amsgrad: bool = group["amsgrad"]
        lr, beta1, beta2, eps, step = _adam_begin(self, group, param, state, _adam_state(amsgrad))
        weight_decay: float = group["weight_decay"]
        exp_avg: torch.Tensor = state["exp_avg"]
        exp_avg_sq: torch.Tensor = state["exp_avg_sq"]
        if self._decoupled:
            param.mul_(1 - lr * weight_decay)
        else:
            grad = _decayed(grad, param, weight_decay)
        exp_avg.mul_(beta1).add_(grad, alpha=1 - beta1)
        exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
        bias_correction1 = 1 - beta1 ** step
        bias_correction2 = 1 - beta2 ** step
        step_size = lr / bias_correction1
        bias_correction2_sqrt = math.sqrt(bias_correction2)
        if amsgrad:
            m: torch.Tensor = state["max_exp_avg_sq"]
            m.copy_(torch.maximum(m, exp_avg_sq))
            denom = (m.sqrt() / bias_correction2_sqrt).add_(eps)
        else:
            denom = (exp_avg_sq.sqrt() / bias_correction2_sqrt).add_(eps)
        param.addcdiv_(exp_avg, denom, value=-step_size)

    def _step_fused(self, group: Dict[str, Any]) -> bool:
        amsgrad: bool = group["amsgrad"]
        params, grads = self._with_grads(group)
        lists = self._state_lists(params, _adam_state(amsgrad))
        steps, avgs, sqs = lists[0], lists[1], lists[2]
        maxs: List[torch.Tensor] = lists[3] if amsgrad else []
        betas: Tuple[float, float] = group["betas"]
        beta1, beta2 = betas
        done = _ts.optim_adam(params, grads, steps, avgs, sqs, maxs, group["lr"], beta1, beta2, group["eps"],
                              group["weight_decay"], amsgrad, group["maximize"], self._decoupled)
        return done is not None


class Adam(_AdamBase):
    def __init__(self, params: Any, lr: float = 1e-3, betas: Tuple[float, float] = (0.9, 0.999), eps: float = 1e-8,
                 weight_decay: float = 0, amsgrad: bool = False, foreach: Optional[bool] = None,
                 maximize: bool = False, capturable: bool = False, differentiable: bool = False, fused: bool = False):
        super().__init__(params, {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay,
                                  "amsgrad": amsgrad, "maximize": maximize, "foreach": foreach,
                                  "capturable": capturable, "differentiable": differentiable, "fused": fused}, False)


class AdamW(_AdamBase):
    def __init__(self, params: Any, lr: float = 1e-3, betas: Tuple[float, float] = (0.9, 0.999), eps: float = 1e-8,
                 weight_decay: float = 1e-2, amsgrad: bool = False, maximize: bool = False,
                 foreach: Optional[bool] = None, capturable: bool = False):
        super().__init__(params, {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay,
                                  "amsgrad": amsgrad, "foreach": foreach, "maximize": maximize,
                                  "capturable": capturable}, True)


class RMSprop(Optimizer):
    def __init__(self, params: Any, lr: float = 1e-2, alpha: float = 0.99, eps: float = 1e-8, weight_decay: float = 0,
                 momentum: float = 0, centered: bool = False, foreach: Optional[bool] = None,
                 maximize: bool = False, differentiable: bool = False):
        _check(lr >= 0.0, "learning rate", lr)
        _check(eps >= 0.0, "epsilon value", eps)
        _check(momentum >= 0.0, "momentum value", momentum)
        _check(weight_decay >= 0.0, "weight_decay value", weight_decay)
        _check(alpha >= 0.0, "alpha value", alpha)
        super().__init__(params, {"lr": lr, "momentum": momentum, "alpha": alpha, "eps": eps, "centered": centered,
                                  "weight_decay": weight_decay, "foreach": foreach, "maximize": maximize,
                                  "differentiable": differentiable})

    def _new_rms_state(self, group: Dict[str, Any], param: torch.Tensor, state: Dict[str, Any]) -> None:
        if len(state) == 0:
            state["step"] = 0
            state["square_avg"] = torch.zeros_like(param)
            if group["momentum"] > 0:
                state["momentum_buffer"] = torch.zeros_like(param)
            if group["centered"]:
                state["grad_avg"] = torch.zeros_like(param)

    def _step_param(self, group: Dict[str, Any], param: torch.Tensor, grad: torch.Tensor,
                    state: Dict[str, Any]) -> None:
        lr: float = group["lr"]
        alpha: float = group["alpha"]
        eps: float = group["eps"]
        momentum: float = group["momentum"]
        centered: bool = group["centered"]
        self._new_rms_state(group, param, state)
        _count_step(state)
        square_avg: torch.Tensor = state["square_avg"]
        grad = _decayed(grad, param, group["weight_decay"])
        square_avg.mul_(alpha).addcmul_(grad, grad, value=1 - alpha)
        if centered:
            grad_avg: torch.Tensor = state["grad_avg"]
            grad_avg.mul_(alpha).add_(grad, alpha=1 - alpha)
            avg = square_avg.addcmul(grad_avg, grad_avg, value=-1).sqrt_()
        else:
            avg = square_avg.sqrt()
        avg = avg.add_(eps)
        if momentum > 0:
            buf: torch.Tensor = state["momentum_buffer"]
            buf.mul_(momentum).addcdiv_(grad, avg)
            param.add_(buf, alpha=-lr)
        else:
            param.addcdiv_(grad, avg, value=-lr)

    def _step_fused(self, group: Dict[str, Any]) -> bool:
        momentum: float = group["momentum"]
        centered: bool = group["centered"]
        params, grads = self._with_grads(group)
        sqs: List[torch.Tensor] = []
        avgs: List[Optional[torch.Tensor]] = []
        bufs: List[Optional[torch.Tensor]] = []
        for param in params:
            state = self._state(param)
            self._new_rms_state(group, param, state)
            sqs.append(state["square_avg"])
            avgs.append(state["grad_avg"] if centered else None)
            bufs.append(state["momentum_buffer"] if momentum > 0 else None)
        done = _ts.optim_rmsprop(params, grads, sqs, avgs, bufs, group["lr"], group["alpha"], group["eps"],
                                 group["weight_decay"], momentum, centered, group["maximize"])
        return _count_steps(self, params, done)


class Adagrad(Optimizer):
    def __init__(self, params: Any, lr: float = 1e-2, lr_decay: float = 0, weight_decay: float = 0,
                 initial_accumulator_value: float = 0, eps: float = 1e-10, foreach: Optional[bool] = None,
                 maximize: bool = False):
        _check(lr >= 0.0, "learning rate", lr)
        _check(lr_decay >= 0.0, "lr_decay value", lr_decay)
        _check(weight_decay >= 0.0, "weight_decay value", weight_decay)
        _check(initial_accumulator_value >= 0.0, "initial_accumulator_value value", initial_accumulator_value)
        _check(eps >= 0.0, "epsilon value", eps)
        super().__init__(params, {"lr": lr, "lr_decay": lr_decay, "eps": eps, "weight_decay": weight_decay,
                                  "initial_accumulator_value": initial_accumulator_value, "foreach": foreach,
                                  "maximize": maximize})
        for group in self.param_groups:
            params_: List[torch.Tensor] = group["params"]
            for p in params_:
                state = self._state(p)
                state["step"] = torch.tensor(0.0)
                state["sum"] = torch.full_like(p, initial_accumulator_value)

    def _step_param(self, group: Dict[str, Any], param: torch.Tensor, grad: torch.Tensor,
                    state: Dict[str, Any]) -> None:
        lr: float = group["lr"]
        lr_decay: float = group["lr_decay"]
        eps: float = group["eps"]
        step_t: torch.Tensor = state["step"]
        state_sum: torch.Tensor = state["sum"]
        step_t.add_(1)
        step = float(step_t.item())
        grad = _decayed(grad, param, group["weight_decay"])
        clr = lr / (1 + (step - 1) * lr_decay)
        state_sum.addcmul_(grad, grad, value=1)
        std = state_sum.sqrt().add_(eps)
        param.addcdiv_(grad, std, value=-clr)

    def _step_fused(self, group: Dict[str, Any]) -> bool:
        params, grads = self._with_grads(group)
        steps: List[torch.Tensor] = []
        sums: List[torch.Tensor] = []
        for param in params:
            state = self._state(param)
            steps.append(state["step"])
            sums.append(state["sum"])
        done = _ts.optim_adagrad(params, grads, steps, sums, group["lr"], group["lr_decay"], group["eps"],
                                 group["weight_decay"], group["maximize"])
        return done is not None


class Adadelta(Optimizer):
    def __init__(self, params: Any, lr: float = 1.0, rho: float = 0.9, eps: float = 1e-6, weight_decay: float = 0,
                 foreach: Optional[bool] = None, maximize: bool = False):
        _check(lr >= 0.0, "learning rate", lr)
        _check(0.0 <= rho <= 1.0, "rho value", rho)
        _check(eps >= 0.0, "epsilon value", eps)
        _check(weight_decay >= 0.0, "weight_decay value", weight_decay)
        super().__init__(params, {"lr": lr, "rho": rho, "eps": eps, "weight_decay": weight_decay,
                                  "maximize": maximize, "foreach": foreach})

    def _step_param(self, group: Dict[str, Any], param: torch.Tensor, grad: torch.Tensor,
                    state: Dict[str, Any]) -> None:
        lr: float = group["lr"]
        rho: float = group["rho"]
        eps: float = group["eps"]
        self._new_delta_state(param, state)
        _count_step(state)
        square_avg: torch.Tensor = state["square_avg"]
        acc_delta: torch.Tensor = state["acc_delta"]
        grad = _decayed(grad, param, group["weight_decay"])
        square_avg.mul_(rho).addcmul_(grad, grad, value=1 - rho)
        std = square_avg.add(eps).sqrt_()
        delta = acc_delta.add(eps).sqrt_().div_(std).mul_(grad)
        acc_delta.mul_(rho).addcmul_(delta, delta, value=1 - rho)
        param.add_(delta, alpha=-lr)

    def _new_delta_state(self, param: torch.Tensor, state: Dict[str, Any]) -> None:
        if len(state) == 0:
            state["step"] = 0
            state["square_avg"] = torch.zeros_like(param)
            state["acc_delta"] = torch.zeros_like(param)

    def _step_fused(self, group: Dict[str, Any]) -> bool:
        params, grads = self._with_grads(group)
        sqs: List[torch.Tensor] = []
        deltas: List[torch.Tensor] = []
        for param in params:
            state = self._state(param)
            self._new_delta_state(param, state)
            sqs.append(state["square_avg"])
            deltas.append(state["acc_delta"])
        done = _ts.optim_adadelta(params, grads, sqs, deltas, group["lr"], group["rho"], group["eps"],
                                  group["weight_decay"], group["maximize"])
        return _count_steps(self, params, done)


class Adamax(Optimizer):
    def __init__(self, params: Any, lr: float = 2e-3, betas: Tuple[float, float] = (0.9, 0.999), eps: float = 1e-8,
                 weight_decay: float = 0, foreach: Optional[bool] = None, maximize: bool = False):
        _check_adam_args(lr, eps, betas, weight_decay)
        super().__init__(params, {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay,
                                  "foreach": foreach, "maximize": maximize})

    def _step_param(self, group: Dict[str, Any], param: torch.Tensor, grad: torch.Tensor,
                    state: Dict[str, Any]) -> None:
        lr, beta1, beta2, eps, step = _adam_begin(self, group, param, state, ["step", "exp_avg", "exp_inf"])
        exp_avg: torch.Tensor = state["exp_avg"]
        exp_inf: torch.Tensor = state["exp_inf"]
        grad = _decayed(grad, param, group["weight_decay"])
        exp_avg.mul_(beta1).add_(grad, alpha=1 - beta1)
        norm_buf = torch.cat([exp_inf.mul_(beta2).unsqueeze(0), grad.abs().add_(eps).unsqueeze(0)], 0)
        exp_inf.copy_(torch.amax(norm_buf, [0], False))
        clr = lr / (1 - beta1 ** step)
        param.addcdiv_(exp_avg, exp_inf, value=-clr)

    def _step_fused(self, group: Dict[str, Any]) -> bool:
        params, grads = self._with_grads(group)
        lists = self._state_lists(params, ["step", "exp_avg", "exp_inf"])
        betas: Tuple[float, float] = group["betas"]
        done = _ts.optim_adamax(params, grads, lists[0], lists[1], lists[2], group["lr"], betas[0], betas[1],
                                group["eps"], group["weight_decay"], group["maximize"])
        return done is not None


class NAdam(Optimizer):
    def __init__(self, params: Any, lr: float = 2e-3, betas: Tuple[float, float] = (0.9, 0.999), eps: float = 1e-8,
                 weight_decay: float = 0, momentum_decay: float = 4e-3, foreach: Optional[bool] = None):
        _check_adam_args(lr, eps, betas, weight_decay)
        _check(momentum_decay >= 0.0, "momentum_decay value", momentum_decay)
        super().__init__(params, {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay,
                                  "momentum_decay": momentum_decay, "foreach": foreach})

    def _step_param(self, group: Dict[str, Any], param: torch.Tensor, grad: torch.Tensor,
                    state: Dict[str, Any]) -> None:
        lr, beta1, beta2, eps, step = _adam_begin(self, group, param, state,
                                                  ["step", "mu_product", "exp_avg", "exp_avg_sq"])
        momentum_decay: float = group["momentum_decay"]
        mu_product: torch.Tensor = state["mu_product"]
        exp_avg: torch.Tensor = state["exp_avg"]
        exp_avg_sq: torch.Tensor = state["exp_avg_sq"]
        bias_correction2 = 1 - beta2 ** step
        grad = _decayed(grad, param, group["weight_decay"])
        mu = beta1 * (1. - 0.5 * (0.96 ** (step * momentum_decay)))
        mu_next = beta1 * (1. - 0.5 * (0.96 ** ((step + 1) * momentum_decay)))
        mu_product.mul_(mu)
        mu_product_next = mu_product * mu * mu_next
        exp_avg.mul_(beta1).add_(grad, alpha=1 - beta1)
        exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
        denom = exp_avg_sq.div(bias_correction2).sqrt().add_(eps)
        param.addcdiv_(grad, denom, value=-lr * (1. - mu) / (1. - float(mu_product.item())))
        param.addcdiv_(exp_avg, denom, value=-lr * mu_next / (1. - float(mu_product_next.item())))

    def _step_fused(self, group: Dict[str, Any]) -> bool:
        params, grads = self._with_grads(group)
        lists = self._state_lists(params, ["step", "mu_product", "exp_avg", "exp_avg_sq"])
        betas: Tuple[float, float] = group["betas"]
        done = _ts.optim_nadam(params, grads, lists[0], lists[1], lists[2], lists[3], group["lr"], betas[0],
                               betas[1], group["eps"], group["weight_decay"], group["momentum_decay"])
        return done is not None


class RAdam(Optimizer):
    def __init__(self, params: Any, lr: float = 1e-3, betas: Tuple[float, float] = (0.9, 0.999), eps: float = 1e-8,
                 weight_decay: float = 0, foreach: Optional[bool] = None):
        _check_adam_args(lr, eps, betas, weight_decay)
        super().__init__(params, {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay,
                                  "foreach": foreach})

    def _step_param(self, group: Dict[str, Any], param: torch.Tensor, grad: torch.Tensor,
                    state: Dict[str, Any]) -> None:
        lr, beta1, beta2, eps, step = _adam_begin(self, group, param, state, ["step", "exp_avg", "exp_avg_sq"])
        exp_avg: torch.Tensor = state["exp_avg"]
        exp_avg_sq: torch.Tensor = state["exp_avg_sq"]
        bias_correction1 = 1 - beta1 ** step
        bias_correction2 = 1 - beta2 ** step
        grad = _decayed(grad, param, group["weight_decay"])
        exp_avg.mul_(beta1).add_(grad, alpha=1 - beta1)
        exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
        bias_corrected_exp_avg = exp_avg / bias_correction1
        rho_inf = 2 / (1 - beta2) - 1
        rho_t = rho_inf - 2 * step * (beta2 ** step) / bias_correction2
        if rho_t > 5.:
            rect = math.sqrt((rho_t - 4) * (rho_t - 2) * rho_inf / ((rho_inf - 4) * (rho_inf - 2) * rho_t))
            adaptive_lr = math.sqrt(bias_correction2) / exp_avg_sq.sqrt().add_(eps)
            param.add_(bias_corrected_exp_avg * lr * adaptive_lr * rect, alpha=-1.0)
        else:
            param.add_(bias_corrected_exp_avg * lr, alpha=-1.0)

    def _step_fused(self, group: Dict[str, Any]) -> bool:
        params, grads = self._with_grads(group)
        lists = self._state_lists(params, ["step", "exp_avg", "exp_avg_sq"])
        betas: Tuple[float, float] = group["betas"]
        done = _ts.optim_radam(params, grads, lists[0], lists[1], lists[2], group["lr"], betas[0], betas[1],
                               group["eps"], group["weight_decay"])
        return done is not None
