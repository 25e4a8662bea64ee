# torch.linalg in a script: a linear system, a least-squares line fit, determinants, inverses,
# decompositions checked through their products, norms and ranks; gradients through solve
# and det. Values are rounded so both sides print the same digits.
import torch
import torch.linalg
from torch import linalg
from typing import List


def r(t: torch.Tensor) -> List[float]:
    return [round(v, 4) + 0.0 for v in t.flatten().tolist()]


A = torch.tensor([[4.0, 1.0, 2.0], [1.0, 3.0, 0.5], [2.0, 0.5, 5.0]], dtype=torch.float64)
b = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64)
x = torch.linalg.solve(A, b)
print("solve", r(x), r(A @ x - b))
print("solve batched", r(torch.linalg.solve(torch.stack([A, 2 * A]), torch.stack([b, b]))))
print("solve left=False", r(linalg.solve(A, torch.eye(3, dtype=torch.float64)[:2], left=False)))

# Least squares: fit y = 2x + 1 with noise-free points plus one outlier.
xs = torch.tensor([0.0, 1.0, 2.0, 3.0, 4.0], dtype=torch.float64)
ys = 2.0 * xs + 1.0
ys[4] = 9.5
X = torch.stack([xs, torch.ones(5, dtype=torch.float64)], dim=1)
sol, res, rank, sv = torch.linalg.lstsq(X, ys.unsqueeze(1))
print("lstsq gelsy", r(sol), list(res.shape), int(rank.item()), list(sv.shape))
sol2, res2, rank2, sv2 = torch.linalg.lstsq(X, ys.unsqueeze(1), driver="gelsd")
print("lstsq gelsd", r(sol2), r(res2), int(rank2.item()), r(sv2))

print("det", round(torch.linalg.det(A).item(), 6), round(A.det().item(), 6), round(torch.det(A).item(), 6))
sign, logabsdet = torch.linalg.slogdet(-A)
print("slogdet", sign.item(), round(logabsdet.item(), 6))
Ai = torch.linalg.inv(A)
print("inv", r(Ai), r(A @ Ai - torch.eye(3, dtype=torch.float64)), r(A.inverse() - Ai))
print("matrix_power", r(torch.linalg.matrix_power(A, 3)), r(torch.linalg.matrix_power(A, -1) - Ai))

L = torch.linalg.cholesky(A)
print("cholesky", r(L), r(L @ L.t() - A))
Q, R = torch.linalg.qr(A[:, :2])
print("qr", list(Q.shape), list(R.shape), r(Q @ R - A[:, :2]), r(Q.t() @ Q))
U, S, Vh = torch.linalg.svd(A[:2])
print("svd", list(U.shape), r(S), list(Vh.shape), r(U @ torch.diag(S) @ Vh[:2] - A[:2]))
w, V = torch.linalg.eigh(A)
print("eigh", r(w), r(V @ torch.diag(w) @ V.t() - A))
print("pinv", r(torch.linalg.pinv(X) @ X))
print("rank", torch.linalg.matrix_rank(A).item(), torch.linalg.matrix_rank(torch.ones(3, 4)).item())

M = torch.arange(12, dtype=torch.float32).reshape(3, 4) - 5.0
print("norm", round(torch.linalg.norm(M).item(), 4), round(torch.linalg.norm(M, "nuc").item(), 4),
      round(torch.linalg.norm(M, 2).item(), 4), round(torch.linalg.norm(M, float("inf")).item(), 4))
print("vector_norm", r(torch.linalg.vector_norm(M, 1, dim=1)), r(torch.linalg.vector_norm(M, float("inf"), dim=0)),
      round(torch.linalg.vector_norm(M, 3).item(), 4))
print("matrix_norm", round(torch.linalg.matrix_norm(M).item(), 4), round(torch.linalg.matrix_norm(M, 1).item(), 4),
      round(torch.linalg.matrix_norm(M, -2).item(), 4))

# Gradients through solve and det.
Ag = A.clone().requires_grad_(True)
torch.linalg.solve(Ag, b).sum().backward()
print("grad solve", r(Ag.grad))
Ag2 = A.clone().requires_grad_(True)
torch.linalg.det(Ag2).backward()
print("grad det", r(Ag2.grad), r(torch.linalg.det(A) * torch.linalg.inv(A).t()))

try:
    torch.linalg.inv(torch.tensor([[1.0, 2.0], [2.0, 4.0]]))
except RuntimeError as e:
    print("error", e)
try:
    torch.linalg.cholesky(torch.tensor([[1.0, 2.0], [2.0, 1.0]]))
except RuntimeError as e:
    print("error", e)
