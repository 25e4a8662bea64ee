# torch.trapezoid / trapz / cumulative_trapezoid in Ts, composed as ATen 1.13 composes them
# (aten/src/ATen/native/Integration.cpp), with its checks and messages; re-exported by
# torch/_functions.ts (Checker::torch_library_member).
import torch
from typing import Any, Optional


def _arg_type_name(v: Any) -> str:
    # How PyTorch's argument parser names an argument's type in "got (...)".
    if isinstance(v, torch.Tensor):
        return "Tensor"
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    if isinstance(v, float):
        return "float"
    if isinstance(v, str):
        return "str"
    return type(v).__name__


def _x_viewed(name: str, y: torch.Tensor, x: torch.Tensor, d: int) -> torch.Tensor:
    # x as a tensor of y's rank, so that its differences broadcast with y's along d.
    if x.dim() == 1:
        if x.size(0) != y.size(d):
            raise RuntimeError(name + ": There must be one `x` value for each sample point")
        shape = [1] * y.dim()
        shape[d] = x.size(0)
        return x.view(shape)
    if x.dim() < y.dim():
        shape = [1] * (y.dim() - x.dim()) + list(x.shape)
        return x.view(shape)
    return x


def _check_dx(name: str, dx: Any) -> float:
    if isinstance(dx, bool) or not (isinstance(dx, int) or isinstance(dx, float)):
        raise RuntimeError(name + ": Currently, we only support dx as a real number.")
    return float(dx)


def _trapezoid(name: str, y: torch.Tensor, x: Optional[torch.Tensor], dx: Any, dim: int) -> torch.Tensor:
    d = dim if dim >= 0 else dim + y.dim()
    n = y.size(dim)  # raises IndexError for a dim out of range, as maybe_wrap_dim
    if n == 0:
        # The integral over no samples is 0 (numpy's answer).
        shape = list(y.shape)
        shape.pop(d)
        return torch.zeros(shape, dtype=y.dtype)
    if x is not None:
        if y.dtype == torch.bool or x.dtype == torch.bool:
            raise RuntimeError(name + ": received a bool input for `x` or `y`, but bool is not supported")
        xv = _x_viewed(name, y, x, d)
        dxt = xv.narrow(d, 1, xv.size(d) - 1) - xv.narrow(d, 0, xv.size(d) - 1)
        left = y.narrow(d, 0, n - 1)
        right = y.narrow(d, 1, n - 1)
        return ((left + right) * dxt).sum(d) / 2.0
    if y.dtype == torch.bool:
        raise RuntimeError(name + ": received a bool input for `y`, but bool is not supported")
    h = _check_dx(name, dx)
    return (y.sum(d) - (y.select(d, 0) + y.select(d, -1)) * 0.5) * h


def trapezoid(y: torch.Tensor, x: Optional[torch.Tensor] = None, *, dx: Any = None, dim: int = -1) -> torch.Tensor:
    if x is not None and dx is not None:
        got = "Tensor, Tensor, dx=" + _arg_type_name(dx) + (", dim=int" if dim != -1 else "")
        raise TypeError("trapezoid() received an invalid combination of arguments - got (" + got
                        + "), but expected one of:\n * (Tensor y, Tensor x, *, int dim)\n"
                        + " * (Tensor y, *, Number dx, int dim)\n")
    return _trapezoid("trapezoid", y, x, 1 if dx is None else dx, dim)


def trapz(y: torch.Tensor, x: Optional[torch.Tensor] = None, *, dx: Any = None, dim: int = -1) -> torch.Tensor:
    if x is not None and dx is not None:
        got = "Tensor, Tensor, dx=" + _arg_type_name(dx) + (", dim=int" if dim != -1 else "")
        raise TypeError("trapz() received an invalid combination of arguments - got (" + got
                        + "), but expected one of:\n * (Tensor y, Tensor x, *, int dim)\n"
                        + " * (Tensor y, *, float dx, int dim)\n")
    # trapz's dx is a float: True is 1.0 there.
    return _trapezoid("trapezoid", y, x, 1.0 if dx is None else float(dx), dim)


def cumulative_trapezoid(y: torch.Tensor, x: Optional[torch.Tensor] = None, *, dx: Any = None,
                         dim: int = -1) -> torch.Tensor:
    name = "cumulative_trapezoid"
    if x is not None and dx is not None:
        got = "Tensor, Tensor, dx=" + _arg_type_name(dx) + (", dim=int" if dim != -1 else "")
        raise TypeError("cumulative_trapezoid() received an invalid combination of arguments - got (" + got
                        + "), but expected one of:\n * (Tensor y, Tensor x, *, int dim)\n"
                        + " * (Tensor y, *, Number dx, int dim)\n")
    d = dim if dim >= 0 else dim + y.dim()
    n = y.size(dim)
    if x is not None:
        if y.dtype == torch.bool or x.dtype == torch.bool:
            raise RuntimeError(name + ": received a bool input for `x` or `y`, but bool is not supported")
        xv = _x_viewed(name, y, x, d)
        m = xv.size(d)
        dxt = xv.narrow(d, min(m, 1), max(m - 1, 0)) - xv.narrow(d, 0, max(m - 1, 0))
        left = y.narrow(d, 0, max(n - 1, 0))
        right = y.narrow(d, min(n, 1), max(n - 1, 0))
        return ((left + right) * dxt).cumsum(d) / 2.0
    if y.dtype == torch.bool:
        raise RuntimeError(name + ": received a bool input for `y`, but bool is not supported")
    h = _check_dx(name, 1 if dx is None else dx)
    return ((y.narrow(d, 0, max(n - 1, 0)) + y.narrow(d, min(n, 1), max(n - 1, 0))) * (h / 2.0)).cumsum(d)
