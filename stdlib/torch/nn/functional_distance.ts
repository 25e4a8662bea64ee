# torch.nn.functional's distance functions: pairwise_distance, cosine_similarity and pdist.
# functional.ts re-exports every public name here.
import torch


def pairwise_distance(x1: torch.Tensor, x2: torch.Tensor, p: float = 2.0, eps: float = 1e-6,
                      keepdim: bool = False) -> torch.Tensor:
    return torch.pairwise_distance(x1, x2, p, eps, keepdim)


def cosine_similarity(x1: torch.Tensor, x2: torch.Tensor, dim: int = 1, eps: float = 1e-8) -> torch.Tensor:
    return torch.cosine_similarity(x1, x2, dim, eps)


def pdist(input: torch.Tensor, p: float = 2.0) -> torch.Tensor:
    return torch.pdist(input, p)
