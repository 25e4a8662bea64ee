# torch.optim.lr_scheduler: PyTorch 1.13's schedulers with its chainable (recursive) formulas, so
# the learning rates agree to the last bit. state_dict holds every attribute but the optimizer.
import math
import _ts
from typing import List, Dict, Optional, Any, Tuple, Callable
from torch.optim.optimizer import Optimizer


def _lrs(optimizer: Optimizer) -> List[float]:
    return [g["lr"] for g in optimizer.param_groups]


def _bisect_right(xs: List[int], x: int) -> int:
    lo = 0
    hi = len(xs)
    while lo < hi:
        mid = (lo + hi) // 2
        if x < xs[mid]:
            hi = mid
        else:
            lo = mid + 1
    return lo


def _state_of(sched: Any) -> Dict[str, Any]:
    # PyTorch's scheduler state_dict: every attribute but the optimizer.
    out: Dict[str, Any] = {}
    for name, v in _ts.attributes(sched):
        if name != "optimizer":
            out[name] = v
    return out


def _load_state(sched: Any, state_dict: Dict[str, Any]) -> None:
    for k, v in state_dict.items():
        setattr(sched, k, v)


class _LRScheduler:
    def __init__(self, optimizer: Optimizer, last_epoch: int = -1, verbose: bool = False):
        self.optimizer = optimizer
        if last_epoch == -1:
            for group in optimizer.param_groups:
                if "initial_lr" not in group:
                    group["initial_lr"] = group["lr"]
        else:
            for i, group in enumerate(optimizer.param_groups):
                if "initial_lr" not in group:
                    raise KeyError("param 'initial_lr' is not specified in param_groups[{}] when resuming an "
                                   "optimizer".format(i))
        self.base_lrs: List[float] = [g["initial_lr"] for g in optimizer.param_groups]
        self.last_epoch = last_epoch
        self.verbose = verbose
        self._step_count = 0
        self._get_lr_called_within_step = False
        self._last_lr: List[float] = []
        self._initial_step()

    def _initial_step(self) -> None:
        self._step_count = 0
        self.step()

    def state_dict(self) -> Dict[str, Any]:
        return _state_of(self)

    def load_state_dict(self, state_dict: Dict[str, Any]) -> None:
        _load_state(self, state_dict)

    def get_last_lr(self) -> List[float]:
        return self._last_lr

    def get_lr(self) -> List[float]:
        raise NotImplementedError

    def print_lr(self, is_verbose: bool, group: int, lr: float, epoch: Optional[int] = None) -> None:
        if is_verbose:
            if epoch is None:
                print("Adjusting learning rate of group {} to {:.4e}.".format(group, lr))
            else:
                print("Epoch {:05d}: adjusting learning rate of group {} to {:.4e}.".format(epoch, group, lr))

    def _closed_form(self) -> Optional[List[float]]:
        return None

    def step(self, epoch: Optional[int] = None) -> None:
        self._step_count += 1
        self._get_lr_called_within_step = True
        if epoch is None:
            self.last_epoch += 1
            values = self.get_lr()
        else:
            self.last_epoch = epoch
            closed = self._closed_form()
            values = closed if closed is not None else self.get_lr()
        self._get_lr_called_within_step = False
        for i, group in enumerate(self.optimizer.param_groups):
            group["lr"] = values[i]
            self.print_lr(self.verbose, i, values[i], epoch)
        self._last_lr = _lrs(self.optimizer)


def _per_group(optimizer: Optimizer, fn: Any, what: str) -> List[Any]:
    if isinstance(fn, list) or isinstance(fn, tuple):
        fns: List[Any] = list(fn)
        if len(fns) != len(optimizer.param_groups):
            raise ValueError("Expected {} {}, but got {}".format(len(optimizer.param_groups), what, len(fns)))
        return fns
    return [fn] * len(optimizer.param_groups)


class LambdaLR(_LRScheduler):
    def __init__(self, optimizer: Optimizer, lr_lambda: Any, last_epoch: int = -1, verbose: bool = False):
        self.lr_lambdas = _per_group(optimizer, lr_lambda, "lr_lambdas")
        super().__init__(optimizer, last_epoch, verbose)

    def get_lr(self) -> List[float]:
        return [base_lr * fn(self.last_epoch) for fn, base_lr in zip(self.lr_lambdas, self.base_lrs)]


class MultiplicativeLR(_LRScheduler):
    def __init__(self, optimizer: Optimizer, lr_lambda: Any, last_epoch: int = -1, verbose: bool = False):
        self.lr_lambdas = _per_group(optimizer, lr_lambda, "lr_lambdas")
        super().__init__(optimizer, last_epoch, verbose)

    def get_lr(self) -> List[float]:
        if self.last_epoch > 0:
            return [g["lr"] * fn(self.last_epoch) for fn, g in zip(self.lr_lambdas, self.optimizer.param_groups)]
        return _lrs(self.optimizer)


class StepLR(_LRScheduler):
    def __init__(self, optimizer: Optimizer, step_size: int, gamma: float = 0.1, last_epoch: int = -1,
                 verbose: bool = False):
        self.step_size = step_size
        self.gamma = gamma
        super().__init__(optimizer, last_epoch, verbose)

    def get_lr(self) -> List[float]:
        if self.last_epoch == 0 or self.last_epoch % self.step_size != 0:
            return _lrs(self.optimizer)
        return [lr * self.gamma for lr in _lrs(self.optimizer)]

    def _closed_form(self) -> Optional[List[float]]:
        return [b * self.gamma ** (self.last_epoch // self.step_size) for b in self.base_lrs]


class MultiStepLR(_LRScheduler):
    def __init__(self, optimizer: Optimizer, milestones: List[int], gamma: float = 0.1, last_epoch: int = -1,
                 verbose: bool = False):
        self.milestones: Dict[int, int] = {}  # milestone -> how many times it was given (a Counter)
        for m in milestones:
            self.milestones[m] = self.milestones[m] + 1 if m in self.milestones else 1
        self.gamma = gamma
        super().__init__(optimizer, last_epoch, verbose)

    def get_lr(self) -> List[float]:
        if self.last_epoch not in self.milestones:
            return _lrs(self.optimizer)
        return [lr * self.gamma ** self.milestones[self.last_epoch] for lr in _lrs(self.optimizer)]

    def _closed_form(self) -> Optional[List[float]]:
        ms: List[int] = []
        for m, n in self.milestones.items():
            ms += [m] * n
        ms = sorted(ms)
        return [b * self.gamma ** _bisect_right(ms, self.last_epoch) for b in self.base_lrs]


class ConstantLR(_LRScheduler):
    def __init__(self, optimizer: Optimizer, factor: float = 1.0 / 3, total_iters: int = 5, last_epoch: int = -1,
                 verbose: bool = False):
        if factor > 1.0 or factor < 0:
            raise ValueError("Constant multiplicative factor expected to be between 0 and 1.")
        self.factor = factor
        self.total_iters = total_iters
        super().__init__(optimizer, last_epoch, verbose)

    def get_lr(self) -> List[float]:
        if self.last_epoch == 0:
            return [lr * self.factor for lr in _lrs(self.optimizer)]
        if self.last_epoch != self.total_iters:
            return _lrs(self.optimizer)
        return [lr * (1.0 / self.factor) for lr in _lrs(self.optimizer)]

    def _closed_form(self) -> Optional[List[float]]:
        after = 1.0 if self.last_epoch >= self.total_iters else 0.0
        return [b * (self.factor + after * (1 - self.factor)) for b in self.base_lrs]


class LinearLR(_LRScheduler):
    def __init__(self, optimizer: Optimizer, start_factor: float = 1.0 / 3, end_factor: float = 1.0,
                 total_iters: int = 5, last_epoch: int = -1, verbose: bool = False):
        if start_factor > 1.0 or start_factor < 0:
            raise ValueError("Starting multiplicative factor expected to be between 0 and 1.")
        if end_factor > 1.0 or end_factor < 0:
            raise ValueError("Ending multiplicative factor expected to be between 0 and 1.")
        self.start_factor = start_factor
        self.end_factor = end_factor
        self.total_iters = total_iters
        super().__init__(optimizer, last_epoch, verbose)

    def get_lr(self) -> List[float]:
        if self.last_epoch == 0:
            return [lr * self.start_factor for lr in _lrs(self.optimizer)]
        if self.last_epoch > self.total_iters:
            return _lrs(self.optimizer)
        d = self.end_factor - self.start_factor
        return [lr * (1. + d / (self.total_iters * self.start_factor + (self.last_epoch - 1) * d))
                for lr in _lrs(self.optimizer)]

    def _closed_form(self) -> Optional[List[float]]:
        d = self.end_factor - self.start_factor
        return [b * (self.start_factor + d * min(self.total_iters, self.last_epoch) / self.total_iters)
                for b in self.base_lrs]


class ExponentialLR(_LRScheduler):
    def __init__(self, optimizer: Optimizer, gamma: float, last_epoch: int = -1, verbose: bool = False):
        self.gamma = gamma
        super().__init__(optimizer, last_epoch, verbose)

    def get_lr(self) -> List[float]:
        if self.last_epoch == 0:
            return _lrs(self.optimizer)
        return [lr * self.gamma for lr in _lrs(self.optimizer)]

    def _closed_form(self) -> Optional[List[float]]:
        return [b * self.gamma ** self.last_epoch for b in self.base_lrs]


class CosineAnnealingLR(_LRScheduler):
    def __init__(self, optimizer: Optimizer, T_max: int, eta_min: float = 0, last_epoch: int = -1,
                 verbose: bool = False):
        self.T_max = T_max
        self.eta_min = eta_min
        super().__init__(optimizer, last_epoch, verbose)

    def get_lr(self) -> List[float]:
        e = self.last_epoch
        if e == 0:
            return _lrs(self.optimizer)
        if self._step_count == 1 and e > 0:
            return [self.eta_min + (b - self.eta_min) * (1 + math.cos(e * math.pi / self.T_max)) / 2
                    for b in self.base_lrs]
        if (e - 1 - self.T_max) % (2 * self.T_max) == 0:
            return [lr + (b - self.eta_min) * (1 - math.cos(math.pi / self.T_max)) / 2
                    for b, lr in zip(self.base_lrs, _lrs(self.optimizer))]
        return [(1 + math.cos(math.pi * e / self.T_max)) / (1 + math.cos(math.pi * (e - 1) / self.T_max)) *
                (lr - self.eta_min) + self.eta_min for lr in _lrs(self.optimizer)]

    def _closed_form(self) -> Optional[List[float]]:
        return [self.eta_min + (b - self.eta_min) * (1 + math.cos(math.pi * self.last_epoch / self.T_max)) / 2
                for b in self.base_lrs]


class CosineAnnealingWarmRestarts(_LRScheduler):
    def __init__(self, optimizer: Optimizer, T_0: int, T_mult: int = 1, eta_min: float = 0, last_epoch: int = -1,
                 verbose: bool = False):
        if T_0 <= 0:
            raise ValueError("Expected positive integer T_0, but got {}".format(T_0))
        if T_mult < 1:
            raise ValueError("Expected integer T_mult >= 1, but got {}".format(T_mult))
        self.T_0 = T_0
        self.T_i = T_0
        self.T_mult = T_mult
        self.eta_min = eta_min
        self.T_cur: float = last_epoch
        super().__init__(optimizer, last_epoch, verbose)

    def get_lr(self) -> List[float]:
        return [self.eta_min + (b - self.eta_min) * (1 + math.cos(math.pi * self.T_cur / self.T_i)) / 2
                for b in self.base_lrs]

    def step(self, epoch: Any = None) -> None:
        # epoch: None, an int or a float (a fraction of the way into an epoch). No epoch before the
        # first step counts as epoch 0 given explicitly, as in PyTorch.
        explicit = epoch is not None or self.last_epoch < 0
        is_float = epoch is not None and isinstance(epoch, float)
        e = 0.0
        if epoch is not None:
            e = float(epoch)
        elif self.last_epoch >= 0:
            e = float(self.last_epoch + 1)
        if not explicit:
            self.T_cur = self.T_cur + 1
            if self.T_cur >= self.T_i:
                self.T_cur = self.T_cur - self.T_i
                self.T_i = self.T_i * self.T_mult
        else:
            if e < 0:
                raise ValueError("Expected non-negative epoch, but got {}".format(epoch))
            if e >= self.T_0:
                if self.T_mult == 1:
                    self.T_cur = e % self.T_0
                else:
                    n = int(math.log((e / self.T_0 * (self.T_mult - 1) + 1), self.T_mult))
                    self.T_cur = e - self.T_0 * (self.T_mult ** n - 1) / (self.T_mult - 1)
                    self.T_i = self.T_0 * self.T_mult ** n
            else:
                self.T_i = self.T_0
                self.T_cur = e
        self.last_epoch = math.floor(e)
        self._step_count += 1
        self._get_lr_called_within_step = True
        values = self.get_lr()
        self._get_lr_called_within_step = False
        for i, group in enumerate(self.optimizer.param_groups):
            group["lr"] = values[i]
            if self.verbose:
                estr = "{:.2f}".format(e) if is_float else "{:05d}".format(self.last_epoch)
                print("Epoch {}: adjusting learning rate of group {} to {:.4e}.".format(estr, i, values[i]))
        self._last_lr = _lrs(self.optimizer)


class OneCycleLR(_LRScheduler):
    def __init__(self, optimizer: Optimizer, max_lr: Any, total_steps: Optional[int] = None,
                 epochs: Optional[int] = None, steps_per_epoch: Optional[int] = None, pct_start: float = 0.3,
                 anneal_strategy: str = "cos", cycle_momentum: bool = True, base_momentum: Any = 0.85,
                 max_momentum: Any = 0.95, div_factor: float = 25., final_div_factor: float = 1e4,
                 three_phase: bool = False, last_epoch: int = -1, verbose: bool = False):
        self.total_steps = 0
        if total_steps is not None:
            if total_steps <= 0:
                raise ValueError("Expected positive integer total_steps, but got {}".format(total_steps))
            self.total_steps = total_steps
        elif epochs is not None and steps_per_epoch is not None:
            if epochs <= 0:
                raise ValueError("Expected positive integer epochs, but got {}".format(epochs))
            if steps_per_epoch <= 0:
                raise ValueError("Expected positive integer steps_per_epoch, but got {}".format(steps_per_epoch))
            self.total_steps = epochs * steps_per_epoch
        else:
            raise ValueError("You must define either total_steps OR (epochs AND steps_per_epoch)")
        t = self.total_steps
        # Phases: (end_step, start_lr key, end_lr key, start_momentum key, end_momentum key)
        if three_phase:
            self._schedule_phases: List[Tuple[float, str, str, str, str]] = [
                (float(pct_start * t) - 1, "initial_lr", "max_lr", "max_momentum", "base_momentum"),
                (float(2 * pct_start * t) - 2, "max_lr", "initial_lr", "base_momentum", "max_momentum"),
                (t - 1, "initial_lr", "min_lr", "max_momentum", "max_momentum")]
        else:
            self._schedule_phases = [
                (float(pct_start * t) - 1, "initial_lr", "max_lr", "max_momentum", "base_momentum"),
                (t - 1, "max_lr", "min_lr", "base_momentum", "max_momentum")]
        if pct_start < 0 or pct_start > 1:
            raise ValueError("Expected float between 0 and 1 pct_start, but got {}".format(pct_start))
        if anneal_strategy != "cos" and anneal_strategy != "linear":
            raise ValueError("anneal_strategy must by one of 'cos' or 'linear', instead got {}".format(anneal_strategy))
        self.anneal_strategy = anneal_strategy
        max_lrs = _per_group(optimizer, max_lr, "values for max_lr")
        if last_epoch == -1:
            for idx, group in enumerate(optimizer.param_groups):
                group["initial_lr"] = max_lrs[idx] / div_factor
                group["max_lr"] = max_lrs[idx]
                group["min_lr"] = group["initial_lr"] / final_div_factor
        self.cycle_momentum = cycle_momentum
        self.use_beta1 = False
        if cycle_momentum:
            if "momentum" not in optimizer.defaults and "betas" not in optimizer.defaults:
                raise ValueError("optimizer must support momentum with `cycle_momentum` option enabled")
            self.use_beta1 = "betas" in optimizer.defaults
            max_ms = _per_group(optimizer, max_momentum, "values for max_momentum")
            base_ms = _per_group(optimizer, base_momentum, "values for base_momentum")
            if last_epoch == -1:
                for m_momentum, b_momentum, group in zip(max_ms, base_ms, optimizer.param_groups):
                    self._set_momentum(group, m_momentum)
                    group["max_momentum"] = m_momentum
                    group["base_momentum"] = b_momentum
        super().__init__(optimizer, last_epoch, verbose)

    def _set_momentum(self, group: Dict[str, Any], m: float) -> None:
        if self.use_beta1:
            betas: Tuple[float, float] = group["betas"]
            group["betas"] = (m, betas[1])
        else:
            group["momentum"] = m

    def _anneal(self, start: float, end: float, pct: float) -> float:
        if self.anneal_strategy == "cos":
            return end + (start - end) / 2.0 * (math.cos(math.pi * pct) + 1)
        return (end - start) * pct + start

    def get_lr(self) -> List[float]:
        lrs: List[float] = []
        step_num = self.last_epoch
        if step_num > self.total_steps:
            raise ValueError("Tried to step {} times. The specified number of total steps is {}".format(
                step_num + 1, self.total_steps))
        for group in self.optimizer.param_groups:
            start_step = 0.0
            computed_lr = 0.0
            computed_momentum = 0.0
            for i, phase in enumerate(self._schedule_phases):
                end_step, slr, elr, smom, emom = phase
                if step_num <= end_step or i == len(self._schedule_phases) - 1:
                    pct = (step_num - start_step) / (end_step - start_step)
                    computed_lr = self._anneal(group[slr], group[elr], pct)
                    if self.cycle_momentum:
                        computed_momentum = self._anneal(group[smom], group[emom], pct)
                    break
                start_step = end_step
            lrs.append(computed_lr)
            if self.cycle_momentum:
                self._set_momentum(group, computed_momentum)
        return lrs


class CyclicLR(_LRScheduler):
    def __init__(self, optimizer: Optimizer, base_lr: Any, max_lr: Any, step_size_up: int = 2000,
                 step_size_down: Optional[int] = None, mode: str = "triangular", gamma: float = 1.,
                 scale_fn: Any = None, scale_mode: str = "cycle", cycle_momentum: bool = True,
                 base_momentum: Any = 0.8, max_momentum: Any = 0.9, last_epoch: int = -1, verbose: bool = False):
        base_lrs: List[float] = _per_group(optimizer, base_lr, "values for base_lr")
        if last_epoch == -1:
            for lr, group in zip(base_lrs, optimizer.param_groups):
                group["lr"] = lr
        self.max_lrs: List[float] = _per_group(optimizer, max_lr, "values for max_lr")
        up = float(step_size_up)
        down = float(step_size_down) if step_size_down is not None else up
        self.total_size = up + down
        self.step_ratio = up / self.total_size
        if mode != "triangular" and mode != "triangular2" and mode != "exp_range" and scale_fn is None:
            raise ValueError("mode is invalid and scale_fn is None")
        self.mode = mode
        self.gamma = gamma
        self._scale_fn_custom = scale_fn
        self.scale_mode = scale_mode
        if scale_fn is None:
            self.scale_mode = "iterations" if mode == "exp_range" else "cycle"
        self.cycle_momentum = cycle_momentum
        self.base_momentums: List[float] = []
        self.max_momentums: List[float] = []
        if cycle_momentum:
            if "momentum" not in optimizer.defaults:
                raise ValueError("optimizer must support momentum with `cycle_momentum` option enabled")
            base_ms = _per_group(optimizer, base_momentum, "values for base_momentum")
            if last_epoch == -1:
                for m, group in zip(base_ms, optimizer.param_groups):
                    group["momentum"] = m
            self.base_momentums = [g["momentum"] for g in optimizer.param_groups]
            self.max_momentums = _per_group(optimizer, max_momentum, "values for max_momentum")
        super().__init__(optimizer, last_epoch, verbose)
        self.base_lrs = base_lrs

    def scale_fn(self, x: Any) -> float:
        if self._scale_fn_custom is not None:
            return self._scale_fn_custom(x)
        if self.mode == "triangular":
            return 1.
        if self.mode == "triangular2":
            return 1 / (2. ** (x - 1))
        return self.gamma ** x

    def get_lr(self) -> List[float]:
        cycle = math.floor(1 + self.last_epoch / self.total_size)
        x = 1. + self.last_epoch / self.total_size - cycle
        scale_factor = x / self.step_ratio if x <= self.step_ratio else (x - 1) / (self.step_ratio - 1)
        at = cycle if self.scale_mode == "cycle" else self.last_epoch
        lrs = [b + (m - b) * scale_factor * self.scale_fn(at) for b, m in zip(self.base_lrs, self.max_lrs)]
        if self.cycle_momentum:
            for group, bm, mm in zip(self.optimizer.param_groups, self.base_momentums, self.max_momentums):
                group["momentum"] = mm - (mm - bm) * scale_factor * self.scale_fn(at)
        return lrs


class SequentialLR(_LRScheduler):
    def __init__(self, optimizer: Optimizer, schedulers: List[_LRScheduler], milestones: List[int],
                 last_epoch: int = -1, verbose: bool = False):
        for i in range(len(schedulers)):
            if schedulers[i].optimizer is not optimizer:
                raise ValueError("Sequential Schedulers expects all schedulers to belong to the same optimizer, but "
                                 "got schedulers at index {} to be different than the optimizer passed in.".format(i))
        if len(milestones) != len(schedulers) - 1:
            raise ValueError("Sequential Schedulers expects number of schedulers provided to be one more than the "
                             "number of milestone points, but got number of schedulers {} and the number of "
                             "milestones to be equal to {}".format(len(schedulers), len(milestones)))
        self._schedulers = schedulers
        self._milestones = milestones
        self.last_epoch = last_epoch + 1
        self.optimizer = optimizer
        self.base_lrs = [g["initial_lr"] for g in optimizer.param_groups]
        self.verbose = verbose
        self._step_count = 0
        self._get_lr_called_within_step = False
        for group in optimizer.param_groups:
            group["lr"] = group["initial_lr"]
        for s in schedulers:
            s.last_epoch -= 1
        schedulers[0]._initial_step()
        self._last_lr = schedulers[0].get_last_lr()

    def step(self, epoch: Optional[int] = None) -> None:
        self.last_epoch += 1
        idx = _bisect_right(self._milestones, self.last_epoch)
        s = self._schedulers[idx]
        if idx > 0 and self._milestones[idx - 1] == self.last_epoch:
            s.step(0)
        else:
            s.step()
        self._last_lr = s.get_last_lr()


class ChainedScheduler(_LRScheduler):
    def __init__(self, schedulers: List[_LRScheduler]):
        for i in range(1, len(schedulers)):
            if schedulers[i].optimizer is not schedulers[0].optimizer:
                raise ValueError("ChainedScheduler expects all schedulers to belong to the same optimizer, but got "
                                 "schedulers at index {} and {} to be different".format(0, i))
        self._schedulers = list(schedulers)
        self.optimizer = schedulers[0].optimizer
        self.base_lrs = schedulers[0].base_lrs
        self.last_epoch = 0
        self.verbose = False
        self._step_count = 0
        self._get_lr_called_within_step = False
        self._last_lr = _lrs(self._schedulers[-1].optimizer)

    def step(self, epoch: Optional[int] = None) -> None:
        for s in self._schedulers:
            s.step()
        self._last_lr = _lrs(self._schedulers[-1].optimizer)


class ReduceLROnPlateau:
    def __init__(self, optimizer: Optimizer, mode: str = "min", factor: float = 0.1, patience: int = 10,
                 threshold: float = 1e-4, threshold_mode: str = "rel", cooldown: int = 0, min_lr: Any = 0,
                 eps: float = 1e-8, verbose: bool = False):
        if factor >= 1.0:
            raise ValueError("Factor should be < 1.0.")
        self.factor = factor
        self.optimizer = optimizer
        self.min_lrs: List[float] = _per_group(optimizer, min_lr, "min_lrs")
        self.patience = patience
        self.verbose = verbose
        self.cooldown = cooldown
        self.cooldown_counter = 0
        self.mode = mode
        self.threshold = threshold
        self.threshold_mode = threshold_mode
        self.best = 0.0
        self.num_bad_epochs = 0
        self.mode_worse = 0.0
        self.eps = eps
        self.last_epoch = 0
        self._last_lr: List[float] = _lrs(optimizer)
        self._init_is_better(mode, threshold, threshold_mode)
        self._reset()

    def _reset(self) -> None:
        self.best = self.mode_worse
        self.cooldown_counter = 0
        self.num_bad_epochs = 0

    def step(self, metrics: Any, epoch: Optional[int] = None) -> None:
        current = float(metrics)
        e = self.last_epoch + 1 if epoch is None else epoch
        self.last_epoch = e
        if self.is_better(current, self.best):
            self.best = current
            self.num_bad_epochs = 0
        else:
            self.num_bad_epochs += 1
        if self.cooldown_counter > 0:
            self.cooldown_counter -= 1
            self.num_bad_epochs = 0
        if self.num_bad_epochs > self.patience:
            self._reduce_lr(e)
            self.cooldown_counter = self.cooldown
            self.num_bad_epochs = 0
        self._last_lr = _lrs(self.optimizer)

    def _reduce_lr(self, epoch: int) -> None:
        for i, group in enumerate(self.optimizer.param_groups):
            old_lr = float(group["lr"])
            new_lr = max(old_lr * self.factor, self.min_lrs[i])
            if old_lr - new_lr > self.eps:
                group["lr"] = new_lr
                if self.verbose:
                    print("Epoch {:05d}: reducing learning rate of group {} to {:.4e}.".format(epoch, i, new_lr))

    def is_better(self, a: float, best: float) -> bool:
        if self.mode == "min" and self.threshold_mode == "rel":
            return a < best * (1. - self.threshold)
        if self.mode == "min" and self.threshold_mode == "abs":
            return a < best - self.threshold
        if self.mode == "max" and self.threshold_mode == "rel":
            return a > best * (self.threshold + 1.)
        return a > best + self.threshold

    def _init_is_better(self, mode: str, threshold: float, threshold_mode: str) -> None:
        if mode != "min" and mode != "max":
            raise ValueError("mode " + mode + " is unknown!")
        if threshold_mode != "rel" and threshold_mode != "abs":
            raise ValueError("threshold mode " + threshold_mode + " is unknown!")
        self.mode_worse = math.inf if mode == "min" else -math.inf
        self.mode = mode
        self.threshold = threshold
        self.threshold_mode = threshold_mode

    def get_last_lr(self) -> List[float]:
        return self._last_lr

    def state_dict(self) -> Dict[str, Any]:
        return _state_of(self)

    def load_state_dict(self, state_dict: Dict[str, Any]) -> None:
        _load_state(self, state_dict)
        self._init_is_better(self.mode, self.threshold, self.threshold_mode)
