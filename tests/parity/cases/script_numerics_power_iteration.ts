# Exercises power iteration, Rayleigh quotient, deflation, inverse iteration, and comparison with torch.linalg.eigh on a symmetric matrix.
import torch
from typing import List, Tuple


def power_iteration(A: torch.Tensor, iters: int, seed: int) -> Tuple[float, torch.Tensor]:
    g = torch.Generator().manual_seed(seed)
    v = torch.randn(A.shape[0], generator=g, dtype=A.dtype)
    v = v / v.norm()
    lam = 0.0
    for i in range(iters):
        w = A @ v
        v = w / w.norm()
        lam = torch.dot(v, A @ v).item()
        if i % 10 == 9:
            print(f"  iter {i + 1:3d}: rayleigh {lam:.8f}")
    return lam, v


def top_k_eigen(A: torch.Tensor, k: int) -> List[float]:
    B = A.clone()
    vals: List[float] = []
    for j in range(k):
        lam, v = power_iteration(B, 40, seed=j)
        vals.append(lam)
        B = B - lam * torch.outer(v, v)
    return vals


def inverse_iteration(A: torch.Tensor, shift: float, iters: int) -> float:
    n = A.shape[0]
    M = A - shift * torch.eye(n, dtype=A.dtype)
    v = torch.ones(n, dtype=A.dtype) / n ** 0.5
    for _ in range(iters):
        w = torch.linalg.solve(M, v)
        v = w / w.norm()
    return torch.dot(v, A @ v).item()


def main():
    torch.manual_seed(11)
    X = torch.randn(6, 6, dtype=torch.float64)
    A = X @ X.T / 6 + torch.diag(torch.arange(6, dtype=torch.float64))
    print("symmetric:", torch.allclose(A, A.T))
    lam, v = power_iteration(A, 50, seed=0)
    evals, evecs = torch.linalg.eigh(A)
    print(f"power iteration: {lam:.8f}")
    print(f"eigh largest:    {evals[-1].item():.8f}")
    align = torch.abs(torch.dot(v, evecs[:, -1])).item()
    print(f"eigenvector alignment |cos| = {align:.6f}")
    print("residual norm:", f"{torch.linalg.norm(A @ v - lam * v).item():.2e}")

    print("deflation:")
    tops = top_k_eigen(A, 3)
    print("top-3 by deflation:", [f"{t:.5f}" for t in tops])
    print("top-3 by eigh:     ", [f"{t:.5f}" for t in evals.flip(0)[:3].tolist()])

    small = inverse_iteration(A, 0.0, 30)
    print(f"smallest via inverse iteration: {small:.6f} (eigh {evals[0].item():.6f})")
    mid = inverse_iteration(A, evals[2].item() + 0.05, 20)
    print(f"shifted inverse iteration near {evals[2].item():.4f}: {mid:.6f}")

    # PageRank as power iteration on a column-stochastic matrix
    links = torch.tensor([[0, 1, 1, 0], [0, 0, 1, 0], [1, 0, 0, 1], [0, 0, 1, 0]], dtype=torch.float64)
    out_deg = links.sum(dim=1, keepdim=True)
    P = (links / out_deg).T
    d = 0.85
    n = P.shape[0]
    r = torch.full((n,), 1.0 / n, dtype=torch.float64)
    for it in range(100):
        r_new = (1 - d) / n + d * (P @ r)
        if torch.abs(r_new - r).sum().item() < 1e-12:
            print(f"pagerank converged at iteration {it}")
            r = r_new
            break
        r = r_new
    print("pagerank:", [f"{x:.4f}" for x in r.tolist()], "sum:", f"{r.sum().item():.4f}")
    print("ranking:", torch.argsort(r, descending=True).tolist())

    # Markov chain stationary distribution
    T = torch.tensor([[0.9, 0.1, 0.0], [0.2, 0.7, 0.1], [0.1, 0.3, 0.6]], dtype=torch.float64)
    pi = torch.tensor([1.0, 0.0, 0.0], dtype=torch.float64)
    for _ in range(200):
        pi = pi @ T
    print("stationary:", [f"{x:.5f}" for x in pi.tolist()])
    print("is fixed point:", torch.allclose(pi @ T, pi))


if __name__ == "__main__":
    main()
