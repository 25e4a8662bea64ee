# torch.set_printoptions as scripts use it (fewer digits for a log line, a full dump of a
# large tensor, scientific notation on and off, the profiles), and torch.Size arithmetic
# (a Size plus a tuple of extra dims, repeated, sliced) when building shapes.
import torch

w = torch.tensor([[0.123456789, -1.5, 2.0], [1000.25, 3.14159265, -0.000123]])
print(w)
torch.set_printoptions(precision=2)
print(w)
torch.set_printoptions(precision=6, sci_mode=False)
print(w)
torch.set_printoptions(sci_mode=True)
print(w)
torch.set_printoptions(profile="default")
print(w)

big = torch.arange(30.0)
torch.set_printoptions(threshold=10, edgeitems=2)
print(big)
torch.set_printoptions(profile="short")
print(big.reshape(5, 6))
torch.set_printoptions(profile="full")
print(big)
torch.set_printoptions(linewidth=40)
print(big)
torch.set_printoptions(profile="default")
print(big)

x = torch.zeros(4, 3)
batch_shape = x.shape + (2,)
print(batch_shape, type(batch_shape).__name__)
print(torch.zeros(batch_shape).shape)
print(x.shape[1:] + (5, 6), x.size() * 2, x.shape + x.shape)
print(torch.Size([2]) + (), len(x.shape + (1, 1)))
try:
    print(x.shape + [4])
except TypeError as e:
    print("TypeError:", e)
