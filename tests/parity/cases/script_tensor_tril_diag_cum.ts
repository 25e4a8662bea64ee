# Exercises tril/triu masks, diag/diag_embed/diagonal, cumsum/cumprod/cummax, roll/flip, lerp, outer and kron.
import torch


def main():
    n = 4
    ones = torch.ones(n, n)
    print("tril:")
    print(torch.tril(ones))
    print("triu offset 1:")
    print(torch.triu(ones, diagonal=1))
    print("tril_indices:", torch.tril_indices(3, 3).tolist())
    causal = torch.triu(torch.full((n, n), float("-inf")), diagonal=1)
    print("causal softmax:")
    print(torch.softmax(causal, dim=-1))

    d = torch.tensor([1.0, 2.0, 3.0])
    print("diag:")
    print(torch.diag(d))
    print("diag offset -1:")
    print(torch.diag(d, -1))
    M = torch.arange(9.0).reshape(3, 3)
    print("diag of matrix:", torch.diag(M).tolist(), "diagonal(1):", M.diagonal(1).tolist())
    batch = torch.arange(6.0).reshape(2, 3)
    de = torch.diag_embed(batch)
    print("diag_embed shape:", tuple(de.shape))
    print(de[1])
    print("trace per batch:", de.diagonal(dim1=-2, dim2=-1).sum(-1).tolist())

    x = torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0])
    print("cumsum:", x.cumsum(0).tolist())
    print("cumprod:", torch.cumprod(x, dim=0).tolist())
    y = torch.tensor([2.0, 1.0, 3.0, 0.0, 5.0, 4.0])
    cm = torch.cummax(y, dim=0)
    print("cummax:", cm.values.tolist(), cm.indices.tolist())
    print("cummin:", torch.cummin(y, 0).values.tolist())
    print("logcumsumexp:", [round(v, 4) for v in torch.logcumsumexp(x, 0).tolist()])
    rewards = torch.tensor([1.0, 0.0, 0.0, 1.0])
    gamma = 0.9
    disc = torch.pow(gamma, torch.arange(4.0))
    returns = (rewards * disc).flip(0).cumsum(0).flip(0) / disc
    print("discounted returns:", [round(v, 4) for v in returns.tolist()])

    print("roll 2:", torch.roll(x, 2).tolist(), "roll -1:", x.roll(-1).tolist())
    grid = torch.arange(6).reshape(2, 3)
    print("roll 2d:", torch.roll(grid, shifts=(1, 1), dims=(0, 1)).tolist())
    print("flip:", torch.flip(grid, [1]).tolist(), "fliplr:", torch.fliplr(grid).tolist(), "flipud:", grid.flipud().tolist())
    print("rot90:", torch.rot90(grid, 1, [0, 1]).tolist())

    a = torch.zeros(3)
    b = torch.tensor([10.0, 20.0, 30.0])
    print("lerp 0.25:", torch.lerp(a, b, 0.25).tolist())
    print("lerp tensor w:", a.lerp(b, torch.tensor([0.0, 0.5, 1.0])).tolist())
    print("outer:", torch.outer(torch.tensor([1, 2]), torch.tensor([3, 4, 5])).tolist())
    print("kron:")
    print(torch.kron(torch.tensor([[1, 2], [3, 4]]), torch.tensor([[0, 1], [1, 0]])))
    print("vander:", torch.vander(torch.tensor([1, 2, 3]), N=3).tolist())
    print("cartesian_prod:", torch.cartesian_prod(torch.tensor([1, 2]), torch.tensor([5, 6])).tolist())
    print("combinations:", torch.combinations(torch.tensor([1, 2, 3]), r=2).tolist())


if __name__ == "__main__":
    main()
