# torch.nn.functional: PyTorch's signatures over the operator library.
import math
import torch
from typing import Optional, Any, List
from torch.nn.functional_conv import (conv3d, conv_transpose3d, unfold, fold)
from torch.nn.functional_pool import (max_pool1d_with_indices, max_pool1d, max_pool2d_with_indices,
    max_pool3d_with_indices, max_pool3d, avg_pool1d, avg_pool3d, adaptive_avg_pool1d, adaptive_avg_pool3d,
    adaptive_max_pool1d, adaptive_max_pool1d_with_indices, adaptive_max_pool2d, adaptive_max_pool2d_with_indices,
    adaptive_max_pool3d, lp_pool1d, lp_pool2d, max_unpool1d, max_unpool2d, max_unpool3d)
from torch.nn.functional_vision import (pad, pixel_shuffle, pixel_unshuffle, interpolate, upsample, upsample_nearest,
    upsample_bilinear, grid_sample, affine_grid)
from torch.nn.functional_dropout import (dropout1d, dropout3d, alpha_dropout, feature_alpha_dropout)
from torch.nn.functional_embedding import (one_hot, embedding_bag)
from torch.nn.functional_distance import (pairwise_distance, cosine_similarity, pdist)
from torch.nn.functional_loss import (_reduction_enum, multi_margin_loss, multilabel_margin_loss,
    triplet_margin_loss, ctc_loss)
from torch.nn.functional_act import (relu_, threshold, threshold_, hardtanh, hardtanh_, relu6, elu, elu_, selu,
    selu_, celu, celu_, leaky_relu_, silu, mish, hardsigmoid, hardswish, logsigmoid, softplus, softshrink,
    hardshrink, prelu, glu, normalize, group_norm, conv_transpose1d, conv_transpose2d, softmin, gumbel_softmax,
    rrelu, rrelu_, instance_norm, local_response_norm)


def relu(input: torch.Tensor, inplace: bool = False) -> torch.Tensor:
    if inplace:
        return input.relu_()
    return torch.relu(input)


def linear(input: torch.Tensor, weight: torch.Tensor, bias: Optional[torch.Tensor] = None) -> torch.Tensor:
    return torch.linear(input, weight, bias)


def mse_loss(input: torch.Tensor, target: torch.Tensor, reduction: str = "mean") -> torch.Tensor:
    return torch.mse_loss(input, target, _reduction_enum(reduction))


def sigmoid(input: torch.Tensor) -> torch.Tensor:
    return torch.sigmoid(input)


def tanh(input: torch.Tensor) -> torch.Tensor:
    return torch.tanh(input)


def softmax(input: torch.Tensor, dim: int) -> torch.Tensor:
    return torch.softmax(input, dim)


def log_softmax(input: torch.Tensor, dim: int) -> torch.Tensor:
    return torch.log_softmax(input, dim)


def dropout(input: torch.Tensor, p: float = 0.5, training: bool = True, inplace: bool = False) -> torch.Tensor:
    if p < 0.0 or p > 1.0:
        raise ValueError("dropout probability has to be between 0 and 1, but got {}".format(p))
    if inplace:
        return input.copy_(torch.dropout(input, p, training))
    return torch.dropout(input, p, training)


def _legacy_reduction(size_average: Optional[bool], reduce: Optional[bool], reduction: str) -> str:
    # PyTorch's deprecated size_average/reduce arguments, when given, decide the reduction.
    if size_average is None and reduce is None:
        return reduction
    sa = True if size_average is None else size_average
    rd = True if reduce is None else reduce
    if sa and rd:
        return "mean"
    return "sum" if rd else "none"


def nll_loss(input: torch.Tensor, target: torch.Tensor, weight: Optional[torch.Tensor] = None,
             size_average: Optional[bool] = None, ignore_index: int = -100, reduce: Optional[bool] = None,
             reduction: str = "mean") -> torch.Tensor:
    r = _reduction_enum(_legacy_reduction(size_average, reduce, reduction))
    return torch.nll_loss_nd(input, target, weight, r, ignore_index)


def cross_entropy(input: torch.Tensor, target: torch.Tensor, weight: Optional[torch.Tensor] = None,
                  size_average: Optional[bool] = None, ignore_index: int = -100, reduce: Optional[bool] = None,
                  reduction: str = "mean", label_smoothing: float = 0.0) -> torch.Tensor:
    r = _reduction_enum(_legacy_reduction(size_average, reduce, reduction))
    return torch.cross_entropy_loss(input, target, weight, r, ignore_index, label_smoothing)


def l1_loss(input: torch.Tensor, target: torch.Tensor, size_average: Optional[bool] = None,
            reduce: Optional[bool] = None, reduction: str = "mean") -> torch.Tensor:
    return torch.l1_loss(input, target, _reduction_enum(_legacy_reduction(size_average, reduce, reduction)))


def binary_cross_entropy(input: torch.Tensor, target: torch.Tensor, weight: Optional[torch.Tensor] = None,
                         size_average: Optional[bool] = None, reduce: Optional[bool] = None,
                         reduction: str = "mean") -> torch.Tensor:
    r = _reduction_enum(_legacy_reduction(size_average, reduce, reduction))
    if target.size() != input.size():
        raise ValueError("Using a target size ({}) that is different to the input size ({}) is deprecated. "
                         "Please ensure they have the same size.".format(target.size(), input.size()))
    return torch.binary_cross_entropy(input, target, weight, r)


def binary_cross_entropy_with_logits(input: torch.Tensor, target: torch.Tensor, weight: Optional[torch.Tensor] = None,
                                     size_average: Optional[bool] = None, reduce: Optional[bool] = None,
                                     reduction: str = "mean", pos_weight: Optional[torch.Tensor] = None) -> torch.Tensor:
    r = _reduction_enum(_legacy_reduction(size_average, reduce, reduction))
    if target.size() != input.size():
        raise ValueError("Target size ({}) must be the same as input size ({})".format(target.size(), input.size()))
    return torch.binary_cross_entropy_with_logits(input, target, weight, pos_weight, r)


def smooth_l1_loss(input: torch.Tensor, target: torch.Tensor, size_average: Optional[bool] = None,
                   reduce: Optional[bool] = None, reduction: str = "mean", beta: float = 1.0) -> torch.Tensor:
    return torch.smooth_l1_loss(input, target, _reduction_enum(_legacy_reduction(size_average, reduce, reduction)),
                                beta)


def huber_loss(input: torch.Tensor, target: torch.Tensor, reduction: str = "mean", delta: float = 1.0) -> torch.Tensor:
    return torch.huber_loss(input, target, _reduction_enum(reduction), delta)


def kl_div(input: torch.Tensor, target: torch.Tensor, size_average: Optional[bool] = None,
           reduce: Optional[bool] = None, reduction: str = "mean", log_target: bool = False) -> torch.Tensor:
    red = _legacy_reduction(size_average, reduce, reduction)
    if red == "batchmean":
        out = torch.kl_div(input, target, 0, log_target=log_target)
        s = out.sum()
        return s / input.size(0) if input.dim() != 0 else s
    return torch.kl_div(input, target, _reduction_enum(red), log_target=log_target)


def leaky_relu(input: torch.Tensor, negative_slope: float = 0.01, inplace: bool = False) -> torch.Tensor:
    if inplace:
        return torch.leaky_relu_(input, negative_slope)
    return torch.leaky_relu(input, negative_slope)


def dropout2d(input: torch.Tensor, p: float = 0.5, training: bool = True, inplace: bool = False) -> torch.Tensor:
    # PyTorch's feature dropout: one Bernoulli draw per (sample, channel).
    if p < 0.0 or p > 1.0:
        raise ValueError("dropout probability has to be between 0 and 1, but got {}".format(p))
    if not training or p == 0.0:
        return input
    shape = [input.size(0), input.size(1)] + [1] * (input.dim() - 2)
    if p == 1.0:
        noise = torch.zeros(shape, dtype=input.dtype)
    else:
        noise = torch.empty(shape, dtype=input.dtype).bernoulli_(1 - p)
        noise.div_(1 - p)
    if inplace:
        return input.mul_(noise)
    return input * noise


def conv1d(input: torch.Tensor, weight: torch.Tensor, bias: Optional[torch.Tensor] = None, stride: Any = 1,
           padding: Any = 0, dilation: Any = 1, groups: int = 1) -> torch.Tensor:
    _conv1d_channels(input, weight, groups)
    return torch.conv1d(input, weight, bias, stride, padding, dilation, groups)


def _conv1d_channels(input: torch.Tensor, weight: torch.Tensor, groups: int) -> None:
    # conv1d runs as a 2-d convolution; check the channels here so the message shows the 3-d shapes
    if (input.dim() == 2 or input.dim() == 3) and weight.dim() == 3 and input.size(-2) != weight.size(1) * groups:
        shape = list(input.shape) if input.dim() == 3 else [1] + list(input.shape)
        raise RuntimeError("Given groups={}, weight of size {}, expected input{} to have {} channels, but got {} "
                           "channels instead".format(groups, list(weight.shape), shape, weight.size(1) * groups,
                                                     input.size(-2)))


def conv2d(input: torch.Tensor, weight: torch.Tensor, bias: Optional[torch.Tensor] = None, stride: Any = 1,
           padding: Any = 0, dilation: Any = 1, groups: int = 1) -> torch.Tensor:
    return torch.conv2d(input, weight, bias, stride, padding, dilation, groups)


# The result is (output, indices) with return_indices=True, else the output alone.
def max_pool2d(input: torch.Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0, dilation: Any = 1,
               ceil_mode: bool = False, return_indices: bool = False) -> Any:
    if return_indices:
        return max_pool2d_with_indices(input, kernel_size, stride, padding, dilation, ceil_mode)
    st = stride if stride is not None else kernel_size
    return torch.max_pool2d(input, kernel_size, st, padding, dilation, ceil_mode)


def avg_pool2d(input: torch.Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0, ceil_mode: bool = False,
               count_include_pad: bool = True, divisor_override: Optional[int] = None) -> torch.Tensor:
    st = stride if stride is not None else kernel_size
    return torch.avg_pool2d(input, kernel_size, st, padding, ceil_mode, count_include_pad, divisor_override)


def adaptive_avg_pool2d(input: torch.Tensor, output_size: Any) -> torch.Tensor:
    return torch.adaptive_avg_pool2d(input, output_size)


def batch_norm(input: torch.Tensor, running_mean: Optional[torch.Tensor], running_var: Optional[torch.Tensor],
               weight: Optional[torch.Tensor] = None, bias: Optional[torch.Tensor] = None, training: bool = False,
               momentum: float = 0.1, eps: float = 1e-5) -> torch.Tensor:
    return torch.batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps, False)


def layer_norm(input: torch.Tensor, normalized_shape: List[int], weight: Optional[torch.Tensor] = None,
               bias: Optional[torch.Tensor] = None, eps: float = 1e-5) -> torch.Tensor:
    return torch.layer_norm(input, normalized_shape, weight, bias, eps)


def _embedding_renorm(weight: torch.Tensor, input: torch.Tensor, max_norm: float, norm_type: float) -> None:
    # PyTorch's embedding_renorm_: each looked-up row whose norm exceeds max_norm is scaled in place
    # by max_norm / (norm + 1e-7) (computed in double, as there), outside autograd
    with torch.no_grad():
        idx, _ = torch._unique(input.flatten(), True, False)
        rows = weight.index_select(0, idx)
        norms = torch.norm(rows, norm_type, [1], True).double()
        scale = torch.where(norms > max_norm, max_norm / (norms + 1e-7), torch.ones_like(norms)).to(weight.dtype)
        weight.index_copy_(0, idx, rows * scale)


def embedding(input: torch.Tensor, weight: torch.Tensor, padding_idx: Optional[int] = None,
              max_norm: Optional[float] = None, norm_type: float = 2.0, scale_grad_by_freq: bool = False,
              sparse: bool = False) -> torch.Tensor:
    pi = -1
    if padding_idx is not None:
        if padding_idx > 0:
            assert padding_idx < weight.size(0), "Padding_idx must be within num_embeddings"
            pi = padding_idx
        elif padding_idx < 0:
            assert padding_idx >= -weight.size(0), "Padding_idx must be within num_embeddings"
            pi = weight.size(0) + padding_idx
        else:
            pi = 0
    if max_norm is not None:
        _embedding_renorm(weight, input.contiguous(), max_norm, norm_type)
    return torch.embedding(weight, input, pi, scale_grad_by_freq, sparse)


def gelu(input: torch.Tensor, approximate: str = "none") -> torch.Tensor:
    return torch.gelu(input, approximate=approximate)


def softsign(input: torch.Tensor) -> torch.Tensor:
    return input / (input.abs() + 1)


def tanhshrink(input: torch.Tensor) -> torch.Tensor:
    return input - input.tanh()



def _reduce(loss: torch.Tensor, reduction: str) -> torch.Tensor:
    if reduction == "none":
        return loss
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    raise ValueError(reduction + " is not valid")


def soft_margin_loss(input: torch.Tensor, target: torch.Tensor, size_average: Optional[bool] = None,
                     reduce: Optional[bool] = None, reduction: str = "mean") -> torch.Tensor:
    loss = torch.log(1 + torch.exp(-target * input))
    return _reduce(loss, _legacy_reduction(size_average, reduce, reduction))


def multilabel_soft_margin_loss(input: torch.Tensor, target: torch.Tensor, weight: Optional[torch.Tensor] = None,
                                size_average: Optional[bool] = None, reduce: Optional[bool] = None,
                                reduction: str = "mean") -> torch.Tensor:
    loss = -(target * torch.log_sigmoid(input) + (1 - target) * torch.log_sigmoid(-input))
    if weight is not None:
        loss = loss * weight
    class_dim = input.dim() - 1
    loss = loss.sum(class_dim) / input.size(class_dim)
    return _reduce(loss, _legacy_reduction(size_average, reduce, reduction))


def hinge_embedding_loss(input: torch.Tensor, target: torch.Tensor, margin: float = 1.0,
                         size_average: Optional[bool] = None, reduce: Optional[bool] = None,
                         reduction: str = "mean") -> torch.Tensor:
    zeros = torch.zeros_like(input)
    margin_clamp = (margin - input).clamp_min(0)
    out = torch.where(target != 1, margin_clamp, zeros) + torch.where(target != -1, input, zeros)
    return _reduce(out, _legacy_reduction(size_average, reduce, reduction))


def margin_ranking_loss(input1: torch.Tensor, input2: torch.Tensor, target: torch.Tensor, margin: float = 0,
                        size_average: Optional[bool] = None, reduce: Optional[bool] = None,
                        reduction: str = "mean") -> torch.Tensor:
    if input1.dim() != input2.dim() or input1.dim() != target.dim():
        raise RuntimeError("margin_ranking_loss : All input tensors should have same dimension but got sizes: "
                           "input1: {}, input2: {}, target: {} ".format(input1.size(), input2.size(), target.size()))
    out = (-target * (input1 - input2) + margin).clamp_min(0)
    return _reduce(out, _legacy_reduction(size_average, reduce, reduction))


def cosine_embedding_loss(input1: torch.Tensor, input2: torch.Tensor, target: torch.Tensor, margin: float = 0,
                          size_average: Optional[bool] = None, reduce: Optional[bool] = None,
                          reduction: str = "mean") -> torch.Tensor:
    eps = 1e-12
    d = 1 if input1.dim() == 2 else 0
    prod_sum = (input1 * input2).sum(d)
    mag1 = (input1 * input1).sum(d) + eps
    mag2 = (input2 * input2).sum(d) + eps
    cos = prod_sum / (mag1 * mag2).sqrt()
    zeros = torch.zeros_like(cos)
    out = torch.where(target == 1, 1 - cos, zeros) + torch.where(target == -1, (cos - margin).clamp_min(0), zeros)
    return _reduce(out, _legacy_reduction(size_average, reduce, reduction))


def poisson_nll_loss(input: torch.Tensor, target: torch.Tensor, log_input: bool = True, full: bool = False,
                     size_average: Optional[bool] = None, eps: float = 1e-8, reduce: Optional[bool] = None,
                     reduction: str = "mean") -> torch.Tensor:
    red = _legacy_reduction(size_average, reduce, reduction)
    if red != "none" and red != "mean" and red != "sum":
        raise ValueError(red + " is not valid")
    if log_input:
        loss = torch.exp(input) - target * input
    else:
        loss = input - target * torch.log(input + eps)
    if full:
        stirling = target * torch.log(target) - target + 0.5 * torch.log(2 * math.pi * target)
        loss = loss + stirling.masked_fill(target <= 1, 0)
    return _reduce(loss, red)


def gaussian_nll_loss(input: torch.Tensor, target: torch.Tensor, var: torch.Tensor, full: bool = False,
                      eps: float = 1e-6, reduction: str = "mean") -> torch.Tensor:
    v = var
    if v.size() != input.size():
        if list(input.size())[:-1] == list(v.size()):
            v = torch.unsqueeze(v, -1)
        elif list(input.size())[:-1] == list(v.size())[:-1] and v.size(-1) == 1:
            pass
        else:
            raise ValueError("var is of incorrect size")
    if reduction != "none" and reduction != "mean" and reduction != "sum":
        raise ValueError(reduction + " is not valid")
    if bool(torch.any(v < 0)):
        raise ValueError("var has negative entry/entries")
    v = v.clone()
    with torch.no_grad():
        v.clamp_(min=eps)
    loss = 0.5 * (torch.log(v) + (input - target) ** 2 / v)
    if full:
        loss = loss + 0.5 * math.log(2 * math.pi)
    return _reduce(loss, reduction)


def scaled_dot_product_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor,
                                 attn_mask: Optional[torch.Tensor] = None, dropout_p: float = 0.0,
                                 is_causal: bool = False, scale: Optional[float] = None) -> torch.Tensor:
    # PyTorch 2.x's API (1.13 has only the private _scaled_dot_product_attention).
    return torch.scaled_dot_product_attention(query, key, value, attn_mask, dropout_p, is_causal, scale=scale)
