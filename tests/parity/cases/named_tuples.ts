# Named results (torch.return_types.*): fields by name, unpacking, indexing, printing; out=
# variants of torch.linalg writing into given tensors, and their errors.
import torch

torch.manual_seed(0)
x = torch.tensor([[3.0, 1.0, 2.0], [0.5, 4.0, -1.0]])

m = torch.max(x, 1)
print(m.values, m.indices)
print(m)
print(m[0], m[1])
v, i = x.min(dim=0)
print(v, i)
print(x.max(1).indices, x.min(1, keepdim=True).values)
s = torch.sort(x, dim=1, descending=True)
print(s.values, s.indices)
print(torch.topk(x, 2).indices, x.topk(1, dim=0).values)
print(torch.kthvalue(x, 2, 1).values, torch.median(x, 1).indices, torch.mode(x, 0).values)
print(torch.cummax(x, 1).indices, torch.cummin(x, 0).values)
print(torch.aminmax(x).min, torch.aminmax(x, dim=1).max)
print(torch.max(x, torch.zeros(3)))  # the elementwise overload: a plain tensor


def top(t: torch.Tensor) -> torch.Tensor:
    r = t.max(-1)
    return r.values * 2 + r.indices


print(top(x))

A = torch.tensor([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]], dtype=torch.float64)
sl = torch.linalg.slogdet(A)
print(sl.sign, round(sl.logabsdet.item(), 6))
q = torch.linalg.qr(A)
print((q.Q @ q.R - A).abs().max().item() < 1e-12)
e = torch.linalg.eigh(A)
print(e.eigenvalues)
print((A @ e.eigenvectors - e.eigenvectors * e.eigenvalues).abs().max().item() < 1e-12)
u = torch.linalg.svd(A)
print(u.S, (u.U @ torch.diag(u.S) @ u.Vh - A).abs().max().item() < 1e-12)
ls = torch.linalg.lstsq(A, torch.ones(3, 1, dtype=torch.float64))
print(ls.solution, ls.rank)
print(ls.solution.shape, ls.residuals.shape, ls.singular_values.shape)

# out=: resized, written in place, returned
o = torch.empty(0, dtype=torch.float64)
r = torch.linalg.inv(A, out=o)
print(o, r is o)
o2 = torch.empty(0, dtype=torch.float64)
torch.linalg.det(A, out=o2)
print(o2)
sign = torch.empty(0, dtype=torch.float64)
lad = torch.empty(0, dtype=torch.float64)
r2 = torch.linalg.slogdet(A, out=(sign, lad))
print(r2)
print(r2.sign is sign, r2[1] is lad)
Q = torch.empty(0, dtype=torch.float64)
R = torch.empty(0, dtype=torch.float64)
torch.linalg.qr(A, out=(Q, R))
print((Q @ R - A).abs().max().item() < 1e-12)
ev = torch.empty(0, dtype=torch.float64)
evec = torch.empty(0, dtype=torch.float64)
print(torch.linalg.eigh(A, out=(ev, evec)).eigenvalues)
U = torch.empty(0, dtype=torch.float64)
S = torch.empty(0, dtype=torch.float64)
Vh = torch.empty(0, dtype=torch.float64)
torch.linalg.svd(A, out=(U, S, Vh))
print(S)
o3 = torch.empty(0, dtype=torch.float64)
torch.linalg.svdvals(A, out=o3)
print(o3)
o4 = torch.empty(0, dtype=torch.float64)
torch.linalg.solve(A, torch.ones(3, dtype=torch.float64), out=o4)
print(o4)
o5 = torch.empty(0, dtype=torch.float64)
torch.linalg.cholesky(A, out=o5)
print(o5)
o6 = torch.empty(0, dtype=torch.float64)
torch.linalg.matrix_power(A, 3, out=o6)
print(o6)
o7 = torch.empty(0, dtype=torch.float64)
torch.linalg.norm(A, out=o7)
print(o7)
o8 = torch.empty(0, dtype=torch.float64)
torch.linalg.vector_norm(A, 3.0, out=o8)
print(o8)
o9 = torch.empty(0, dtype=torch.float64)
torch.linalg.matrix_norm(A, "nuc", out=o9)
print(o9)
o10 = torch.empty(0, dtype=torch.float32)
torch.linalg.pinv(A, out=o10)  # pinv casts into out
print(o10.dtype, o10.shape)
o11 = torch.empty(0, dtype=torch.int64)
torch.linalg.matrix_rank(A, out=o11)
print(o11)
o12 = torch.empty(0, dtype=torch.float64)
torch.linalg.cross(torch.tensor([[1.0, 2.0, 3.0]], dtype=torch.float64), torch.tensor([[4.0, -1.0, 2.0]], dtype=torch.float64), out=o12)
print(o12)

for k in range(4):
    try:
        if k == 0:
            torch.linalg.inv(A, out=torch.empty(0))
        elif k == 1:
            torch.linalg.norm(A, out=torch.empty(0))
        elif k == 2:
            torch.linalg.det(A.clone().requires_grad_(), out=torch.empty(0, dtype=torch.float64))
        else:
            torch.linalg.slogdet(A, out=(torch.empty(0), torch.empty(0)))
    except RuntimeError as err:
        print("error:", err)
