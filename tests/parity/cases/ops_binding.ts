# Factory functions with out= and a dtype that agrees with it, numbers beside tensors in
# arithmetic, comparisons, min()/max() and index assignment, and last the dtype that disagrees
# with out (an error).
import torch

o = torch.empty(3)
torch.zeros(3, dtype=torch.float32, out=o)
print(o)
torch.full([3], 2.5, dtype=torch.float32, device="cpu", out=o)
print(o)
torch.arange(0, 3, dtype=torch.float32, out=o)
print(o)
torch.linspace(0.0, 1.0, 5, dtype=torch.float32, out=o)
print(o)
torch.manual_seed(0)
i = torch.empty(4, dtype=torch.int64)
torch.randint(0, 10, [4], dtype=torch.int64, out=i)
print(i)
torch.randperm(5, out=i)
print(i)
e = torch.empty(2, 3)
torch.eye(2, 3, dtype=torch.float32, out=e)
print(e)

t = torch.tensor(2.0)
print(1 < t, 3 < t, 2.5 >= t)
print(max(0.5, t), min(t, 3.0), max(t, 1.0), min(3, t))

print(torch.add(1, t), torch.mul(2.5, t), torch.sub(1, t), torch.div(3, t), 2 - t, 2 ** t)
xi = torch.tensor([1, -2, 3])
xi[xi < 0] = 1.7
xd = torch.zeros(3, dtype=torch.float64)
xd[torch.tensor([0, 2])] = 0.1
xb = torch.zeros(2, dtype=torch.bool)
xb[torch.tensor([1])] = True
print(xi, xd, xb)

torch.ones(3, dtype=torch.float64, out=o)
print("not reached")
