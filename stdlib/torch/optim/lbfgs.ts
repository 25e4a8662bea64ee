# torch.optim.LBFGS: PyTorch 1.13's algorithm line by line (history of directions, optional
# strong-Wolfe line search). Scalars that PyTorch keeps as 0-d tensors (ys, H_diag, gtd, the
# first step size) stay tensors here too, typed Any, so the arithmetic is the same.
import torch
from typing import List, Dict, Optional, Any, Tuple, Callable
from torch.optim.optimizer import Optimizer


def _cubic_interpolate(x1: Any, f1: Any, g1: Any, x2: Any, f2: Any, g2: Any, bounds: Any = None) -> Any:
    if bounds is not None:
        xmin_bound, xmax_bound = bounds
    elif x1 <= x2:
        xmin_bound, xmax_bound = x1, x2
    else:
        xmin_bound, xmax_bound = x2, x1
    d1 = g1 + g2 - 3 * (f1 - f2) / (x1 - x2)
    d2_square = d1 ** 2 - g1 * g2
    if d2_square >= 0:
        d2 = d2_square.sqrt()
        if x1 <= x2:
            min_pos = x2 - (x2 - x1) * ((g2 + d2 - d1) / (g2 - g1 + 2 * d2))
        else:
            min_pos = x1 - (x1 - x2) * ((g1 + d2 - d1) / (g1 - g2 + 2 * d2))
        return min(max(min_pos, xmin_bound), xmax_bound)
    return (xmin_bound + xmax_bound) / 2.


class LBFGS(Optimizer):
    def __init__(self, params: Any, lr: float = 1, max_iter: int = 20, max_eval: Optional[int] = None,
                 tolerance_grad: float = 1e-7, tolerance_change: float = 1e-9, history_size: int = 100,
                 line_search_fn: Optional[str] = None):
        me = max_iter * 5 // 4 if max_eval is None else max_eval
        super().__init__(params, {"lr": lr, "max_iter": max_iter, "max_eval": me, "tolerance_grad": tolerance_grad,
                                  "tolerance_change": tolerance_change, "history_size": history_size,
                                  "line_search_fn": line_search_fn})
        if len(self.param_groups) != 1:
            raise ValueError("LBFGS doesn't support per-parameter options (parameter groups)")
        self._params: List[torch.Tensor] = self.param_groups[0]["params"]

    def _numel(self) -> int:
        return sum(p.numel() for p in self._params)

    def _gather_flat_grad(self) -> torch.Tensor:
        views: List[torch.Tensor] = []
        for p in self._params:
            g = p.grad
            views.append(torch.zeros(p.numel(), dtype=p.dtype) if g is None else g.view(-1))
        return torch.cat(views, 0)

    def _add_grad(self, step_size: Any, update: torch.Tensor) -> None:
        offset = 0
        for p in self._params:
            numel = p.numel()
            p.add_(update[offset:offset + numel].view_as(p), alpha=step_size)
            offset += numel

    def _clone_param(self) -> List[torch.Tensor]:
        return [p.clone() for p in self._params]

    def _set_param(self, params_data: List[torch.Tensor]) -> None:
        for p, pdata in zip(self._params, params_data):
            p.copy_(pdata)

    def _evaluate(self, closure: Callable[[], torch.Tensor]) -> Any:
        with torch.enable_grad():
            return float(closure())

    def _directional_evaluate(self, closure: Callable[[], torch.Tensor], x: List[torch.Tensor], t: Any,
                              d: torch.Tensor) -> Tuple[float, torch.Tensor]:
        self._add_grad(t, d)
        loss = self._evaluate(closure)
        flat_grad = self._gather_flat_grad()
        self._set_param(x)
        return loss, flat_grad

    def _strong_wolfe(self, closure: Callable[[], torch.Tensor], x: List[torch.Tensor], t: Any, d: torch.Tensor,
                      f: Any, g: torch.Tensor, gtd: Any, c1: float = 1e-4, c2: float = 0.9,
                      tolerance_change: float = 1e-9, max_ls: int = 25) -> Tuple[Any, torch.Tensor, Any, int]:
        d_norm = d.abs().max()
        g = g.clone()
        f_new, g_new = self._directional_evaluate(closure, x, t, d)
        ls_func_evals = 1
        gtd_new: Any = g_new.dot(d)
        t_prev: Any = 0
        f_prev: Any = f
        g_prev = g
        gtd_prev: Any = gtd
        done = False
        ls_iter = 0
        bracket: List[Any] = []
        bracket_f: List[Any] = []
        bracket_g: List[torch.Tensor] = []
        bracket_gtd: List[Any] = []
        while ls_iter < max_ls:
            if f_new > (f + c1 * t * gtd) or (ls_iter > 1 and f_new >= f_prev):
                bracket = [t_prev, t]
                bracket_f = [f_prev, f_new]
                bracket_g = [g_prev, g_new.clone()]
                bracket_gtd = [gtd_prev, gtd_new]
                break
            if abs(gtd_new) <= -c2 * gtd:
                bracket = [t]
                bracket_f = [f_new]
                bracket_g = [g_new]
                done = True
                break
            if gtd_new >= 0:
                bracket = [t_prev, t]
                bracket_f = [f_prev, f_new]
                bracket_g = [g_prev, g_new.clone()]
                bracket_gtd = [gtd_prev, gtd_new]
                break
            min_step = t + 0.01 * (t - t_prev)
            max_step = t * 10
            tmp = t
            t = _cubic_interpolate(t_prev, f_prev, gtd_prev, t, f_new, gtd_new, (min_step, max_step))
            t_prev = tmp
            f_prev = f_new
            g_prev = g_new.clone()
            gtd_prev = gtd_new
            f_new, g_new = self._directional_evaluate(closure, x, t, d)
            ls_func_evals += 1
            gtd_new = g_new.dot(d)
            ls_iter += 1
        if ls_iter == max_ls:
            bracket = [0, t]
            bracket_f = [f, f_new]
            bracket_g = [g, g_new]
        insuf_progress = False
        low_pos, high_pos = (0, 1) if bracket_f[0] <= bracket_f[-1] else (1, 0)
        while not done and ls_iter < max_ls:
            if abs(bracket[1] - bracket[0]) * d_norm < tolerance_change:
                break
            t = _cubic_interpolate(bracket[0], bracket_f[0], bracket_gtd[0], bracket[1], bracket_f[1], bracket_gtd[1])
            eps = 0.1 * (max(bracket) - min(bracket))
            if min(max(bracket) - t, t - min(bracket)) < eps:
                if insuf_progress or t >= max(bracket) or t <= min(bracket):
                    if abs(t - max(bracket)) < abs(t - min(bracket)):
                        t = max(bracket) - eps
                    else:
                        t = min(bracket) + eps
                    insuf_progress = False
                else:
                    insuf_progress = True
            else:
                insuf_progress = False
            f_new, g_new = self._directional_evaluate(closure, x, t, d)
            ls_func_evals += 1
            gtd_new = g_new.dot(d)
            ls_iter += 1
            if f_new > (f + c1 * t * gtd) or f_new >= bracket_f[low_pos]:
                bracket[high_pos] = t
                bracket_f[high_pos] = f_new
                bracket_g[high_pos] = g_new.clone()
                bracket_gtd[high_pos] = gtd_new
                low_pos, high_pos = (0, 1) if bracket_f[0] <= bracket_f[1] else (1, 0)
            else:
                if abs(gtd_new) <= -c2 * gtd:
                    done = True
                elif gtd_new * (bracket[high_pos] - bracket[low_pos]) >= 0:
                    bracket[high_pos] = bracket[low_pos]
                    bracket_f[high_pos] = bracket_f[low_pos]
                    bracket_g[high_pos] = bracket_g[low_pos]
                    bracket_gtd[high_pos] = bracket_gtd[low_pos]
                bracket[low_pos] = t
                bracket_f[low_pos] = f_new
                bracket_g[low_pos] = g_new.clone()
                bracket_gtd[low_pos] = gtd_new
        return bracket_f[low_pos], bracket_g[low_pos], bracket[low_pos], ls_func_evals

    def step(self, closure: Optional[Callable[[], torch.Tensor]] = None) -> Optional[torch.Tensor]:
        if closure is None:
            raise RuntimeError("LBFGS requires a closure")
        cl = closure
        with torch.no_grad():
            group = self.param_groups[0]
            lr: float = group["lr"]
            max_iter: int = group["max_iter"]
            max_eval: int = group["max_eval"]
            tolerance_grad: float = group["tolerance_grad"]
            tolerance_change: float = group["tolerance_change"]
            line_search_fn: Optional[str] = group["line_search_fn"]
            history_size: int = group["history_size"]
            state = self._state(self._params[0])
            if "func_evals" not in state:
                state["func_evals"] = 0
            if "n_iter" not in state:
                state["n_iter"] = 0
            with torch.enable_grad():
                orig_loss = cl()
            loss: Any = float(orig_loss)
            current_evals = 1
            state["func_evals"] = state["func_evals"] + 1
            flat_grad = self._gather_flat_grad()
            opt_cond = flat_grad.abs().max() <= tolerance_grad
            if opt_cond:
                return orig_loss
            d: Any = state["d"] if "d" in state else None
            t: Any = state["t"] if "t" in state else None
            old_dirs: List[torch.Tensor] = state["old_dirs"] if "old_dirs" in state else []
            old_stps: List[torch.Tensor] = state["old_stps"] if "old_stps" in state else []
            ro: List[Any] = state["ro"] if "ro" in state else []
            H_diag: Any = state["H_diag"] if "H_diag" in state else None
            prev_flat_grad: Any = state["prev_flat_grad"] if "prev_flat_grad" in state else None
            prev_loss: Any = state["prev_loss"] if "prev_loss" in state else None
            n_iter = 0
            while n_iter < max_iter:
                n_iter += 1
                state["n_iter"] = state["n_iter"] + 1
                if state["n_iter"] == 1:
                    d = flat_grad.neg()
                    old_dirs = []
                    old_stps = []
                    ro = []
                    H_diag = 1
                else:
                    y = flat_grad.sub(prev_flat_grad)
                    s = d.mul(t)
                    ys = y.dot(s)
                    if ys > 1e-10:
                        if len(old_dirs) == history_size:
                            old_dirs.pop(0)
                            old_stps.pop(0)
                            ro.pop(0)
                        old_dirs.append(y)
                        old_stps.append(s)
                        ro.append(1. / ys)
                        H_diag = ys / y.dot(y)
                    num_old = len(old_dirs)
                    if "al" not in state:
                        state["al"] = [None] * history_size
                    al: List[Any] = state["al"]
                    q = flat_grad.neg()
                    for i in range(num_old - 1, -1, -1):
                        al[i] = old_stps[i].dot(q) * ro[i]
                        q.add_(old_dirs[i], alpha=-al[i])
                    r = torch.mul(q, H_diag)
                    d = r
                    for i in range(num_old):
                        be_i = old_dirs[i].dot(r) * ro[i]
                        step_i: Any = al[i] - be_i  # a 0-d tensor, as PyTorch passes it
                        r.add_(old_stps[i], alpha=step_i)
                if prev_flat_grad is None:
                    prev_flat_grad = flat_grad.clone()
                else:
                    prev_flat_grad.copy_(flat_grad)
                prev_loss = loss
                if state["n_iter"] == 1:
                    t = min(1., 1. / flat_grad.abs().sum()) * lr
                else:
                    t = lr
                gtd = flat_grad.dot(d)
                if gtd > -tolerance_change:
                    break
                ls_func_evals = 0
                if line_search_fn is not None:
                    if line_search_fn != "strong_wolfe":
                        raise RuntimeError("only 'strong_wolfe' is supported")
                    x_init = self._clone_param()
                    loss, flat_grad, t, ls_func_evals = self._strong_wolfe(cl, x_init, t, d, loss, flat_grad, gtd)
                    self._add_grad(t, d)
                    opt_cond = flat_grad.abs().max() <= tolerance_grad
                else:
                    self._add_grad(t, d)
                    if n_iter != max_iter:
                        loss = self._evaluate(cl)
                        flat_grad = self._gather_flat_grad()
                        opt_cond = flat_grad.abs().max() <= tolerance_grad
                        ls_func_evals = 1
                current_evals += ls_func_evals
                state["func_evals"] = state["func_evals"] + ls_func_evals
                if n_iter == max_iter:
                    break
                if current_evals >= max_eval:
                    break
                if opt_cond:
                    break
                if d.mul(t).abs().max() <= tolerance_change:
                    break
                if abs(loss - prev_loss) < tolerance_change:
                    break
            state["d"] = d
            state["t"] = t
            state["old_dirs"] = old_dirs
            state["old_stps"] = old_stps
            state["ro"] = ro
            state["H_diag"] = H_diag
            state["prev_flat_grad"] = prev_flat_grad
            state["prev_loss"] = prev_loss
            return orig_loss
