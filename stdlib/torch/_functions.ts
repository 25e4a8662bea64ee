# Functions of the torch namespace written in Ts, over the registry's operators: dtype facts
# (finfo, iinfo, get/set_default_dtype, promote_types, result_type), is_tensor, as_tensor,
# broadcast_shapes, quantile / nanquantile, cov, corrcoef, combinations, logcumsumexp, inner,
# vander, can_cast; trapezoid / trapz / cumulative_trapezoid (torch/_integration.ts).
# `torch.X` and `from torch import X` find what is defined here (Checker::torch_library_member)
# when X is not an operator.
import torch
import _ts
from typing import Any, List, Optional
from torch._integration import trapezoid, trapz, cumulative_trapezoid


def get_default_dtype() -> torch.dtype:
    return _ts.default_dtype()


def set_default_dtype(d: torch.dtype) -> None:
    _ts.set_default_dtype(d)


def promote_types(type1: torch.dtype, type2: torch.dtype) -> torch.dtype:
    return _ts.promote_types(type1, type2)


def result_type(tensor: Any, other: Any) -> torch.dtype:
    return _ts.result_type(tensor, other)


def is_tensor(obj: Any) -> bool:
    return isinstance(obj, torch.Tensor)


def as_tensor(data: Any, dtype: Optional[torch.dtype] = None, device: Any = None) -> torch.Tensor:
    # A tensor is returned as is when it already has the dtype (and device) asked for.
    if isinstance(data, torch.Tensor):
        t: torch.Tensor = data
        if dtype is not None:
            t = t.to(dtype)
        if device is not None:
            t = t.to(device)
        return t
    return torch.tensor(data, dtype=dtype, device=device)


def _short_dtype(d: torch.dtype) -> str:
    return str(d)[6:]


class finfo:
    def __init__(self, type: Optional[torch.dtype] = None) -> None:
        d = type if type is not None else _ts.default_dtype()
        self.dtype = _short_dtype(d)
        if d == torch.float32:
            self.bits = 32
            self.eps = 1.1920928955078125e-07
            self.max = 3.4028234663852886e+38
            self.tiny = 1.1754943508222875e-38
            self.resolution = 1e-06
        elif d == torch.float64:
            self.bits = 64
            self.eps = 2.220446049250313e-16
            self.max = 1.7976931348623157e+308
            self.tiny = 2.2250738585072014e-308
            self.resolution = 1e-15
        elif d == torch.float16:
            self.bits = 16
            self.eps = 0.0009765625
            self.max = 65504.0
            self.tiny = 6.103515625e-05
            self.resolution = 0.001
        elif d == torch.bfloat16:
            self.bits = 16
            self.eps = 0.0078125
            self.max = 3.3895313892515355e+38
            self.tiny = 1.1754943508222875e-38
            self.resolution = 0.01
        else:
            raise TypeError("torch.finfo() requires a floating point input type. Use torch.iinfo to handle 'torch.finfo'")
        self.min = -self.max
        self.smallest_normal = self.tiny

    def __repr__(self) -> str:
        return "finfo(resolution={:g}, min={:g}, max={:g}, eps={:g}, smallest_normal={:g}, tiny={:g}, dtype={})".format(
            self.resolution, self.min, self.max, self.eps, self.smallest_normal, self.tiny, self.dtype)


class iinfo:
    def __init__(self, type: torch.dtype) -> None:
        self.dtype = _short_dtype(type)
        if type == torch.uint8:
            self.bits = 8
            self.min = 0
            self.max = 255
        elif type == torch.int8 or type == torch.int16 or type == torch.int32 or type == torch.int64:
            self.bits = 8 if type == torch.int8 else 16 if type == torch.int16 else 32 if type == torch.int32 else 64
            self.max = 9223372036854775807 if self.bits == 64 else (1 << (self.bits - 1)) - 1
            self.min = -self.max - 1
        else:
            raise TypeError(str(type) + " is not supported by torch.iinfo")

    def __repr__(self) -> str:
        return "iinfo(min={:g}, max={:g}, dtype={})".format(float(self.min), float(self.max), self.dtype)


def broadcast_shapes(*shapes: Any) -> Any:  # a torch.Size
    out: List[int] = []
    for s in shapes:
        dims: List[int] = [s] if isinstance(s, int) else list(s)
        for i in range(len(dims)):
            if dims[i] < 0:
                raise RuntimeError("Trying to create tensor with negative dimension " + str(dims[i]) + ": " + str(dims))
        while len(out) < len(dims):
            out.insert(0, 1)
        for k in range(1, len(dims) + 1):
            a = out[len(out) - k]
            b = dims[len(dims) - k]
            if a == 1:
                out[len(out) - k] = b
            elif b != 1 and a != b:
                raise RuntimeError("Shape mismatch: objects cannot be broadcast to a single shape")
    return torch.Size(out)


def _quantile(name: str, input: torch.Tensor, q: Any, dim: Optional[int], keepdim: bool, interpolation: str,
              ignore_nan: bool) -> torch.Tensor:
    if input.dtype != torch.float32 and input.dtype != torch.float64:
        raise RuntimeError(name + "() input tensor must be either float or double dtype")
    if input.numel() == 0:
        raise RuntimeError(name + "() input tensor must be non-empty")
    qt = q if isinstance(q, torch.Tensor) else torch.tensor(float(q), dtype=input.dtype)
    if qt.dim() > 1:
        raise RuntimeError(name + "() q must be a scalar or 1D tensor")
    if qt.dtype != input.dtype:
        raise RuntimeError(name + "() q tensor must be same dtype as the input tensor")
    if not isinstance(q, torch.Tensor):
        qf = float(q)
        if qf < 0 or qf > 1:
            raise RuntimeError(name + "() q must be in the range [0, 1] but got " + str(qf))
    elif bool(((qt < 0) | (qt > 1)).any()):
        raise RuntimeError(name + "() q values must be in the range [0, 1]")
    if interpolation not in ["linear", "lower", "higher", "midpoint", "nearest"]:
        raise RuntimeError(name + "() interpolation must be one of linear, lower, higher, midpoint or nearest. Got "
                           + interpolation)
    # The values along the reduced dimension last, sorted (NaN sorts last).
    if dim is None:
        x = input.reshape(-1)
        d = 0
    else:
        d = dim if dim >= 0 else dim + input.dim()
        x = input.movedim(d, -1) if input.dim() > 0 else input.reshape(1)
    sorted_x = x.sort(-1).values
    n = sorted_x.size(-1)
    q1 = qt.reshape(-1)
    if ignore_nan:
        valid = sorted_x.isnan().logical_not().sum(-1, keepdim=True)
        ranks = q1 * (valid - 1)
        ranks = ranks.masked_fill(ranks < 0, 0)
    else:
        last = sorted_x.narrow(-1, n - 1, 1)
        ranks = (q1 * (n - 1)).expand(list(sorted_x.shape[:-1]) + [q1.numel()])
        ranks = ranks.masked_fill(last.isnan(), n - 1)
    ranks = ranks.expand(list(sorted_x.shape[:-1]) + [q1.numel()])
    if interpolation == "lower":
        ranks = ranks.floor()
    elif interpolation == "higher":
        ranks = ranks.ceil()
    elif interpolation == "nearest":
        ranks = ranks.round()
    below = ranks.long()
    values = sorted_x.gather(-1, below)
    if interpolation == "linear" or interpolation == "midpoint":
        above = ranks.ceil().long()
        values_above = sorted_x.gather(-1, above)
        if interpolation == "midpoint":
            weights = torch.full_like(values, 0.5)
        else:
            weights = ranks - below
        values = values.lerp(values_above, weights)
    # values: [...rest, Q] -> [Q, ...rest] with the reduced dimension kept or dropped.
    if keepdim:
        if dim is None:
            for _ in range(input.dim()):
                values = values.unsqueeze(-2)
        elif input.dim() > 0:
            values = values.unsqueeze(-2).movedim(-2, d)
    values = values.movedim(-1, 0)
    if qt.dim() == 0:
        values = values.squeeze(0)
    return values


def quantile(input: torch.Tensor, q: Any, dim: Optional[int] = None, keepdim: bool = False, *,
             interpolation: str = "linear") -> torch.Tensor:
    return _quantile("quantile", input, q, dim, keepdim, interpolation, False)


def nanquantile(input: torch.Tensor, q: Any, dim: Optional[int] = None, keepdim: bool = False, *,
                interpolation: str = "linear") -> torch.Tensor:
    return _quantile("nanquantile", input, q, dim, keepdim, interpolation, True)


def cov(input: torch.Tensor, *, correction: int = 1, fweights: Optional[torch.Tensor] = None,
        aweights: Optional[torch.Tensor] = None) -> torch.Tensor:
    if input.dim() > 2:
        raise RuntimeError("cov(): expected input to have two or fewer dimensions but got an input with "
                           + str(input.dim()) + " dimensions")
    x = input.view(1, -1) if input.dim() < 2 else input
    num_observations = x.size(1)
    w: Optional[torch.Tensor] = None
    if fweights is not None:
        if fweights.dim() > 1:
            raise RuntimeError("cov(): expected fweights to have one or fewer dimensions but got fweights with "
                               + str(fweights.dim()) + " dimensions")
        if fweights.is_floating_point():
            raise RuntimeError("cov(): expected fweights to have integral dtype but got fweights with "
                               + str(fweights.dtype)[6:].capitalize() + " dtype")
        if fweights.numel() != num_observations:
            raise RuntimeError("cov(): expected fweights to have the same numel as there are observations in the input but got "
                               + str(fweights.numel()) + " != " + str(num_observations))
        if bool((fweights < 0).any()):
            raise RuntimeError("cov(): fweights cannot be negative")
        w = fweights
    if aweights is not None:
        if aweights.dim() > 1:
            raise RuntimeError("cov(): expected aweights to have one or fewer dimensions but got aweights with "
                               + str(aweights.dim()) + " dimensions")
        if aweights.numel() != num_observations:
            raise RuntimeError("cov(): expected aweights to have the same numel as there are observations in the input but got "
                               + str(aweights.numel()) + " != " + str(num_observations))
        if bool((aweights < 0).any()):
            raise RuntimeError("cov(): aweights cannot be negative")
        w = aweights if w is None else w * aweights
    if w is None:
        avg = x.sum(1) / num_observations
        norm_factor = torch.tensor(num_observations - correction)
        xc = x - avg.unsqueeze(1)
        c = xc.mm(xc.t())
    else:
        w_sum = w.sum()
        avg = (x * w).sum(1) / w_sum
        if aweights is not None and correction != 0:
            norm_factor = w_sum - correction * (w * aweights).sum() / w_sum
        else:
            norm_factor = w_sum - correction
        xc = x - avg.unsqueeze(1)
        c = xc.mm((xc * w).t())
    if bool(norm_factor <= 0):
        norm_factor = torch.zeros_like(norm_factor)
    return c.true_divide(norm_factor).squeeze()


def corrcoef(input: torch.Tensor) -> torch.Tensor:
    c = cov(input)
    if c.dim() == 0:
        return c / c
    stddev = c.diag().sqrt()
    c = c / stddev.view(-1, 1)
    c = c / stddev.view(1, -1)
    return c.clip(-1, 1)


def combinations(input: torch.Tensor, r: int = 2, with_replacement: bool = False) -> torch.Tensor:
    if input.dim() != 1:
        raise RuntimeError("Expect a 1D vector, but got shape " + str(list(input.shape)))
    if r < 0:
        raise RuntimeError("Expect a non-negative number, but got " + str(r))
    if r == 0:
        return torch.empty([0], dtype=input.dtype)
    n = input.size(0)
    # The index tuples in itertools' order: lexicographic, each index after (or, with
    # replacement, at) the one before.
    rows: List[List[int]] = []
    row: List[int] = [0] * r
    _combination_rows(rows, row, 0, 0, n, with_replacement)
    if len(rows) == 0:
        return torch.empty([0, r], dtype=input.dtype)
    return input[torch.tensor(rows).reshape(-1)].reshape(len(rows), r)


def _combination_rows(rows: List[List[int]], row: List[int], k: int, start: int, n: int, with_replacement: bool) -> None:
    if k == len(row):
        rows.append(list(row))
        return
    for i in range(start, n):
        row[k] = i
        _combination_rows(rows, row, k + 1, i if with_replacement else i + 1, n, with_replacement)


def logcumsumexp(input: torch.Tensor, dim: int) -> torch.Tensor:
    # out[i] = log(exp(out[i-1]) + exp(x[i])), pairwise as PyTorch's scan.
    if input.dim() == 0:
        return input.clone()
    d = dim if dim >= 0 else dim + input.dim()
    parts: List[torch.Tensor] = []
    running: Optional[torch.Tensor] = None
    for i in range(input.size(d)):
        x = input.select(d, i)
        r = running
        running = x if r is None else torch.logaddexp(r, x)
        parts.append(running)
    if len(parts) == 0:
        return input.clone()
    return torch.stack(parts, d)


def _is_floating(d: torch.dtype) -> bool:
    return d == torch.float32 or d == torch.float64 or d == torch.float16 or d == torch.bfloat16


def _is_integral(d: torch.dtype) -> bool:  # without bool, as c10::isIntegralType(t, false)
    return d == torch.uint8 or d == torch.int8 or d == torch.int16 or d == torch.int32 or d == torch.int64


def inner(input: torch.Tensor, other: torch.Tensor) -> torch.Tensor:
    if input.dim() == 0 or other.dim() == 0:
        return input * other
    if input.size(-1) != other.size(-1):
        raise RuntimeError("inner() the last dimension must match on both input tensors but got shapes "
                           + str(list(input.shape)) + " and " + str(list(other.shape)))
    return torch.tensordot(input, other, [[-1], [-1]])


def vander(x: torch.Tensor, N: Optional[int] = None, increasing: bool = False) -> torch.Tensor:
    if x.dim() != 1:
        raise RuntimeError("x must be a one-dimensional tensor.")
    n = x.size(0)
    if N is not None:
        n = N
        if n < 0:
            raise RuntimeError("N must be non-negative.")
    # Integers (and bool) give int64, as cumprod promotes them.
    result = torch.empty([x.size(0), n], dtype=promote_types(x.dtype, torch.int64))
    if n > 0:
        result.fill_(1)
        if n > 1:
            tail = result.narrow(1, 1, n - 1)
            tail.copy_(x.unsqueeze(1))
            tail.copy_(torch.cumprod(tail, 1))
    if not increasing:
        return torch.flip(result, [1])
    return result


def can_cast(from_: torch.dtype, to: torch.dtype) -> bool:
    # c10::canCast: no float to integral, nothing but bool to bool.
    if _is_floating(from_) and _is_integral(to):
        return False
    if from_ != torch.bool and to == torch.bool:
        return False
    return True
