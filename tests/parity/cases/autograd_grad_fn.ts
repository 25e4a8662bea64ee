# Tensor.grad_fn in scripts: None for leaves and untracked results, the node otherwise, with
# name() and next_functions as PyTorch's.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
w = torch.tensor([0.5, -1.0, 2.0])
print(x.grad_fn is None, w.grad_fn is None)
y = x * 2 + w
print(y.grad_fn is not None, y.grad_fn.name())
nf = y.grad_fn.next_functions
print(len(nf), nf[0][0].name(), nf[0][1], nf[1][0] is None)
inner = nf[0][0].next_functions
print(inner[0][0].name(), inner[1][0] is None)
z = (y.sum() * y.mean()).tanh()
print(z.grad_fn.name(), z.grad_fn.next_functions[0][0].name())
with torch.no_grad():
    u = x * 3
print(u.grad_fn is None)
d = y.detach()
print(d.grad_fn is None)
v = x[1:]
print(v.grad_fn.name())
c = x.clone()
c[0] = 5.0
print(c.grad_fn.name())
nodes = []
g = z.grad_fn
while g is not None:
    nodes.append(g.name())
    nxt = g.next_functions
    g = nxt[0][0] if len(nxt) > 0 else None
print(nodes)
