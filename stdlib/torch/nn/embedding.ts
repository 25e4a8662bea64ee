# torch.nn's Embedding (max_norm, from_pretrained) and EmbeddingBag, with PyTorch 1.13's arguments,
# initialization and printed form.
import torch
from typing import List, Tuple, Optional, Any
from torch.nn.module import Module, Parameter
import torch.nn.functional as F
import torch.nn.init as init


def _weight_param(num_embeddings: int, embedding_dim: int, _weight: Optional[torch.Tensor], device: Any,
                  dtype: Optional[torch.dtype]) -> torch.Tensor:
    # Embedding's and EmbeddingBag's weight: _weight when given (its shape checked), else a new one
    # for reset_parameters to fill.
    if _weight is None:
        return Parameter(torch.empty(num_embeddings, embedding_dim, device=device, dtype=dtype))
    assert list(_weight.shape) == [num_embeddings, embedding_dim], \
        "Shape of weight does not match num_embeddings and embedding_dim"
    return Parameter(_weight)


def _norm_repr(max_norm: Optional[float], norm_type: float, scale_grad_by_freq: bool) -> str:
    # The part of Embedding's and EmbeddingBag's printed form that shows their non-default lookup options.
    s = ""
    if max_norm is not None:
        s += ", max_norm={}".format(max_norm)
    if norm_type != 2:
        s += ", norm_type={}".format(norm_type)
    if scale_grad_by_freq:
        s += ", scale_grad_by_freq={}".format(scale_grad_by_freq)
    return s


def _reset_weight(weight: torch.Tensor, padding_idx: Optional[int]) -> None:
    init.normal_(weight)
    if padding_idx is not None:
        with torch.no_grad():
            weight[padding_idx].fill_(0)


class Embedding(Module):
    def __init__(self, num_embeddings: int, embedding_dim: int, padding_idx: Optional[int] = None,
                 max_norm: Optional[float] = None, norm_type: float = 2., scale_grad_by_freq: bool = False,
                 sparse: bool = False, _weight: Optional[torch.Tensor] = None, device: Any = None, dtype: Optional[torch.dtype] = None):
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
        self.weight = _weight_param(num_embeddings, embedding_dim, _weight, device, dtype)
        if _weight is None:
            self.reset_parameters()

    def reset_parameters(self) -> None:
        _reset_weight(self.weight, self.padding_idx)

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.embedding(input, self.weight, self.padding_idx, self.max_norm, self.norm_type, self.scale_grad_by_freq,
                           self.sparse)

    def extra_repr(self) -> str:
        s = "{}, {}".format(self.num_embeddings, self.embedding_dim)
        if self.padding_idx is not None:
            s += ", padding_idx={}".format(self.padding_idx)
        s += _norm_repr(self.max_norm, self.norm_type, self.scale_grad_by_freq)
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
                 padding_idx: Optional[int] = None, device: Any = None, dtype: Optional[torch.dtype] = None):
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
        self.weight = _weight_param(num_embeddings, embedding_dim, _weight, device, dtype)
        if _weight is None:
            self.reset_parameters()
        self.mode = mode
        self.sparse = sparse
        self.include_last_offset = include_last_offset

    def reset_parameters(self) -> None:
        _reset_weight(self.weight, self.padding_idx)

    def forward(self, input: torch.Tensor, offsets: Optional[torch.Tensor] = None,
                per_sample_weights: Optional[torch.Tensor] = None) -> torch.Tensor:
        return F.embedding_bag(input, self.weight, offsets, self.max_norm, self.norm_type, self.scale_grad_by_freq,
                               self.mode, self.sparse, per_sample_weights, self.include_last_offset, self.padding_idx)

    def extra_repr(self) -> str:
        s = "{}, {}".format(self.num_embeddings, self.embedding_dim)
        s += _norm_repr(self.max_norm, self.norm_type, self.scale_grad_by_freq)
        s += ", mode={}".format(self.mode)
        if self.padding_idx is not None:
            s += ", padding_idx={}".format(self.padding_idx)
        return s

    @staticmethod
    def from_pretrained(embeddings: torch.Tensor, freeze: bool = True, max_norm: Optional[float] = None,
                        norm_type: float = 2., scale_grad_by_freq: bool = False, mode: str = "mean",
                        sparse: bool = False, include_last_offset: bool = False,
                        padding_idx: Optional[int] = None, device: Any = None, dtype: Optional[torch.dtype] = None):
        assert embeddings.dim() == 2, "Embeddings parameter is expected to be 2-dimensional"
        bag = EmbeddingBag(embeddings.size(0), embeddings.size(1), max_norm, norm_type, scale_grad_by_freq, mode,
                           sparse, embeddings, include_last_offset, padding_idx)
        bag.weight.requires_grad_(not freeze)
        return bag
