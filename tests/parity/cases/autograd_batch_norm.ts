# batch_norm's native kernels: training/eval forward, running statistics, first and second
# derivatives (torch.autograd.grad with create_graph) against PyTorch.
import torch
torch.manual_seed(0)
x = torch.randn(8, 3, 5, 4, dtype=torch.float64, requires_grad=True)
w = torch.randn(3, dtype=torch.float64, requires_grad=True)
b = torch.randn(3, dtype=torch.float64, requires_grad=True)
rm = torch.zeros(3, dtype=torch.float64)
rv = torch.ones(3, dtype=torch.float64)
y = torch.batch_norm(x, w, b, rm, rv, True, 0.1, 1e-5, False)
print(y.requires_grad)
g = torch.randn(8, 3, 5, 4, dtype=torch.float64)
gx, gw, gb = torch.autograd.grad(y, [x, w, b], g, create_graph=True)
print(round(gx.sum().item(), 6) + 0.0, gw.detach(), gb.detach())
s = (gx * gx).sum() + (gw * gw).sum()
print(torch.autograd.grad(s, [x, w])[1])
print(rm, rv)
xf = torch.randn(4, 3, dtype=torch.float32, requires_grad=True)
yf = torch.batch_norm(xf, None, None, None, None, True, 0.1, 1e-5, False)
yf.pow(3).sum().backward()
print(xf.grad)
yv = torch.batch_norm(x, w, b, rm, rv, False, 0.1, 1e-5, False)
yv.sum().backward()
print(w.grad, round(x.grad.sum().item(), 6))

# Double backward through native_batch_norm_backward (NativeBatchNormBackwardBackward0):
# gradients of the input gradient with respect to input, weight and the incoming gradient, in
# training and evaluation mode, with and without weight.
import torch.nn.functional as F
torch.manual_seed(1)
cosw = torch.arange(60.0, dtype=torch.float64).reshape(4, 3, 5).cos()
for training in [True, False]:
    for affine in [True, False]:
        x2 = torch.randn(4, 3, 5, dtype=torch.float64, requires_grad=True)
        w2 = torch.randn(3, dtype=torch.float64, requires_grad=True)
        b2 = torch.randn(3, dtype=torch.float64, requires_grad=True)
        rm2 = torch.randn(3, dtype=torch.float64)
        rv2 = torch.rand(3, dtype=torch.float64) + 0.5
        go = torch.randn(4, 3, 5, dtype=torch.float64, requires_grad=True)
        if affine:
            y2 = F.batch_norm(x2, rm2, rv2, w2, b2, training=training)
            gx2, gw2 = torch.autograd.grad(y2, [x2, w2], go, create_graph=True)
            s2 = (gx2 * cosw).sum() + (gw2 * gw2).sum()
            wrt = [x2, w2, go]
        else:
            y2 = F.batch_norm(x2, rm2, rv2, training=training)
            gx2, = torch.autograd.grad(y2, [x2], go, create_graph=True)
            s2 = (gx2 * cosw).sum()
            wrt = [x2, go]
        print(training, affine, round(gx2.abs().sum().item(), 8))
        sec = torch.autograd.grad(s2, wrt, allow_unused=True)
        for t in sec:
            if t is None:
                print(None)
            else:
                print(round(t.sum().item(), 6) + 0.0, round(t.abs().sum().item(), 8))
x3 = torch.randn(4, 3, 2, dtype=torch.float64, requires_grad=True)
w3 = torch.randn(3, dtype=torch.float64, requires_grad=True)
b3 = torch.randn(3, dtype=torch.float64, requires_grad=True)
gx3, = torch.autograd.grad((F.batch_norm(x3, None, None, w3, b3, training=True) ** 3).sum(), x3, create_graph=True)
gx3.pow(2).sum().backward()
print(round(x3.grad.abs().sum().item(), 6), round(w3.grad.sum().item(), 6))
xs = torch.tensor([[1.0, -2.0], [0.5, 3.0], [-1.0, 0.0]], requires_grad=True)
gs, = torch.autograd.grad(F.batch_norm(xs, None, None, training=True).pow(3).sum(), xs, create_graph=True)
print(gs)
