# torch.nn.functional, continued: padding, shape, distance, pooling, interpolation, sampling,
# dropout variants and the margin/CTC losses, following PyTorch 1.13's functional.py. functional.ts
# re-exports every public name here.
import math
import torch
from typing import Optional, Any, List, Tuple


def _reduction_enum(reduction: str) -> int:
    if reduction == "none":
        return 0
    if reduction == "mean":
        return 1
    if reduction == "sum":
        return 2
    raise ValueError(reduction + " is not a valid value for reduction")


def _legacy_enum(size_average: Optional[bool], reduce: Optional[bool], reduction: str) -> int:
    # PyTorch's deprecated size_average/reduce arguments, when given, decide the reduction.
    if size_average is None and reduce is None:
        return _reduction_enum(reduction)
    sa = True if size_average is None else size_average
    rd = True if reduce is None else reduce
    if sa and rd:
        return 1
    return 2 if rd else 0


def _ints(x: Any, n: int) -> List[int]:
    # An int or a sequence of ints (PyTorch's _single/_pair/_triple).
    if isinstance(x, int):
        return [x] * n
    return [int(v) for v in x]


def _adaptive_size(output_size: Any, input: torch.Tensor, n: int) -> List[int]:
    # An adaptive pool's output size: an int, or a sequence where None keeps the input's size.
    if isinstance(output_size, int):
        return [output_size] * n
    out: List[int] = []
    for i in range(n):
        v = output_size[i]
        out.append(input.size(input.dim() - n + i) if v is None else int(v))
    return out


def _adaptive_bins(n_in: int, n_out: int) -> List[Tuple[int, int]]:
    # adaptive pooling's windows: [floor(i * In / Out), ceil((i + 1) * In / Out))
    return [((i * n_in) // n_out, ((i + 1) * n_in + n_out - 1) // n_out) for i in range(n_out)]


def conv_transpose3d(input: torch.Tensor, weight: torch.Tensor, bias: Optional[torch.Tensor] = None, stride: Any = 1,
                     padding: Any = 0, output_padding: Any = 0, groups: int = 1, dilation: Any = 1) -> torch.Tensor:
    # conv_transpose3d as a 3-d convolution: zeros inserted between input elements (stride), the
    # border widened by dilation * (kernel - 1) - padding (plus output_padding on the high side,
    # negative amounts crop), and the kernel flipped with its in/out channels swapped per group
    st, pd, op, dl = _ints(stride, 3), _ints(padding, 3), _ints(output_padding, 3), _ints(dilation, 3)
    x = input
    off = x.dim() - 3
    for i in range(3):
        d = off + i
        s = st[i]
        n = x.size(d)
        if s > 1 and n > 0:
            zshape = list(x.shape)
            zshape.insert(d + 1, s - 1)
            x = torch.cat([x.unsqueeze(d + 1), torch.zeros(zshape, dtype=x.dtype)], d + 1).flatten(d, d + 1)
            x = x.narrow(d, 0, (n - 1) * s + 1)
    pads: List[int] = []
    for i in range(2, -1, -1):
        lo = dl[i] * (weight.size(2 + i) - 1) - pd[i]
        pads += [lo, lo + op[i]]
    x = torch.constant_pad_nd(x, pads, 0.0)
    k = weight.shape
    w = weight.reshape([groups, k[0] // groups, k[1]] + list(k[2:])).transpose(1, 2)
    w = w.reshape([k[1] * groups, k[0] // groups] + list(k[2:])).flip([2, 3, 4])
    return torch.conv3d(x, w, bias, [1, 1, 1], [0, 0, 0], dl, groups)


# adaptive_max_pool1d: (output, indices) with return_indices=True, else the output alone; the 2-d
# operator over a height-1 view gives the same values and 1-d indices
def adaptive_max_pool1d(input: torch.Tensor, output_size: Any, return_indices: bool = False) -> Any:
    if input.dim() != 2 and input.dim() != 3:
        raise RuntimeError("Expected 2 to 3 dimensions, but got {}-dimensional tensor for argument #1 'self' (while "
                           "checking arguments for adaptive_max_pool1d)".format(input.dim()))
    out, idx = torch.adaptive_max_pool2d(input.unsqueeze(-2), [1] + _adaptive_size(output_size, input, 1))
    if return_indices:
        return out.squeeze(-2), idx.squeeze(-2)
    return out.squeeze(-2)


# adaptive_avg_pool3d: the mean over a box is the mean over depth of the means over height and
# width, so a 2-d adaptive pool per depth slice, then a 1-d adaptive pool along depth
def adaptive_avg_pool3d(input: torch.Tensor, output_size: Any) -> torch.Tensor:
    if input.dim() != 4 and input.dim() != 5:
        raise RuntimeError("adaptive_avg_pool3d(): Expected 4D or 5D tensor, but got {}".format(list(input.shape)))
    od, oh, ow = _adaptive_size(output_size, input, 3)
    lead = list(input.shape[:-3])
    nd, nh, nw = input.size(-3), input.size(-2), input.size(-1)
    p = 1
    for v in lead:
        p *= v
    y = torch.adaptive_avg_pool2d(input.reshape(p * nd, nh, nw), [oh, ow])
    y = y.reshape(p, nd, oh * ow).transpose(1, 2)
    y = torch.adaptive_avg_pool1d(y, [od])
    return y.transpose(1, 2).reshape(lead + [od, oh, ow])


# adaptive_max_pool3d: (output, indices) with return_indices=True, else the output alone; each
# window's maximum and its flat index d * H * W + h * W + w within the last three dimensions
def adaptive_max_pool3d(input: torch.Tensor, output_size: Any, return_indices: bool = False) -> Any:
    if input.dim() != 4 and input.dim() != 5:
        raise RuntimeError("adaptive_max_pool3d(): Expected 4D or 5D tensor, but got: {}".format(list(input.shape)))
    od, oh, ow = _adaptive_size(output_size, input, 3)
    nd, nh, nw = input.size(-3), input.size(-2), input.size(-1)
    vals: List[torch.Tensor] = []
    idxs: List[torch.Tensor] = []
    for d0, d1 in _adaptive_bins(nd, od):
        for h0, h1 in _adaptive_bins(nh, oh):
            for w0, w1 in _adaptive_bins(nw, ow):
                box = input.narrow(-3, d0, d1 - d0).narrow(-2, h0, h1 - h0).narrow(-1, w0, w1 - w0)
                v, i = box.flatten(-3).max(-1)
                bh, bw = h1 - h0, w1 - w0
                vals.append(v)
                idxs.append((d0 + i // (bh * bw)) * nh * nw + (h0 + (i // bw) % bh) * nw + w0 + i % bw)
    shape = list(input.shape[:-3]) + [od, oh, ow]
    out = torch.stack(vals, -1).reshape(shape)
    if return_indices:
        return out, torch.stack(idxs, -1).reshape(shape)
    return out


def pad(input: torch.Tensor, pad: Any, mode: str = "constant", value: Optional[float] = None) -> torch.Tensor:
    return torch.pad(input, _ints(pad, 1), mode, value)


def one_hot(tensor: torch.Tensor, num_classes: int = -1) -> torch.Tensor:
    return torch.one_hot(tensor, num_classes)


def pixel_shuffle(input: torch.Tensor, upscale_factor: int) -> torch.Tensor:
    return torch.pixel_shuffle(input, upscale_factor)


def pixel_unshuffle(input: torch.Tensor, downscale_factor: int) -> torch.Tensor:
    return torch.pixel_unshuffle(input, downscale_factor)


def unfold(input: torch.Tensor, kernel_size: Any, dilation: Any = 1, padding: Any = 0, stride: Any = 1) -> torch.Tensor:
    return torch.im2col(input, _ints(kernel_size, 2), _ints(dilation, 2), _ints(padding, 2), _ints(stride, 2))


def fold(input: torch.Tensor, output_size: Any, kernel_size: Any, dilation: Any = 1, padding: Any = 0,
         stride: Any = 1) -> torch.Tensor:
    return torch.col2im(input, _ints(output_size, 2), _ints(kernel_size, 2), _ints(dilation, 2), _ints(padding, 2),
                        _ints(stride, 2))


def cosine_similarity(x1: torch.Tensor, x2: torch.Tensor, dim: int = 1, eps: float = 1e-8) -> torch.Tensor:
    return torch.cosine_similarity(x1, x2, dim, eps)


def pairwise_distance(x1: torch.Tensor, x2: torch.Tensor, p: float = 2.0, eps: float = 1e-6,
                      keepdim: bool = False) -> torch.Tensor:
    return torch.pairwise_distance(x1, x2, p, eps, keepdim)


def pdist(input: torch.Tensor, p: float = 2.0) -> torch.Tensor:
    return torch.pdist(input, p)


def instance_norm(input: torch.Tensor, running_mean: Optional[torch.Tensor] = None,
                  running_var: Optional[torch.Tensor] = None, weight: Optional[torch.Tensor] = None,
                  bias: Optional[torch.Tensor] = None, use_input_stats: bool = True, momentum: float = 0.1,
                  eps: float = 1e-5) -> torch.Tensor:
    if use_input_stats:
        size = list(input.size())
        prod = 1
        for i in range(2, len(size)):
            prod *= size[i]
        if prod == 1:
            raise ValueError("Expected more than 1 spatial element when training, got input size {}".format(input.size()))
    return torch.instance_norm(input, weight, bias, running_mean, running_var, use_input_stats, momentum, eps, False)


def _embedding_renorm_(weight: torch.Tensor, input: torch.Tensor, max_norm: float, norm_type: float) -> None:
    # PyTorch's embedding_renorm_: each referenced row whose norm exceeds max_norm is scaled in place
    # by max_norm / (norm + 1e-7), the scale computed in double as its CPU kernel does.
    with torch.no_grad():
        rows = torch._unique(input.reshape(-1))[0]
        for i in range(rows.numel()):
            r = int(rows[i].item())
            n = weight[r].norm(norm_type).item()
            if n > max_norm:
                weight[r].mul_(max_norm / (n + 1e-7))


def embedding_bag(input: torch.Tensor, weight: torch.Tensor, offsets: Optional[torch.Tensor] = None,
                  max_norm: Optional[float] = None, norm_type: float = 2, scale_grad_by_freq: bool = False,
                  mode: str = "mean", sparse: bool = False, per_sample_weights: Optional[torch.Tensor] = None,
                  include_last_offset: bool = False, padding_idx: Optional[int] = None) -> torch.Tensor:
    inp = input
    psw = per_sample_weights
    if psw is not None and inp.size() != psw.size():
        raise ValueError("embedding_bag: If per_sample_weights ({}) is not None, then it must have the same shape as "
                         "the input ({})".format(psw.shape, inp.shape))
    offs = offsets
    if inp.dim() == 2:
        if offs is not None:
            raise ValueError("if input is 2D, then offsets has to be None, as input is treated is a mini-batch of "
                             "fixed length sequences. However, found offsets of type <class 'torch.Tensor'>")
        offs = torch.arange(0, inp.numel(), inp.size(1), dtype=inp.dtype)
        inp = inp.reshape(-1)
        if psw is not None:
            psw = psw.reshape(-1)
    elif inp.dim() == 1:
        if offs is None:
            raise ValueError("offsets has to be a 1D Tensor but got None")
        if offs.dim() != 1:
            raise ValueError("offsets has to be a 1D Tensor")
    else:
        raise ValueError("input has to be 1D or 2D Tensor, but got Tensor of dimension {}".format(inp.dim()))
    if mode == "sum":
        mode_enum = 0
    elif mode == "mean":
        mode_enum = 1
    elif mode == "max":
        mode_enum = 2
        if scale_grad_by_freq:
            raise ValueError("max mode does not support scaling the gradient by the frequency")
        if sparse:
            raise ValueError("max mode does not support sparse weights")
    else:
        raise ValueError("mode has to be one of sum, mean or max")
    if max_norm is not None:
        _embedding_renorm_(weight, inp, max_norm, norm_type)
    if psw is not None and mode != "sum":
        raise NotImplementedError("embedding_bag: per_sample_weights was not None. per_sample_weights is only "
                                  "supported for mode='sum' (got mode='{}'). Please open a feature request on "
                                  "GitHub.".format(mode))
    assert offs is not None
    ret, _a, _b, _c = torch.embedding_bag(weight, inp, offs, scale_grad_by_freq, mode_enum, sparse, psw,
                                          include_last_offset, padding_idx)
    return ret


def multi_margin_loss(input: torch.Tensor, target: torch.Tensor, p: int = 1, margin: float = 1.0,
                      weight: Optional[torch.Tensor] = None, size_average: Optional[bool] = None,
                      reduce: Optional[bool] = None, reduction: str = "mean") -> torch.Tensor:
    r = _legacy_enum(size_average, reduce, reduction)
    if p != 1 and p != 2:
        raise ValueError("only p == 1 and p == 2 supported")
    if weight is not None:
        if weight.dim() != 1:
            raise ValueError("weight must be one-dimensional")
    return torch.multi_margin_loss(input, target, p, margin, weight, r)


def multilabel_margin_loss(input: torch.Tensor, target: torch.Tensor, size_average: Optional[bool] = None,
                           reduce: Optional[bool] = None, reduction: str = "mean") -> torch.Tensor:
    return torch.multilabel_margin_loss(input, target, _legacy_enum(size_average, reduce, reduction))


def triplet_margin_loss(anchor: torch.Tensor, positive: torch.Tensor, negative: torch.Tensor, margin: float = 1.0,
                        p: float = 2, eps: float = 1e-6, swap: bool = False, size_average: Optional[bool] = None,
                        reduce: Optional[bool] = None, reduction: str = "mean") -> torch.Tensor:
    r = _legacy_enum(size_average, reduce, reduction)
    return torch.triplet_margin_loss(anchor, positive, negative, margin, p, eps, swap, r)


def ctc_loss(log_probs: torch.Tensor, targets: torch.Tensor, input_lengths: torch.Tensor,
             target_lengths: torch.Tensor, blank: int = 0, reduction: str = "mean",
             zero_infinity: bool = False) -> torch.Tensor:
    return torch.ctc_loss(log_probs, targets, input_lengths, target_lengths, blank, _reduction_enum(reduction),
                          zero_infinity)


def interpolate(input: torch.Tensor, size: Any = None, scale_factor: Any = None, mode: str = "nearest",
                align_corners: Optional[bool] = None, recompute_scale_factor: Optional[bool] = None,
                antialias: bool = False) -> torch.Tensor:
    ac = False
    if mode == "nearest" or mode == "area" or mode == "nearest-exact":
        if align_corners is not None:
            raise ValueError("align_corners option can only be set with the interpolating modes: "
                             "linear | bilinear | bicubic | trilinear")
    elif align_corners is not None:
        ac = align_corners
    dim = input.dim() - 2
    output_size: Optional[List[int]] = None
    scale_factors: Optional[List[float]] = None
    if size is not None and scale_factor is not None:
        raise ValueError("only one of size or scale_factor should be defined")
    elif size is not None:
        if isinstance(size, int):
            output_size = [int(size)] * dim
        else:
            sl = [int(v) for v in size]
            if len(sl) != dim:
                raise ValueError("Input and output must have the same number of spatial dimensions, but got input "
                                 "with spatial dimensions of {} and output size of {}. Please provide input tensor "
                                 "in (N, C, d1, d2, ...,dK) format and output size in (o1, o2, ...,oK) "
                                 "format.".format(list(input.shape)[2:], size))
            output_size = sl
    elif scale_factor is not None:
        if isinstance(scale_factor, float) or isinstance(scale_factor, int):
            scale_factors = [float(scale_factor)] * dim
        else:
            fl = [float(v) for v in scale_factor]
            if len(fl) != dim:
                raise ValueError("Input and scale_factor must have the same number of spatial dimensions, but got "
                                 "input with spatial dimensions of {} and scale_factor of shape {}. Please provide "
                                 "input tensor in (N, C, d1, d2, ...,dK) format and scale_factor in (s1, s2, ...,sK) "
                                 "format.".format(list(input.shape)[2:], scale_factor))
            scale_factors = fl
    else:
        raise ValueError("either size or scale_factor should be defined")
    recompute = recompute_scale_factor is not None and recompute_scale_factor
    if recompute and size is not None:
        raise ValueError("recompute_scale_factor is not meaningful with an explicit size.")
    if mode == "area" and output_size is None:
        recompute = True
    if recompute:
        sf = scale_factors
        assert sf is not None
        output_size = [int(math.floor(float(input.size(i + 2)) * sf[i])) for i in range(dim)]
        scale_factors = None
    nd = input.dim()
    if antialias and not ((mode == "bilinear" or mode == "bicubic") and nd == 4):
        raise ValueError("Anti-alias option is only supported for bilinear and bicubic modes")
    if nd == 3 and mode == "nearest-exact":
        return torch._upsample_nearest_exact1d(input, output_size, scale_factors)
    if nd == 4 and mode == "nearest-exact":
        return torch._upsample_nearest_exact2d(input, output_size, scale_factors)
    if nd == 5 and mode == "nearest-exact":
        return torch._upsample_nearest_exact3d(input, output_size, scale_factors)
    if nd == 4 and mode == "bilinear" and antialias:
        return torch._upsample_bilinear2d_aa(input, output_size, ac, scale_factors)
    if nd == 4 and mode == "bicubic" and antialias:
        return torch._upsample_bicubic2d_aa(input, output_size, ac, scale_factors)
    if nd == 3 and mode == "nearest":
        return torch.upsample_nearest1d(input, output_size, scale_factors)
    if nd == 4 and mode == "nearest":
        return torch.upsample_nearest2d(input, output_size, scale_factors)
    if nd == 5 and mode == "nearest":
        return torch.upsample_nearest3d(input, output_size, scale_factors)
    if mode == "area":
        osz = output_size
        assert osz is not None
        if nd == 3:
            return torch.adaptive_avg_pool1d(input, osz)
        if nd == 4:
            return torch.adaptive_avg_pool2d(input, osz)
        raise NotImplementedError("interpolate(mode='area') of 5D input is not supported yet")
    if nd == 3 and mode == "linear":
        return torch.upsample_linear1d(input, output_size, ac, scale_factors)
    if nd == 4 and mode == "bilinear":
        return torch.upsample_bilinear2d(input, output_size, ac, scale_factors)
    if nd == 5 and mode == "trilinear":
        return torch.upsample_trilinear3d(input, output_size, ac, scale_factors)
    if nd == 4 and mode == "bicubic":
        return torch.upsample_bicubic2d(input, output_size, ac, scale_factors)
    if nd == 3 and mode == "bilinear":
        raise NotImplementedError("Got 3D input, but bilinear mode needs 4D input")
    if nd == 3 and mode == "trilinear":
        raise NotImplementedError("Got 3D input, but trilinear mode needs 5D input")
    if nd == 4 and mode == "linear":
        raise NotImplementedError("Got 4D input, but linear mode needs 3D input")
    if nd == 4 and mode == "trilinear":
        raise NotImplementedError("Got 4D input, but trilinear mode needs 5D input")
    if nd == 5 and mode == "linear":
        raise NotImplementedError("Got 5D input, but linear mode needs 3D input")
    if nd == 5 and mode == "bilinear":
        raise NotImplementedError("Got 5D input, but bilinear mode needs 4D input")
    raise NotImplementedError("Input Error: Only 3D, 4D and 5D input Tensors supported (got {}D) for the modes: "
                              "nearest | linear | bilinear | bicubic | trilinear | area | nearest-exact (got {})"
                              .format(nd, mode))


def upsample(input: torch.Tensor, size: Any = None, scale_factor: Any = None, mode: str = "nearest",
             align_corners: Optional[bool] = None) -> torch.Tensor:
    return interpolate(input, size, scale_factor, mode, align_corners)


def upsample_nearest(input: torch.Tensor, size: Any = None, scale_factor: Any = None) -> torch.Tensor:
    return interpolate(input, size, scale_factor, mode="nearest")


def upsample_bilinear(input: torch.Tensor, size: Any = None, scale_factor: Any = None) -> torch.Tensor:
    return interpolate(input, size, scale_factor, mode="bilinear", align_corners=True)


def grid_sample(input: torch.Tensor, grid: torch.Tensor, mode: str = "bilinear", padding_mode: str = "zeros",
                align_corners: Optional[bool] = None) -> torch.Tensor:
    if mode != "bilinear" and mode != "nearest" and mode != "bicubic":
        raise ValueError("nn.functional.grid_sample(): expected mode to be 'bilinear', 'nearest' or 'bicubic', "
                         "but got: '{}'".format(mode))
    if padding_mode != "zeros" and padding_mode != "border" and padding_mode != "reflection":
        raise ValueError("nn.functional.grid_sample(): expected padding_mode to be 'zeros', 'border', or "
                         "'reflection', but got: '{}'".format(padding_mode))
    mode_enum = 0 if mode == "bilinear" else (1 if mode == "nearest" else 2)
    pad_enum = 0 if padding_mode == "zeros" else (1 if padding_mode == "border" else 2)
    ac = False if align_corners is None else align_corners
    return torch.grid_sampler(input, grid, mode_enum, pad_enum, ac)


def affine_grid(theta: torch.Tensor, size: List[int], align_corners: Optional[bool] = None) -> torch.Tensor:
    ac = False if align_corners is None else align_corners
    if not theta.is_floating_point():
        raise ValueError("Expected theta to have floating point type, but got {}".format(theta.dtype))
    if len(size) == 4:
        if theta.dim() != 3 or theta.shape[-2] != 2 or theta.shape[-1] != 3:
            raise ValueError("Expected a batch of 2D affine matrices of shape Nx2x3 for size {}. Got {}."
                             .format(size, theta.shape))
    elif len(size) == 5:
        if theta.dim() != 3 or theta.shape[-2] != 3 or theta.shape[-1] != 4:
            raise ValueError("Expected a batch of 3D affine matrices of shape Nx3x4 for size {}. Got {}."
                             .format(size, theta.shape))
    else:
        raise NotImplementedError("affine_grid only supports 4D and 5D sizes, for 2D and 3D affine transforms, "
                                  "respectively. Got size {}.".format(size))
    if len([v for v in size if v <= 0]) > 0:
        raise ValueError("Expected non-zero, positive output size. Got {}".format(size))
    return torch.affine_grid_generator(theta, size, ac)


def rrelu(input: torch.Tensor, lower: float = 1.0 / 8, upper: float = 1.0 / 3, training: bool = False,
          inplace: bool = False) -> torch.Tensor:
    if inplace:
        return torch.rrelu_(input, lower, upper, training)
    return torch.rrelu(input, lower, upper, training)


def rrelu_(input: torch.Tensor, lower: float = 1.0 / 8, upper: float = 1.0 / 3, training: bool = False,
           generator: Optional[torch.Generator] = None) -> torch.Tensor:
    h: Any = None
    if generator is not None:
        h = generator._handle
    return torch.rrelu_(input, lower, upper, training, h)


def _check_p(p: float) -> None:
    if p < 0.0 or p > 1.0:
        raise ValueError("dropout probability has to be between 0 and 1, but got {}".format(p))


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


def softmin(input: torch.Tensor, dim: Optional[int] = None, _stacklevel: int = 3,
            dtype: Optional[torch.dtype] = None) -> torch.Tensor:
    # dim=None picks PyTorch's legacy implicit dimension (0 for 0-, 1- and 3-d inputs, else 1).
    d = 0
    if dim is not None:
        d = dim
    elif input.dim() != 0 and input.dim() != 1 and input.dim() != 3:
        d = 1
    return torch.softmax(-input, d, dtype)


def local_response_norm(input: torch.Tensor, size: int, alpha: float = 1e-4, beta: float = 0.75,
                        k: float = 1.0) -> torch.Tensor:
    dim = input.dim()
    if dim < 3:
        raise ValueError("Expected 3D or higher dimensionality                          input (got {} dimensions)"
                         .format(dim))
    if input.numel() == 0:
        return input
    div = input.mul(input).unsqueeze(1)
    if dim == 3:
        div = torch.pad(div, [0, 0, size // 2, (size - 1) // 2])
        div = torch.avg_pool2d(div, [size, 1], [1, 1]).squeeze(1)
    else:
        sizes = list(input.size())
        div = div.view(sizes[0], 1, sizes[1], sizes[2], -1)
        div = torch.pad(div, [0, 0, 0, 0, size // 2, (size - 1) // 2])
        div = torch.avg_pool3d(div, [size, 1, 1], [1, 1, 1]).squeeze(1)
        div = div.view(sizes)
    div = div.mul(alpha).add(k).pow(beta)
    return input / div


def gumbel_softmax(logits: torch.Tensor, tau: float = 1, hard: bool = False, eps: float = 1e-10,
                   dim: int = -1) -> torch.Tensor:
    gumbels = -torch.empty_like(logits).exponential_().log()
    gumbels = (logits + gumbels) / tau
    y_soft = gumbels.softmax(dim)
    if hard:
        index = y_soft.max(dim, keepdim=True)[1]
        y_hard = torch.zeros_like(logits).scatter_(dim, index, 1.0)
        return y_hard - y_soft.detach() + y_soft
    return y_soft


def lp_pool1d(input: torch.Tensor, norm_type: float, kernel_size: int, stride: Any = None,
              ceil_mode: bool = False) -> torch.Tensor:
    st = _ints(stride, 1) if stride is not None else [kernel_size]
    out = torch.avg_pool1d(input.pow(norm_type), [kernel_size], st, [0], ceil_mode)
    return (torch.sign(out) * torch.relu(torch.abs(out))).mul(kernel_size).pow(1.0 / norm_type)


def lp_pool2d(input: torch.Tensor, norm_type: float, kernel_size: Any, stride: Any = None,
              ceil_mode: bool = False) -> torch.Tensor:
    ks = _ints(kernel_size, 2)
    st = _ints(stride, 2) if stride is not None else ks
    out = torch.avg_pool2d(input.pow(norm_type), ks, st, [0, 0], ceil_mode)
    return (torch.sign(out) * torch.relu(torch.abs(out))).mul(ks[0] * ks[1]).pow(1.0 / norm_type)


def conv3d(input: torch.Tensor, weight: torch.Tensor, bias: Optional[torch.Tensor] = None, stride: Any = 1,
           padding: Any = 0, dilation: Any = 1, groups: int = 1) -> torch.Tensor:
    if isinstance(padding, str):
        return torch.conv3d(input, weight, bias, _ints(stride, 3), str(padding), _ints(dilation, 3), groups)
    return torch.conv3d(input, weight, bias, _ints(stride, 3), _ints(padding, 3), _ints(dilation, 3), groups)


def max_pool3d_with_indices(input: torch.Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0,
                            dilation: Any = 1, ceil_mode: bool = False,
                            return_indices: bool = False) -> Tuple[torch.Tensor, torch.Tensor]:
    ks = _ints(kernel_size, 3)
    st = _ints(stride, 3) if stride is not None else ks
    return torch.max_pool3d_with_indices(input, ks, st, _ints(padding, 3), _ints(dilation, 3), ceil_mode)


# The result is (output, indices) with return_indices=True, else the output alone.
def max_pool3d(input: torch.Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0, dilation: Any = 1,
               ceil_mode: bool = False, return_indices: bool = False) -> Any:
    if return_indices:
        return max_pool3d_with_indices(input, kernel_size, stride, padding, dilation, ceil_mode)
    ks = _ints(kernel_size, 3)
    st = _ints(stride, 3) if stride is not None else ks
    return torch.max_pool3d(input, ks, st, _ints(padding, 3), _ints(dilation, 3), ceil_mode)


def avg_pool3d(input: torch.Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0, ceil_mode: bool = False,
               count_include_pad: bool = True, divisor_override: Optional[int] = None) -> torch.Tensor:
    ks = _ints(kernel_size, 3)
    st = _ints(stride, 3) if stride is not None else ks
    return torch.avg_pool3d(input, ks, st, _ints(padding, 3), ceil_mode, count_include_pad, divisor_override)


def _unpool_output_size(input: torch.Tensor, kernel_size: List[int], stride: List[int], padding: List[int],
                        output_size: Any) -> List[int]:
    n = len(kernel_size)
    default_size: List[int] = []
    for d in range(n):
        default_size.append((input.size(input.dim() - n + d) - 1) * stride[d] + kernel_size[d] - 2 * padding[d])
    if output_size is None:
        return default_size
    osz = [int(v) for v in output_size]
    if len(osz) == n + 2:
        osz = osz[2:]
    if len(osz) != n:
        raise ValueError("output_size should be a sequence containing {} or {} elements, but it has a length of '{}'"
                         .format(n, n + 2, len(osz)))
    for d in range(n):
        min_size = default_size[d] - stride[d]
        max_size = default_size[d] + stride[d]
        if not (min_size < osz[d] < max_size):
            raise ValueError('invalid output_size "{}" (dim {} must be between {} and {})'
                             .format(osz, d, min_size, max_size))
    return osz


def max_unpool1d(input: torch.Tensor, indices: torch.Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0,
                 output_size: Any = None) -> torch.Tensor:
    ks = _ints(kernel_size, 1)
    st = _ints(stride, 1) if stride is not None else ks
    osz = _unpool_output_size(input, ks, st, _ints(padding, 1), output_size) + [1]
    return torch.max_unpool2d(input.unsqueeze(-1), indices.unsqueeze(-1), osz).squeeze(-1)


def max_unpool2d(input: torch.Tensor, indices: torch.Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0,
                 output_size: Any = None) -> torch.Tensor:
    ks = _ints(kernel_size, 2)
    st = _ints(stride, 2) if stride is not None else ks
    return torch.max_unpool2d(input, indices, _unpool_output_size(input, ks, st, _ints(padding, 2), output_size))


def max_unpool3d(input: torch.Tensor, indices: torch.Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0,
                 output_size: Any = None) -> torch.Tensor:
    ks = _ints(kernel_size, 3)
    st = _ints(stride, 3) if stride is not None else ks
    pd = _ints(padding, 3)
    return torch.max_unpool3d(input, indices, _unpool_output_size(input, ks, st, pd, output_size), st, pd)


def scaled_dot_product_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor,
                                 attn_mask: Optional[torch.Tensor] = None, dropout_p: float = 0.0,
                                 is_causal: bool = False, scale: Optional[float] = None) -> torch.Tensor:
    # PyTorch 2.x's API (1.13 has only the private _scaled_dot_product_attention).
    return torch.scaled_dot_product_attention(query, key, value, attn_mask, dropout_p, is_causal, scale=scale)


# max_pool1d_with_indices: the 2-d operator over a height-1 view, whose flat index h * W + w is
# the 1-d index.
def max_pool1d_with_indices(input: torch.Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0,
                            dilation: Any = 1, ceil_mode: bool = False,
                            return_indices: bool = False) -> Tuple[torch.Tensor, torch.Tensor]:
    if input.dim() != 2 and input.dim() != 3:
        raise RuntimeError("Expected 2 to 3 dimensions, but got {}-dimensional tensor for argument #1 'self' (while "
                           "checking arguments for max_pool1d)".format(input.dim()))
    ks = _ints(kernel_size, 1)
    st = _ints(stride, 1) if stride is not None else ks
    out, idx = torch.max_pool2d_with_indices(input.unsqueeze(-2), [1] + ks, [1] + st, [0] + _ints(padding, 1),
                                             [1] + _ints(dilation, 1), ceil_mode)
    return out.squeeze(-2), idx.squeeze(-2)


# The result is (output, indices) with return_indices=True, else the output alone.
def max_pool1d(input: torch.Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0, dilation: Any = 1,
               ceil_mode: bool = False, return_indices: bool = False) -> Any:
    if return_indices:
        return max_pool1d_with_indices(input, kernel_size, stride, padding, dilation, ceil_mode)
    ks = _ints(kernel_size, 1)
    st = _ints(stride, 1) if stride is not None else ks
    return torch.max_pool1d(input, ks, st, _ints(padding, 1), _ints(dilation, 1), ceil_mode)


def max_pool2d_with_indices(input: torch.Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0,
                            dilation: Any = 1, ceil_mode: bool = False,
                            return_indices: bool = False) -> Tuple[torch.Tensor, torch.Tensor]:
    ks = _ints(kernel_size, 2)
    st = _ints(stride, 2) if stride is not None else ks
    return torch.max_pool2d_with_indices(input, ks, st, _ints(padding, 2), _ints(dilation, 2), ceil_mode)


def avg_pool1d(input: torch.Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0, ceil_mode: bool = False,
               count_include_pad: bool = True) -> torch.Tensor:
    ks = _ints(kernel_size, 1)
    st = _ints(stride, 1) if stride is not None else ks
    return torch.avg_pool1d(input, ks, st, _ints(padding, 1), ceil_mode, count_include_pad)


def adaptive_avg_pool1d(input: torch.Tensor, output_size: Any) -> torch.Tensor:
    return torch.adaptive_avg_pool1d(input, _ints(output_size, 1))


def adaptive_max_pool1d_with_indices(input: torch.Tensor, output_size: Any,
                                     return_indices: bool = False) -> Tuple[torch.Tensor, torch.Tensor]:
    return adaptive_max_pool1d(input, output_size, True)


def adaptive_max_pool2d_with_indices(input: torch.Tensor, output_size: Any,
                                     return_indices: bool = False) -> Tuple[torch.Tensor, torch.Tensor]:
    return torch.adaptive_max_pool2d(input, _adaptive_size(output_size, input, 2))


# The result is (output, indices) with return_indices=True, else the output alone.
def adaptive_max_pool2d(input: torch.Tensor, output_size: Any, return_indices: bool = False) -> Any:
    out, idx = torch.adaptive_max_pool2d(input, _adaptive_size(output_size, input, 2))
    if return_indices:
        return out, idx
    return out
