# torch.special: PyTorch 1.13's functions over the registry's operators. Most are the top-level
# torch function of another name (expit is sigmoid, gammaln is lgamma, psi is digamma) and record
# that op's autograd node, as in PyTorch; special_* operators (entr, i1) have no torch.X binding.
import torch
from typing import Optional, Any


def entr(input: torch.Tensor, *, out: Optional[torch.Tensor] = None) -> torch.Tensor:
    if out is not None:
        return torch.special_entr(input, out=out)
    return torch.special_entr(input)


def i1(input: torch.Tensor, *, out: Optional[torch.Tensor] = None) -> torch.Tensor:
    if out is not None:
        return torch.special_i1(input, out=out)
    return torch.special_i1(input)


def i0(input: torch.Tensor, *, out: Optional[torch.Tensor] = None) -> torch.Tensor:
    if out is not None:
        return torch.i0(input, out=out)
    return torch.i0(input)


def erf(input: torch.Tensor, *, out: Optional[torch.Tensor] = None) -> torch.Tensor:
    if out is not None:
        return torch.erf(input, out=out)
    return torch.erf(input)


def erfc(input: torch.Tensor, *, out: Optional[torch.Tensor] = None) -> torch.Tensor:
    if out is not None:
        return torch.erfc(input, out=out)
    return torch.erfc(input)


def erfinv(input: torch.Tensor, *, out: Optional[torch.Tensor] = None) -> torch.Tensor:
    if out is not None:
        return torch.erfinv(input, out=out)
    return torch.erfinv(input)


def exp2(input: torch.Tensor, *, out: Optional[torch.Tensor] = None) -> torch.Tensor:
    if out is not None:
        return torch.exp2(input, out=out)
    return torch.exp2(input)


def expm1(input: torch.Tensor, *, out: Optional[torch.Tensor] = None) -> torch.Tensor:
    if out is not None:
        return torch.expm1(input, out=out)
    return torch.expm1(input)


def expit(input: torch.Tensor, *, out: Optional[torch.Tensor] = None) -> torch.Tensor:
    if out is not None:
        return torch.sigmoid(input, out=out)
    return torch.sigmoid(input)


def log1p(input: torch.Tensor, *, out: Optional[torch.Tensor] = None) -> torch.Tensor:
    if out is not None:
        return torch.log1p(input, out=out)
    return torch.log1p(input)


def gammaln(input: torch.Tensor, *, out: Optional[torch.Tensor] = None) -> torch.Tensor:
    if out is not None:
        return torch.lgamma(input, out=out)
    return torch.lgamma(input)


def digamma(input: torch.Tensor, *, out: Optional[torch.Tensor] = None) -> torch.Tensor:
    if out is not None:
        return torch.digamma(input, out=out)
    return torch.digamma(input)


def psi(input: torch.Tensor, *, out: Optional[torch.Tensor] = None) -> torch.Tensor:
    if out is not None:
        return torch.digamma(input, out=out)
    return torch.digamma(input)


def polygamma(n: int, input: torch.Tensor, *, out: Optional[torch.Tensor] = None) -> torch.Tensor:
    if out is not None:
        return torch.polygamma(n, input, out=out)
    return torch.polygamma(n, input)


def sinc(input: torch.Tensor, *, out: Optional[torch.Tensor] = None) -> torch.Tensor:
    if out is not None:
        return torch.sinc(input, out=out)
    return torch.sinc(input)


def round(input: torch.Tensor, *, decimals: int = 0, out: Optional[torch.Tensor] = None) -> torch.Tensor:
    if out is not None:
        return torch.round(input, decimals=decimals, out=out)
    return torch.round(input, decimals=decimals)


def logit(input: torch.Tensor, eps: Optional[float] = None, *,
          out: Optional[torch.Tensor] = None) -> torch.Tensor:
    if out is not None:
        return torch.logit(input, eps, out=out)
    return torch.logit(input, eps)


def xlogy(input: Any, other: Any, *, out: Optional[torch.Tensor] = None) -> torch.Tensor:
    if out is not None:
        return torch.xlogy(input, other, out=out)
    return torch.xlogy(input, other)


def logsumexp(input: torch.Tensor, dim: Any, keepdim: bool = False, *,
              out: Optional[torch.Tensor] = None) -> torch.Tensor:
    if out is not None:
        return torch.logsumexp(input, dim, keepdim, out=out)
    return torch.logsumexp(input, dim, keepdim)


def softmax(input: torch.Tensor, dim: int, *, dtype: Any = None) -> torch.Tensor:
    return torch.softmax(input, dim, dtype=dtype)


def log_softmax(input: torch.Tensor, dim: int, *, dtype: Any = None) -> torch.Tensor:
    return torch.log_softmax(input, dim, dtype=dtype)
