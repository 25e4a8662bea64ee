import torch

torch.manual_seed(2)

def try_op(name, fn):
    try:
        out = fn()
        print(name, "ok", tuple(out.shape))
    except RuntimeError as e:
        print(name, "RuntimeError:", e)
    except IndexError as e:
        print(name, "IndexError:", e)

a = torch.randn(2, 3)
b = torch.randn(4, 5)
try_op("matmul", lambda: a @ b)
try_op("mm", lambda: torch.mm(a, b))
try_op("matmul ok", lambda: a @ b[:3])
t = a.t()
print(t.is_contiguous())
try_op("view", lambda: t.view(6))
try_op("reshape", lambda: t.reshape(6))
try_op("contig view", lambda: t.contiguous().view(-1))
try_op("bad view", lambda: a.view(4, 2))
try_op("bad reshape", lambda: a.reshape(5, -1))
try_op("add broadcast", lambda: a + torch.ones(3))
try_op("add mismatch", lambda: a + torch.ones(2))
try_op("cat", lambda: torch.cat([a, b], dim=0))
try_op("stack", lambda: torch.stack([a, a.t()]))
try_op("index", lambda: a[5])
try_op("index dim", lambda: a[:, 7])
try_op("dim out of range", lambda: a.sum(dim=3))
try_op("squeeze", lambda: a.squeeze(0))
try_op("expand", lambda: a.expand(4, 3))
try_op("expand bad", lambda: a.expand(2, 4))
try_op("gather", lambda: torch.gather(a, 1, torch.tensor([[0], [2]])))
try_op("bmm", lambda: torch.bmm(torch.randn(2, 3, 4), torch.randn(2, 5, 6)))

def checked_linear(x, w):
    if x.shape[-1] != w.shape[0]:
        raise ValueError(f"expected last dim {w.shape[0]}, got {x.shape[-1]}")
    return x @ w

try:
    checked_linear(a, b)
except ValueError as e:
    print("ValueError:", e)
print(checked_linear(a, torch.ones(3, 1)).shape)
