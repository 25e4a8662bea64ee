import torch
import torch.nn.functional as F

torch.manual_seed(9)

def topk_accuracy(logits, target, topk=(1,)):
    maxk = max(topk)
    batch = target.size(0)
    _, pred = logits.topk(maxk, dim=1, largest=True, sorted=True)
    pred = pred.t()
    correct = pred.eq(target.view(1, -1).expand_as(pred))
    res = []
    for k in topk:
        correct_k = correct[:k].reshape(-1).float().sum(0, keepdim=True)
        res.append(correct_k.mul_(100.0 / batch))
    return res

logits = torch.randn(8, 5)
target = torch.randint(0, 5, (8,))
acc1, acc3 = topk_accuracy(logits, target, topk=(1, 3))
print(f"top1={acc1.item():.2f} top3={acc3.item():.2f}")

oh = F.one_hot(target, num_classes=5)
print(oh)
print(oh.dtype, oh.sum(dim=0))
print(F.one_hot(torch.tensor([0, 2, 1])))
try:
    F.one_hot(torch.tensor([0, 7]), num_classes=5)
except RuntimeError as e:
    print("RuntimeError:", e)

a = torch.randn(4, 3)
b = torch.randn(2, 3)
d = torch.cdist(a, b)
print(d.round(decimals=4))
manual = ((a[:, None, :] - b[None, :, :]) ** 2).sum(-1).sqrt()
print(torch.allclose(d, manual, atol=1e-5))
print(torch.cdist(a, b, p=1).round(decimals=4))
print(F.pairwise_distance(a[:2], b).round(decimals=4))
cs = F.cosine_similarity(a[:2], b, dim=1)
print(cs.round(decimals=4))
an = F.normalize(a, dim=1)
bn = F.normalize(b, dim=1)
sim = an @ bn.T
print(sim.round(decimals=4))
print(sim.argmax(dim=1))
print(F.cosine_similarity(torch.zeros(3), torch.ones(3), dim=0))

def confusion_matrix(pred, true, n):
    cm = torch.zeros(n, n, dtype=torch.long)
    for p, t in zip(pred.tolist(), true.tolist()):
        cm[t, p] += 1
    return cm

pred = logits.argmax(dim=1)
cm = confusion_matrix(pred, target, 5)
print(cm)
print("acc:", (cm.diag().sum() / cm.sum()).item())
cm2 = torch.bincount(target * 5 + pred, minlength=25).reshape(5, 5)
print(torch.equal(cm, cm2))
prec = cm.diag().float() / cm.sum(dim=0).clamp(min=1).float()
print(prec.round(decimals=3))
print(F.cross_entropy(logits, target).item() > 0)
print(round(F.cross_entropy(logits, target, label_smoothing=0.1).item(), 4))
