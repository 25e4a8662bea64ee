import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(15)

pred = torch.randn(6, 3, requires_grad=True)
target = torch.randn(6, 3)

losses = {
    "mse": nn.MSELoss(),
    "l1": nn.L1Loss(),
    "smooth_l1": nn.SmoothL1Loss(beta=0.5),
    "huber": nn.HuberLoss(delta=1.5),
    "mse_sum": nn.MSELoss(reduction="sum"),
}
for name, fn in losses.items():
    print(f"{name:10s} {fn(pred, target).item():.4f}")

logits = torch.randn(6, 3)
labels = torch.randint(0, 2, (6, 3)).float()
bce = nn.BCEWithLogitsLoss(pos_weight=torch.tensor([1.0, 2.0, 3.0]))
print(f"bce_pos_weight {bce(logits, labels).item():.4f}")
print(f"bce_plain      {F.binary_cross_entropy_with_logits(logits, labels).item():.4f}")
print(f"bce_sigmoid    {nn.BCELoss()(torch.sigmoid(logits), labels).item():.4f}")

cls_logits = torch.randn(8, 4)
cls_target = torch.tensor([0, 1, 2, 3, -100, 1, -100, 2])
ce = nn.CrossEntropyLoss(weight=torch.tensor([1.0, 0.5, 2.0, 1.0]), ignore_index=-100)
print(f"ce_weighted    {ce(cls_logits, cls_target).item():.4f}")
ce_ls = nn.CrossEntropyLoss(label_smoothing=0.1, ignore_index=-100)
print(f"ce_smooth      {ce_ls(cls_logits, cls_target).item():.4f}")
nll = nn.NLLLoss(reduction="none", ignore_index=-100)
print("nll_none", torch.round(nll(F.log_softmax(cls_logits, dim=1), cls_target) * 1e4) / 1e4)

p = F.log_softmax(torch.randn(4, 5), dim=1)
q = F.softmax(torch.randn(4, 5), dim=1)
kl = nn.KLDivLoss(reduction="batchmean")
print(f"kl_batchmean   {kl(p, q).item():.4f}")
print(f"kl_logtarget   {nn.KLDivLoss(reduction='sum', log_target=True)(p, q.log()).item():.4f}")

a = torch.randn(4, 6)
b = torch.randn(4, 6)
y = torch.tensor([1, -1, 1, -1])
cos = nn.CosineEmbeddingLoss(margin=0.2)
print(f"cosine_emb     {cos(a, b, y).item():.4f}")

anchor, pos, neg = torch.randn(5, 6), torch.randn(5, 6), torch.randn(5, 6)
trip = nn.TripletMarginLoss(margin=1.0, p=2)
print(f"triplet        {trip(anchor, pos, neg).item():.4f}")
print(f"margin_rank    {nn.MarginRankingLoss(margin=0.1)(a[:, 0], b[:, 0], y.float()).item():.4f}")

total = losses["mse"](pred, target) + 0.5 * losses["l1"](pred, target)
total.backward()
print(f"grad norm {pred.grad.norm().item():.4f}")
