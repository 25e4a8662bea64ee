import torch

torch.manual_seed(0)

x = torch.randn(2, 3, 4)
s = x.size()
print(s)
print(x.shape)
print(len(s), s[0], s[-1])
print(s[1:])
print(tuple(s))
print(list(s))
print(s.numel())
print(x.dim(), x.ndim, x.numel())

def flat_size(shape):
    n = 1
    for d in shape:
        n *= d
    return n

print(flat_size(x.shape))
new_shape = x.shape[:-1] + (2, 2)
print(new_shape)
y = x.view(new_shape)
print(y.shape)
print(x.shape == torch.Size([2, 3, 4]))
print(x.shape == (2, 3, 4))
print(torch.Size([1, 2]) + torch.Size([3]))
print(torch.Size([]))
print(torch.zeros(()).shape)
b, c, w = x.shape
print(b * c * w)
print(x.reshape(-1, 4).shape)
print(x.flatten(1).shape, x.flatten().shape)
print(x.unsqueeze(0).shape, x.unsqueeze(-1).shape)
print(x.permute(2, 0, 1).shape)
print(x.transpose(0, 2).size(0))
print(x.size(-1), x.size(1))
for i, d in enumerate(x.shape):
    print(i, d)
print(str(x.shape))
print(repr(x.shape))
print(max(x.shape), min(x.shape), sum(x.shape))
