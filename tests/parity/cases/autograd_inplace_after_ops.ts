# In-place writes into the outputs of ops that keep only some of their results for the backward
# (batch norm, max pooling, sort, topk, max over a dim, nll_loss) and of ops whose kernels build
# their result as a view of a temporary (conv1d): PyTorch allows them, and the gradients reach
# the parameters.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)

net = nn.Sequential(nn.Conv1d(1, 2, 3), nn.ReLU(inplace=True))
net(torch.ones(2, 1, 4)).sum().backward()
print("conv1d", net[0].weight.grad)

block = nn.Sequential(nn.Conv2d(1, 2, 3), nn.BatchNorm2d(2), nn.ReLU(inplace=True), nn.MaxPool2d(2), nn.ReLU(inplace=True))
out = block(torch.randn(4, 1, 6, 6))
out.sum().backward()
print("bn+pool", round(block[0].weight.grad.abs().sum().item(), 4), round(block[1].weight.grad.abs().sum().item(), 4))

x = torch.randn(5, requires_grad=True)
s, idx = torch.sort(x * 2)
s.mul_(3)
s.sum().backward()
print("sort", x.grad, idx)

y = torch.randn(3, 4, requires_grad=True)
v, i = (y + 1).max(dim=1)
v.add_(1)
(v * v).sum().backward()
print("max", y.grad)

z = torch.randn(6, requires_grad=True)
t, ti = torch.topk(z.exp(), 3)
t.sqrt_()
t.sum().backward()
print("topk", z.grad)


class Residual(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.conv = nn.Conv1d(c, c, 3, padding=1)
        self.bn = nn.BatchNorm1d(c)

    def forward(self, x):
        out = self.bn(self.conv(x))
        out += x
        return F.relu(out, inplace=True)


r = Residual(3)
r(torch.randn(2, 3, 5)).pow(2).mean().backward()
print("residual", round(r.conv.weight.grad.norm().item(), 4), round(r.bn.bias.grad.norm().item(), 4))
