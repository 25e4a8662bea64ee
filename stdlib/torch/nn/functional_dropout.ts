# torch.nn.functional's dropouts beside dropout / dropout2d (functional.ts): dropout1d, dropout3d,
# alpha_dropout and feature_alpha_dropout, following PyTorch 1.13's functional.py. functional.ts
# re-exports every public name here.
import torch


def _check_p(p: float) -> None:
    if p < 0.0 or p > 1.0:
        raise ValueError("dropout probability has to be between 0 and 1, but got {}".format(p))


def _feature_dropout(input: torch.Tensor, p: float, training: bool, inplace: bool, batched: bool) -> torch.Tensor:
    x = input if batched else input.unsqueeze(0)
    out = torch.feature_dropout(x, p, training)
    if not batched:
        out = out.squeeze(0)
    if inplace:
        return input.copy_(out)
    return out


def dropout1d(input: torch.Tensor, p: float = 0.5, training: bool = True, inplace: bool = False) -> torch.Tensor:
    _check_p(p)
    nd = input.dim()
    if nd != 2 and nd != 3:
        raise RuntimeError("dropout1d: Expected 2D or 3D input, but received a {}D input. Note that dropout1d exists "
                           "to provide channel-wise dropout on inputs with 1 spatial dimension, a channel dimension, "
                           "and an optional batch dimension (i.e. 2D or 3D inputs).".format(nd))
    return _feature_dropout(input, p, training, inplace, nd == 3)


def dropout3d(input: torch.Tensor, p: float = 0.5, training: bool = True, inplace: bool = False) -> torch.Tensor:
    _check_p(p)
    return _feature_dropout(input, p, training, inplace, input.dim() == 5)


def alpha_dropout(input: torch.Tensor, p: float = 0.5, training: bool = False, inplace: bool = False) -> torch.Tensor:
    _check_p(p)
    if inplace:
        return input.copy_(torch.alpha_dropout(input, p, training))
    return torch.alpha_dropout(input, p, training)


def feature_alpha_dropout(input: torch.Tensor, p: float = 0.5, training: bool = False,
                          inplace: bool = False) -> torch.Tensor:
    _check_p(p)
    if inplace:
        return input.copy_(torch.feature_alpha_dropout(input, p, training))
    return torch.feature_alpha_dropout(input, p, training)
