# torch.nn layers over the newer nn operators: Embedding (max_norm, from_pretrained), EmbeddingBag,
# transposed convolutions (forward(input, output_size); ConvTranspose3d as a 3-d convolution), 3-D
# convolution and pooling, AdaptiveMaxPool1d and the 3-d adaptive pools, unpooling, fold/unfold,
# distances, padding, feature/alpha dropout, local response norm and power-average pooling, with
# PyTorch 1.13's arguments, initialization and printed form.
import math
import torch
from typing import List, Tuple, Optional, Any
from torch.nn.module import Module, Parameter
from torch.nn.layers import _ConvNd, _MaxPoolNd, _ntuple, _tuple_str
from torch.nn.functional_pool import _adaptive_size
from torch.nn.layers import _BatchNorm
import torch.nn.functional as F
import torch.nn.init as init


class Embedding(Module):
    def __init__(self, num_embeddings: int, embedding_dim: int, padding_idx: Optional[int] = None,
                 max_norm: Optional[float] = None, norm_type: float = 2., scale_grad_by_freq: bool = False,
                 sparse: bool = False, _weight: Optional[torch.Tensor] = None):
        super().__init__()
        self.num_embeddings = num_embeddings
        self.embedding_dim = embedding_dim
        pi = padding_idx
        if pi is not None and pi > 0:
            assert pi < num_embeddings, "Padding_idx must be within num_embeddings"
        if pi is not None and pi < 0:
            assert pi >= -num_embeddings, "Padding_idx must be within num_embeddings"
            pi = num_embeddings + pi
        self.padding_idx = pi
        self.max_norm = max_norm
        self.norm_type = norm_type
        self.scale_grad_by_freq = scale_grad_by_freq
        self.sparse = sparse
        if _weight is None:
            self.weight = Parameter(torch.empty(num_embeddings, embedding_dim))
            self.reset_parameters()
        else:
            assert list(_weight.shape) == [num_embeddings, embedding_dim], \
                "Shape of weight does not match num_embeddings and embedding_dim"
            self.weight = Parameter(_weight)

    def reset_parameters(self) -> None:
        init.normal_(self.weight)
        pi = self.padding_idx
        if pi is not None:
            with torch.no_grad():
                self.weight[pi].fill_(0)

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.embedding(input, self.weight, self.padding_idx, self.max_norm, self.norm_type, self.scale_grad_by_freq,
                           self.sparse)

    def extra_repr(self) -> str:
        s = "{}, {}".format(self.num_embeddings, self.embedding_dim)
        if self.padding_idx is not None:
            s += ", padding_idx={}".format(self.padding_idx)
        if self.max_norm is not None:
            s += ", max_norm={}".format(self.max_norm)
        if self.norm_type != 2:
            s += ", norm_type={}".format(self.norm_type)
        if self.scale_grad_by_freq:
            s += ", scale_grad_by_freq={}".format(self.scale_grad_by_freq)
        if self.sparse:
            s += ", sparse=True"
        return s

    @staticmethod
    def from_pretrained(embeddings: torch.Tensor, freeze: bool = True, padding_idx: Optional[int] = None,
                        max_norm: Optional[float] = None, norm_type: float = 2., scale_grad_by_freq: bool = False,
                        sparse: bool = False):
        assert embeddings.dim() == 2, "Embeddings parameter is expected to be 2-dimensional"
        emb = Embedding(embeddings.size(0), embeddings.size(1), padding_idx, max_norm, norm_type, scale_grad_by_freq,
                        sparse, embeddings)
        emb.weight.requires_grad_(not freeze)
        return emb


class EmbeddingBag(Module):
    def __init__(self, num_embeddings: int, embedding_dim: int, max_norm: Optional[float] = None,
                 norm_type: float = 2., scale_grad_by_freq: bool = False, mode: str = "mean", sparse: bool = False,
                 _weight: Optional[torch.Tensor] = None, include_last_offset: bool = False,
                 padding_idx: Optional[int] = None):
        super().__init__()
        self.num_embeddings = num_embeddings
        self.embedding_dim = embedding_dim
        self.max_norm = max_norm
        self.norm_type = norm_type
        self.scale_grad_by_freq = scale_grad_by_freq
        pi = padding_idx
        if pi is not None:
            if pi > 0:
                assert pi < num_embeddings, "padding_idx must be within num_embeddings"
            elif pi < 0:
                assert pi >= -num_embeddings, "padding_idx must be within num_embeddings"
                pi = num_embeddings + pi
        self.padding_idx = pi
        if _weight is None:
            self.weight = Parameter(torch.empty(num_embeddings, embedding_dim))
            self.reset_parameters()
        else:
            assert list(_weight.shape) == [num_embeddings, embedding_dim], \
                "Shape of weight does not match num_embeddings and embedding_dim"
            self.weight = Parameter(_weight)
        self.mode = mode
        self.sparse = sparse
        self.include_last_offset = include_last_offset

    def reset_parameters(self) -> None:
        init.normal_(self.weight)
        pi = self.padding_idx
        if pi is not None:
            with torch.no_grad():
                self.weight[pi].fill_(0)

    def forward(self, input: torch.Tensor, offsets: Optional[torch.Tensor] = None,
                per_sample_weights: Optional[torch.Tensor] = None) -> torch.Tensor:
        return F.embedding_bag(input, self.weight, offsets, self.max_norm, self.norm_type, self.scale_grad_by_freq,
                               self.mode, self.sparse, per_sample_weights, self.include_last_offset, self.padding_idx)

    def extra_repr(self) -> str:
        s = "{}, {}".format(self.num_embeddings, self.embedding_dim)
        if self.max_norm is not None:
            s += ", max_norm={}".format(self.max_norm)
        if self.norm_type != 2:
            s += ", norm_type={}".format(self.norm_type)
        if self.scale_grad_by_freq:
            s += ", scale_grad_by_freq={}".format(self.scale_grad_by_freq)
        s += ", mode={}".format(self.mode)
        if self.padding_idx is not None:
            s += ", padding_idx={}".format(self.padding_idx)
        return s

    @staticmethod
    def from_pretrained(embeddings: torch.Tensor, freeze: bool = True, max_norm: Optional[float] = None,
                        norm_type: float = 2., scale_grad_by_freq: bool = False, mode: str = "mean",
                        sparse: bool = False, include_last_offset: bool = False,
                        padding_idx: Optional[int] = None):
        assert embeddings.dim() == 2, "Embeddings parameter is expected to be 2-dimensional"
        bag = EmbeddingBag(embeddings.size(0), embeddings.size(1), max_norm, norm_type, scale_grad_by_freq, mode,
                           sparse, embeddings, include_last_offset, padding_idx)
        bag.weight.requires_grad_(not freeze)
        return bag


class Conv3d(_ConvNd):
    def __init__(self, in_channels: int, out_channels: int, kernel_size: Any, stride: Any = 1, padding: Any = 0,
                 dilation: Any = 1, groups: int = 1, bias: bool = True, padding_mode: str = "zeros"):
        super().__init__(3, in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias, padding_mode)

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        if self.padding_mode != "zeros":
            return torch.conv3d(self._mode_pad(input), self.weight, self.bias, self.stride, [0] * 3, self.dilation,
                                self.groups)
        if self.padding_str != "":
            return torch.conv3d(input, self.weight, self.bias, self.stride, self.padding_str, self.dilation, self.groups)
        return torch.conv3d(input, self.weight, self.bias, self.stride, self.padding, self.dilation, self.groups)


class _ConvTransposeNd(_ConvNd):
    def _output_padding(self, input: torch.Tensor, output_size: Any) -> List[int]:
        # PyTorch's _ConvTransposeNd._output_padding: the output_padding that gives output_size (a
        # list, tuple or torch.Size of the spatial sizes, optionally with the batch/channel sizes)
        if output_size is None:
            return self.output_padding
        n = len(self.kernel_size)
        sizes: List[int] = [int(v) for v in output_size]
        nonspatial = 2 if input.dim() == n + 2 else 1
        if len(sizes) == nonspatial + n:
            sizes = sizes[nonspatial:]
        if len(sizes) != n:
            raise ValueError("ConvTranspose{}D: for {}D input, output_size must have {} or {} elements (got {})".format(
                n, input.dim(), n, nonspatial + n, len(sizes)))
        min_sizes: List[int] = []
        max_sizes: List[int] = []
        for d in range(n):
            dim_size = ((input.size(d + nonspatial) - 1) * self.stride[d] - 2 * self.padding[d] +
                        self.dilation[d] * (self.kernel_size[d] - 1) + 1)
            min_sizes.append(dim_size)
            max_sizes.append(dim_size + self.stride[d] - 1)
        for i in range(n):
            if sizes[i] < min_sizes[i] or sizes[i] > max_sizes[i]:
                raise ValueError("requested an output size of {}, but valid sizes range from {} to {} (for an input "
                                 "of torch.Size({}))".format(sizes, min_sizes, max_sizes, list(input.shape[2:])))
        return [sizes[d] - min_sizes[d] for d in range(n)]


class ConvTranspose1d(_ConvTransposeNd):
    def __init__(self, in_channels: int, out_channels: int, kernel_size: Any, stride: Any = 1, padding: Any = 0,
                 output_padding: Any = 0, groups: int = 1, bias: bool = True, dilation: Any = 1,
                 padding_mode: str = "zeros"):
        super().__init__(1, in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias, padding_mode,
                         True, output_padding)

    def forward(self, input: torch.Tensor, output_size: Any = None) -> torch.Tensor:
        return torch.conv_transpose1d(input, self.weight, self.bias, self.stride, self.padding,
                                      self._output_padding(input, output_size), self.groups, self.dilation)


class ConvTranspose2d(_ConvTransposeNd):
    def __init__(self, in_channels: int, out_channels: int, kernel_size: Any, stride: Any = 1, padding: Any = 0,
                 output_padding: Any = 0, groups: int = 1, bias: bool = True, dilation: Any = 1,
                 padding_mode: str = "zeros"):
        super().__init__(2, in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias, padding_mode,
                         True, output_padding)

    def forward(self, input: torch.Tensor, output_size: Any = None) -> torch.Tensor:
        return torch.conv_transpose2d(input, self.weight, self.bias, self.stride, self.padding,
                                      self._output_padding(input, output_size), self.groups, self.dilation)


class ConvTranspose3d(_ConvTransposeNd):
    def __init__(self, in_channels: int, out_channels: int, kernel_size: Any, stride: Any = 1, padding: Any = 0,
                 output_padding: Any = 0, groups: int = 1, bias: bool = True, dilation: Any = 1,
                 padding_mode: str = "zeros"):
        super().__init__(3, in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias, padding_mode,
                         True, output_padding)

    def forward(self, input: torch.Tensor, output_size: Any = None) -> torch.Tensor:
        return F.conv_transpose3d(input, self.weight, self.bias, self.stride, self.padding,
                                  self._output_padding(input, output_size), self.groups, self.dilation)


class AdaptiveMaxPool1d(Module):
    def __init__(self, output_size: Any, return_indices: bool = False):
        super().__init__()
        self.output_size = output_size
        self.return_indices = return_indices

    def forward(self, input: torch.Tensor) -> Any:
        return F.adaptive_max_pool1d(input, self.output_size, self.return_indices)

    def extra_repr(self) -> str:
        return "output_size={}".format(self.output_size)


class AdaptiveAvgPool3d(Module):
    def __init__(self, output_size: Any):
        super().__init__()
        self.output_size = output_size

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.adaptive_avg_pool3d(input, self.output_size)

    def extra_repr(self) -> str:
        return "output_size={}".format(self.output_size)


class AdaptiveMaxPool3d(Module):
    def __init__(self, output_size: Any, return_indices: bool = False):
        super().__init__()
        self.output_size = output_size
        self.return_indices = return_indices

    def forward(self, input: torch.Tensor) -> Any:
        return F.adaptive_max_pool3d(input, self.output_size, self.return_indices)

    def extra_repr(self) -> str:
        return "output_size={}".format(self.output_size)


class MaxPool3d(_MaxPoolNd):
    def __init__(self, kernel_size: Any, stride: Any = None, padding: Any = 0, dilation: Any = 1,
                 return_indices: bool = False, ceil_mode: bool = False):
        super().__init__(3, kernel_size, stride, padding, dilation, ceil_mode)
        self.return_indices = return_indices

    # (output, indices) with return_indices=True, else the output alone.
    def forward(self, input: torch.Tensor) -> Any:
        if self.return_indices:
            return torch.max_pool3d_with_indices(input, _ntuple(self.kernel_size, 3), _ntuple(self.stride, 3),
                                                 _ntuple(self.padding, 3), _ntuple(self.dilation, 3), self.ceil_mode)
        return torch.max_pool3d(input, _ntuple(self.kernel_size, 3), _ntuple(self.stride, 3),
                                _ntuple(self.padding, 3), _ntuple(self.dilation, 3), self.ceil_mode)


class AvgPool3d(Module):
    def __init__(self, kernel_size: Any, stride: Any = None, padding: Any = 0, ceil_mode: bool = False,
                 count_include_pad: bool = True, divisor_override: Optional[int] = None):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad
        self.divisor_override = divisor_override

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.avg_pool3d(input, _ntuple(self.kernel_size, 3), _ntuple(self.stride, 3), _ntuple(self.padding, 3),
                                self.ceil_mode, self.count_include_pad, self.divisor_override)

    def extra_repr(self) -> str:
        return "kernel_size={}, stride={}, padding={}".format(self.kernel_size, self.stride, self.padding)


class MaxUnpool1d(Module):
    def __init__(self, kernel_size: Any, stride: Any = None, padding: Any = 0):
        super().__init__()
        self.kernel_size = _ntuple(kernel_size, 1)
        self.stride = _ntuple(stride if stride is not None else kernel_size, 1)
        self.padding = _ntuple(padding, 1)

    def forward(self, input: torch.Tensor, indices: torch.Tensor, output_size: Optional[List[int]] = None
                ) -> torch.Tensor:
        return F.max_unpool1d(input, indices, self.kernel_size, self.stride, self.padding, output_size)

    def extra_repr(self) -> str:
        return "kernel_size={}, stride={}, padding={}".format(_tuple_str(self.kernel_size), _tuple_str(self.stride),
                                                              _tuple_str(self.padding))


class MaxUnpool2d(Module):
    def __init__(self, kernel_size: Any, stride: Any = None, padding: Any = 0):
        super().__init__()
        self.kernel_size = _ntuple(kernel_size, 2)
        self.stride = _ntuple(stride if stride is not None else kernel_size, 2)
        self.padding = _ntuple(padding, 2)

    def forward(self, input: torch.Tensor, indices: torch.Tensor, output_size: Optional[List[int]] = None
                ) -> torch.Tensor:
        return F.max_unpool2d(input, indices, self.kernel_size, self.stride, self.padding, output_size)

    def extra_repr(self) -> str:
        return "kernel_size={}, stride={}, padding={}".format(_tuple_str(self.kernel_size), _tuple_str(self.stride),
                                                              _tuple_str(self.padding))


class MaxUnpool3d(Module):
    def __init__(self, kernel_size: Any, stride: Any = None, padding: Any = 0):
        super().__init__()
        self.kernel_size = _ntuple(kernel_size, 3)
        self.stride = _ntuple(stride if stride is not None else kernel_size, 3)
        self.padding = _ntuple(padding, 3)

    def forward(self, input: torch.Tensor, indices: torch.Tensor, output_size: Optional[List[int]] = None
                ) -> torch.Tensor:
        return F.max_unpool3d(input, indices, self.kernel_size, self.stride, self.padding, output_size)

    def extra_repr(self) -> str:
        return "kernel_size={}, stride={}, padding={}".format(_tuple_str(self.kernel_size), _tuple_str(self.stride),
                                                              _tuple_str(self.padding))


class Fold(Module):
    def __init__(self, output_size: Any, kernel_size: Any, dilation: Any = 1, padding: Any = 0, stride: Any = 1):
        super().__init__()
        self.output_size = output_size
        self.kernel_size = kernel_size
        self.dilation = dilation
        self.padding = padding
        self.stride = stride

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.fold(input, self.output_size, self.kernel_size, self.dilation, self.padding, self.stride)

    def extra_repr(self) -> str:
        return "output_size={}, kernel_size={}, dilation={}, padding={}, stride={}".format(
            self.output_size, self.kernel_size, self.dilation, self.padding, self.stride)


class Unfold(Module):
    def __init__(self, kernel_size: Any, dilation: Any = 1, padding: Any = 0, stride: Any = 1):
        super().__init__()
        self.kernel_size = kernel_size
        self.dilation = dilation
        self.padding = padding
        self.stride = stride

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.unfold(input, self.kernel_size, self.dilation, self.padding, self.stride)

    def extra_repr(self) -> str:
        return "kernel_size={}, dilation={}, padding={}, stride={}".format(
            self.kernel_size, self.dilation, self.padding, self.stride)


class CosineSimilarity(Module):
    def __init__(self, dim: int = 1, eps: float = 1e-8):
        super().__init__()
        self.dim = dim
        self.eps = eps

    def forward(self, x1: torch.Tensor, x2: torch.Tensor) -> torch.Tensor:
        return F.cosine_similarity(x1, x2, self.dim, self.eps)


class PairwiseDistance(Module):
    def __init__(self, p: float = 2., eps: float = 1e-6, keepdim: bool = False):
        super().__init__()
        self.norm = p
        self.eps = eps
        self.keepdim = keepdim

    def forward(self, x1: torch.Tensor, x2: torch.Tensor) -> torch.Tensor:
        return F.pairwise_distance(x1, x2, self.norm, self.eps, self.keepdim)


class _ConstantPadNd(Module):
    def __init__(self, n: int, padding: Any, value: Any):
        super().__init__()
        self.padding = _ntuple(padding, 2 * n)
        # Kept as given: PyTorch prints value=3 for an int and value=3.5 for a float.
        self.value = value

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.pad(input, self.padding, "constant", self.value)

    def extra_repr(self) -> str:
        return "padding={}, value={}".format(tuple(self.padding), self.value)


class ConstantPad1d(_ConstantPadNd):
    def __init__(self, padding: Any, value: Any):
        super().__init__(1, padding, value)


class ConstantPad2d(_ConstantPadNd):
    def __init__(self, padding: Any, value: Any):
        super().__init__(2, padding, value)


class ConstantPad3d(_ConstantPadNd):
    def __init__(self, padding: Any, value: Any):
        super().__init__(3, padding, value)


class ZeroPad2d(_ConstantPadNd):
    def __init__(self, padding: Any):
        super().__init__(2, padding, 0.)

    def extra_repr(self) -> str:
        return "{}".format(tuple(self.padding))


class _ModePadNd(Module):
    def __init__(self, n: int, padding: Any, mode: str):
        super().__init__()
        self.padding = _ntuple(padding, 2 * n)
        self.mode = mode

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.pad(input, self.padding, self.mode)

    def extra_repr(self) -> str:
        return "{}".format(tuple(self.padding))


class ReflectionPad1d(_ModePadNd):
    def __init__(self, padding: Any):
        super().__init__(1, padding, "reflect")


class ReflectionPad2d(_ModePadNd):
    def __init__(self, padding: Any):
        super().__init__(2, padding, "reflect")


class ReflectionPad3d(_ModePadNd):
    def __init__(self, padding: Any):
        super().__init__(3, padding, "reflect")


class ReplicationPad1d(_ModePadNd):
    def __init__(self, padding: Any):
        super().__init__(1, padding, "replicate")


class ReplicationPad2d(_ModePadNd):
    def __init__(self, padding: Any):
        super().__init__(2, padding, "replicate")


class ReplicationPad3d(_ModePadNd):
    def __init__(self, padding: Any):
        super().__init__(3, padding, "replicate")


class _DropoutNd(Module):
    def __init__(self, p: float = 0.5, inplace: bool = False):
        super().__init__()
        if p < 0.0 or p > 1.0:
            raise ValueError("dropout probability has to be between 0 and 1, but got {}".format(p))
        self.p = p
        self.inplace = inplace

    def extra_repr(self) -> str:
        return "p={}, inplace={}".format(self.p, self.inplace)


class Dropout1d(_DropoutNd):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.dropout1d(input, self.p, self.training, self.inplace)


class Dropout3d(_DropoutNd):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.dropout3d(input, self.p, self.training, self.inplace)


class AlphaDropout(_DropoutNd):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.alpha_dropout(input, self.p, self.training, self.inplace)


class FeatureAlphaDropout(_DropoutNd):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.feature_alpha_dropout(input, self.p, self.training, self.inplace)


class LocalResponseNorm(Module):
    def __init__(self, size: int, alpha: float = 1e-4, beta: float = 0.75, k: float = 1.):
        super().__init__()
        self.size = size
        self.alpha = alpha
        self.beta = beta
        self.k = k

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.local_response_norm(input, self.size, self.alpha, self.beta, self.k)

    def extra_repr(self) -> str:
        return "{}, alpha={}, beta={}, k={}".format(self.size, self.alpha, self.beta, self.k)


class _LPPoolNd(Module):
    def __init__(self, norm_type: float, kernel_size: Any, stride: Any = None, ceil_mode: bool = False):
        super().__init__()
        self.norm_type = norm_type
        self.kernel_size = kernel_size
        self.stride = stride
        self.ceil_mode = ceil_mode

    def extra_repr(self) -> str:
        return "norm_type={}, kernel_size={}, stride={}, ceil_mode={}".format(self.norm_type, self.kernel_size,
                                                                             self.stride, self.ceil_mode)


class LPPool1d(_LPPoolNd):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.lp_pool1d(input, float(self.norm_type), int(self.kernel_size), self.stride, self.ceil_mode)


class LPPool2d(_LPPoolNd):
    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.lp_pool2d(input, float(self.norm_type), self.kernel_size, self.stride, self.ceil_mode)


class RReLU(Module):
    def __init__(self, lower: float = 1. / 8, upper: float = 1. / 3, inplace: bool = False):
        super().__init__()
        self.lower = lower
        self.upper = upper
        self.inplace = inplace

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.rrelu(input, self.lower, self.upper, self.training, self.inplace)

    def extra_repr(self) -> str:
        return "lower={}, upper={}{}".format(self.lower, self.upper, ", inplace=True" if self.inplace else "")


class BatchNorm3d(_BatchNorm):
    def _check_input_dim(self, input: torch.Tensor) -> None:
        if input.dim() != 5:
            raise ValueError("expected 5D input (got {}D input)".format(input.dim()))
