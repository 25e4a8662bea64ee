# ctc_loss with an impossible alignment: an infinite loss whose gradient is NaN at the item's
# steps before its input length (0 after it) unless zero_infinity, for each reduction; and
# as_strided's backward, which keeps only its input's geometry (an in-place write into the
# input afterwards does not stop the backward).
import torch
import torch.nn.functional as F

torch.manual_seed(0)
lp = torch.randn(4, 2, 4, dtype=torch.float64).log_softmax(2).detach().requires_grad_()
targets = torch.tensor([[1, 1, 2], [1, 2, 3]])
il = torch.tensor([3, 4])
tl = torch.tensor([3, 2])
for red in ["none", "mean", "sum"]:
    for zi in [False, True]:
        loss = F.ctc_loss(lp, targets, il, tl, reduction=red, zero_infinity=zi)
        print(red, zi, loss.detach())
        g, = torch.autograd.grad(loss.sum(), lp)
        print(g)
ctc = torch.nn.CTCLoss(reduction="none")
loss = ctc(lp, targets, il, tl)
g1 = torch.autograd.grad(loss[1], lp)[0]
print(loss.detach(), g1)
lp1 = lp[:, 0].detach().requires_grad_()
loss1 = F.ctc_loss(lp1, torch.tensor([1, 1, 2]), torch.tensor([3]), torch.tensor([3]), reduction="sum")
loss1.backward()
print(loss1.detach(), lp1.grad)

a = torch.randn(6, dtype=torch.float64, requires_grad=True)
b = a * 1
v = b.as_strided((2, 2), (1, 2), 1)
out = v * 3
b.add_(1)
out.sum().backward()
print(a.grad)
c = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
d = c * 2
w = d.as_strided((2, 3), (2, 1), 1)
e = (w * 5).sum()
d.mul_(2)
print(torch.autograd.grad(e, c)[0])
print(w)
