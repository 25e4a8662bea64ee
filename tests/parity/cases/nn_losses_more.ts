# The margin, embedding and likelihood losses with each reduction: values and input gradients.
import torch
import torch.nn as nn
from typing import List

torch.manual_seed(11)
x = torch.randn(4, 5, requires_grad=True)
x2 = torch.randn(4, 5, requires_grad=True)
signs = torch.tensor([[1., -1., 1., 1., -1.], [-1., 1., 1., -1., 1.], [1., 1., -1., -1., 1.],
                      [-1., -1., 1., 1., 1.]])
bits = (signs > 0).float()
pair = torch.tensor([1., -1., -1., 1.])
counts = torch.tensor([[0., 1., 2., 3., 4.], [1., 1., 0., 5., 2.], [3., 0., 1., 2., 2.], [2., 2., 2., 0., 1.]])
var = torch.rand(4, 5) + 0.1
for r in ["mean", "sum", "none"]:
    vals: List[torch.Tensor] = [nn.SoftMarginLoss(reduction=r)(x, signs),
                                nn.MultiLabelSoftMarginLoss(reduction=r)(x, bits),
                                nn.MultiLabelSoftMarginLoss(weight=torch.arange(1., 6.), reduction=r)(x, bits),
                                nn.HingeEmbeddingLoss(margin=0.5, reduction=r)(x, signs),
                                nn.MarginRankingLoss(margin=0.2, reduction=r)(x[:, 0], x2[:, 0], pair),
                                nn.CosineEmbeddingLoss(margin=0.1, reduction=r)(x, x2, pair),
                                nn.PoissonNLLLoss(reduction=r)(x, counts),
                                nn.PoissonNLLLoss(log_input=False, full=True, reduction=r)(x.abs() + 0.5, counts),
                                nn.GaussianNLLLoss(reduction=r)(x, x2.detach(), var),
                                nn.GaussianNLLLoss(full=True, reduction=r)(x, x2.detach(), var[:, :1])]
    for v in vals:
        s = v.sum()
        x.grad = None
        s.backward(retain_graph=True)
        g = x.grad
        assert g is not None
        print(r, round(s.item(), 4) + 0.0, round(g.abs().sum().item(), 4))
print(nn.SoftMarginLoss(), nn.HingeEmbeddingLoss(), nn.MarginRankingLoss(), nn.PoissonNLLLoss(), nn.GaussianNLLLoss())
