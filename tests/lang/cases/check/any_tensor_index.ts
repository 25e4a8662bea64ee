# A tensor typed Any (torch.autograd.grad's result) indexes, slices and assigns as a tensor.
import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
g = torch.autograd.grad((x * x).sum(), [x])[0]
print(g[0].tolist(), g[:, 1].tolist(), g[1, 0].item())
h, = torch.autograd.grad((x ** 3).sum(), [x])
h[0, 0] = -1.0
h[1] = 0.5
print(h.tolist())
print(g[1:].tolist(), g[:1].tolist(), g[::2].tolist(), g[-1:].tolist())
# expect: [2.0, 4.0] [4.0, 8.0] 6.0
# expect: [[-1.0, 12.0], [0.5, 0.5]]
# expect: [[6.0, 8.0]] [[2.0, 4.0]] [[2.0, 4.0]] [[6.0, 8.0]]
