# Every loss module with each reduction: values and input gradients.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(7)
x = torch.randn(4, 5, requires_grad=True)
t = torch.randn(4, 5)
labels = torch.tensor([1, 0, 4, 2])
probs = torch.rand(4, 5) * 0.9 + 0.05
bits = (torch.rand(4, 5) > 0.5).float()
w = torch.tensor([1.0, 2.0, 0.5, 1.0, 1.5])
for r in ["mean", "sum", "none"]:
    losses = [nn.MSELoss(reduction=r)(x, t), nn.L1Loss(reduction=r)(x, t), nn.SmoothL1Loss(reduction=r, beta=0.5)(x, t),
              nn.HuberLoss(reduction=r, delta=0.7)(x, t), nn.CrossEntropyLoss(reduction=r)(x, labels),
              nn.CrossEntropyLoss(weight=w, reduction=r)(x, labels),
              nn.CrossEntropyLoss(reduction=r, label_smoothing=0.1)(x, labels),
              nn.CrossEntropyLoss(reduction=r, ignore_index=0)(x, labels),
              nn.NLLLoss(reduction=r)(F.log_softmax(x, 1), labels),
              nn.BCELoss(reduction=r)(torch.sigmoid(x), bits), nn.BCEWithLogitsLoss(reduction=r)(x, bits),
              nn.BCEWithLogitsLoss(reduction=r, pos_weight=w)(x, bits),
              nn.KLDivLoss(reduction=r)(F.log_softmax(x, 1), probs)]
    for loss in losses:
        s = loss.sum()
        x.grad = None
        s.backward()
        g = x.grad
        assert g is not None
        print(r, round(s.item(), 5), round(g.abs().sum().item(), 4))
kl = nn.KLDivLoss(reduction="batchmean")(F.log_softmax(x, 1), probs)
print(round(kl.item(), 5))
print(nn.MSELoss(), nn.CrossEntropyLoss(label_smoothing=0.1), nn.BCEWithLogitsLoss())
