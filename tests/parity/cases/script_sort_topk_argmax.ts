# Exercises sort (stable, descending), argsort, topk, kthvalue, unique, searchsorted, bucketize, argmax ties, msort.
import torch
from typing import List, Tuple


def rank_students(names: List[str], scores: torch.Tensor) -> List[Tuple[str, float]]:
    order = torch.argsort(scores, descending=True)
    return [(names[i], round(scores[i].item(), 2)) for i in order.tolist()]


def main():
    torch.manual_seed(4)
    x = torch.tensor([3, 1, 4, 1, 5, 9, 2, 6, 5, 3])
    s = torch.sort(x)
    print("sorted:", s.values.tolist(), "idx:", s.indices.tolist())
    sd, sdi = x.sort(descending=True, stable=True)
    print("desc stable:", sd.tolist(), sdi.tolist())
    print("argsort:", torch.argsort(x, stable=True).tolist())
    print("msort 2d:\n", torch.msort(torch.tensor([[3, 1], [1, 2], [2, 0]])))

    tk = torch.topk(x, 3)
    print("top3:", tk.values.tolist(), tk.indices.tolist())
    small = x.topk(2, largest=False, sorted=True)
    print("bottom2 values:", small.values.tolist())
    kv = torch.kthvalue(x, 4)
    print("4th smallest:", kv.values.item())

    u, inv, cnt = torch.unique(x, return_inverse=True, return_counts=True)
    print("unique:", u.tolist())
    print("inverse:", inv.tolist())
    print("counts:", cnt.tolist())
    uc = torch.unique_consecutive(torch.tensor([1, 1, 2, 2, 2, 3, 1, 1]))
    print("unique_consecutive:", uc.tolist())

    m = torch.randn(3, 5)
    ms, mi = m.sort(dim=1)
    print("row-sorted ascending ok:", bool((ms[:, 1:] >= ms[:, :-1]).all()))
    print("row argmax:", m.argmax(dim=1).tolist(), "col argmin:", m.argmin(dim=0).tolist())
    print("top2 per row idx:\n", m.topk(2, dim=1).indices)
    print("ties argmax:", torch.tensor([1, 7, 7, 3]).argmax().item())

    edges = torch.tensor([0.0, 1.0, 2.5, 4.0])
    vals = torch.tensor([-1.0, 0.0, 0.5, 2.5, 3.9, 10.0])
    print("searchsorted left:", torch.searchsorted(edges, vals).tolist())
    print("searchsorted right:", torch.searchsorted(edges, vals, right=True).tolist())
    print("bucketize:", torch.bucketize(vals, edges).tolist())

    names = ["ana", "ben", "cy", "dee", "eli"]
    scores = torch.tensor([71.5, 88.25, 64.0, 88.25, 93.0])
    for rank, (n, sc) in enumerate(rank_students(names, scores), start=1):
        print(f"  {rank}. {n:<4} {sc:6.2f}")

    # sort rows of a matrix by a key column
    table = torch.tensor([[3, 10], [1, 20], [2, 30], [1, 5]])
    order = torch.argsort(table[:, 0], stable=True)
    print("sorted by col0:\n", table[order])

    # median via sort compared with torch.median
    v = torch.randn(7)
    mid = v.sort().values[3]
    print("median match:", torch.isclose(mid, v.median()).item())
    print(f"median value: {v.median().item():.4f}")
    # sort floats with nan
    fn = torch.tensor([2.0, float("nan"), -1.0, 0.5])
    print("sort with nan:", fn.sort().values.tolist())
    print("max nan propagates:", torch.isnan(fn.max()).item())


if __name__ == "__main__":
    main()
