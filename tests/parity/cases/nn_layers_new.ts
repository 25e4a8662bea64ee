# The newer torch.nn modules: printing, default init under manual_seed, state_dict keys, forward
# and backward (EmbeddingBag, Conv3d, 3-D pools, unpooling, Fold/Unfold, distances, padding,
# dropout variants, LocalResponseNorm, LPPool, Softmin) and the margin/CTC loss modules.
import torch
import torch.nn as nn
import torch.nn.functional as F
from typing import Optional, List


def show(name: str, t: Optional[torch.Tensor]) -> None:
    if t is None:
        print(name, None)
        return
    d = t.detach().double()
    print(name, list(t.shape), round(d.sum().item(), 3) + 0.0, round(d.abs().sum().item(), 3))


torch.manual_seed(0)
bag = nn.EmbeddingBag(10, 3)
bag2 = nn.EmbeddingBag(10, 3, mode="sum", padding_idx=-2, scale_grad_by_freq=False)
bag3 = nn.EmbeddingBag(6, 2, max_norm=1.5, norm_type=1.0, mode="max")
print(bag, bag2, bag3)
print(list(bag.state_dict().keys()), bag2.weight[8])
show("bag.weight", bag.weight)
idx = torch.tensor([1, 2, 4, 5, 4, 3, 2, 9])
offs = torch.tensor([0, 4])
out = bag(idx, offs)
show("bag", out)
show("bag2", bag2(idx, offs, per_sample_weights=torch.linspace(0, 1, 8)))
show("bag2d", bag(torch.tensor([[1, 2, 3], [0, 0, 9]])))
out.pow(2).sum().backward()
show("bag.grad", bag.weight.grad)
print(bag3(torch.tensor([[0, 2, 3], [3, 5, 5]])).detach())
print(bag3.weight)
pre = nn.EmbeddingBag.from_pretrained(torch.arange(12.).view(4, 3))
print(pre, pre.weight.requires_grad)
print(pre(torch.tensor([[0, 1], [2, 3]])))
pre2 = nn.EmbeddingBag.from_pretrained(torch.arange(12.).view(4, 3), freeze=False, mode="sum")
print(pre2, pre2.weight.requires_grad)

c3 = nn.Conv3d(2, 4, 3, stride=(1, 2, 2), padding=1)
c3b = nn.Conv3d(4, 4, (1, 2, 3), groups=2, bias=False, dilation=(1, 2, 1))
print(c3, c3b)
print([(n, list(p.shape)) for n, p in c3.named_parameters()])
show("c3.weight", c3.weight)
show("c3.bias", c3.bias)
vol = torch.randn(2, 2, 4, 6, 6, requires_grad=True)
y = c3b(c3(vol))
show("conv3d", y)
y.pow(2).sum().backward()
show("vol.grad", vol.grad)
show("c3.weight.grad", c3.weight.grad)
mp3 = nn.MaxPool3d(2)
mp3b = nn.MaxPool3d((1, 3, 3), stride=(1, 2, 2), padding=(0, 1, 1), ceil_mode=True)
ap3 = nn.AvgPool3d(2, stride=1)
ap3b = nn.AvgPool3d((2, 3, 3), padding=1, count_include_pad=False)
print(mp3, mp3b, ap3, ap3b)
for pm in [mp3, mp3b, ap3, ap3b]:
    show("pool3d", pm(vol))
unp = nn.MaxUnpool2d(2)
unp1 = nn.MaxUnpool1d(2, stride=2)
print(unp, unp1)
print(unp(torch.tensor([[[[5., 7.], [13., 15.]]]]), torch.tensor([[[[5, 7], [13, 15]]]])))
print(unp1(torch.tensor([[[3., 9.]]]), torch.tensor([[[1, 2]]]), output_size=[5]))

uf = nn.Unfold(kernel_size=(2, 3), padding=1, stride=2)
fd = nn.Fold(output_size=(5, 6), kernel_size=(2, 3), padding=1, stride=2)
print(uf, fd)
img = torch.randn(1, 2, 5, 6)
show("unfold", uf(img))
show("fold", fd(uf(img)))
cs = nn.CosineSimilarity()
pd = nn.PairwiseDistance(p=1.0, keepdim=True)
print(cs, pd)
a = torch.randn(3, 4)
b = torch.randn(3, 4)
show("cs", cs(a, b))
show("pd", pd(a, b))

x = torch.arange(12.).view(1, 1, 3, 4)
pads: List[nn.Module] = [nn.ZeroPad2d(1), nn.ZeroPad2d((1, 0, 2, 1)), nn.ConstantPad2d((0, 1, 1, 0), 2.5),
                         nn.ReflectionPad2d(1), nn.ReflectionPad2d((2, 0, 1, 2)), nn.ReplicationPad2d((1, 2, 0, 1))]
for m in pads:
    print(m)
    print(m(x)[0, 0])
seq = torch.arange(6.).view(1, 2, 3)
pads1: List[nn.Module] = [nn.ConstantPad1d(2, -1.0), nn.ConstantPad1d((1, 0), 0.5), nn.ReflectionPad1d((2, 1)),
                          nn.ReplicationPad1d(2)]
for m in pads1:
    print(m)
    print(m(seq))
cube = torch.arange(8.).view(1, 1, 2, 2, 2)
pads3: List[nn.Module] = [nn.ConstantPad3d(1, 3.5), nn.ReplicationPad3d((1, 0, 0, 1, 1, 0))]
for m in pads3:
    print(m)
    show("pad3d", m(cube))

ps = nn.PixelShuffle(3)
pu = nn.PixelUnshuffle(2)
print(ps, pu)
pix = torch.randn(2, 3, 18, 4, 6, requires_grad=True)
show("pixel_shuffle", ps(pix))
show("pixel_unshuffle", pu(pix))
(ps(pix).pow(2).sum() + pu(pix)[:, :, 0].sum()).backward()
show("pix.grad", pix.grad)
print(pu(torch.arange(16.).view(1, 1, 4, 4))[0, :, 0])

torch.manual_seed(5)
drops: List[nn.Module] = [nn.Dropout1d(), nn.Dropout3d(0.3), nn.AlphaDropout(0.2), nn.FeatureAlphaDropout(0.4)]
for m in drops:
    print(m)
print(drops[0](torch.ones(2, 3, 2)))
print(drops[1](torch.ones(1, 4, 1, 1, 2))[0, :, 0, 0])
show("alpha", drops[2](torch.randn(3, 4)))
show("falpha", drops[3](torch.randn(2, 4, 3)))
drops[2].eval()
show("alpha.eval", drops[2](torch.ones(3, 4)))

lrn = nn.LocalResponseNorm(3, alpha=0.001, k=2.0)
lp1 = nn.LPPool1d(2, 3, stride=2)
lp2 = nn.LPPool2d(1.5, (2, 2))
sm = nn.Softmin(dim=1)
print(lrn, lp1, lp2, sm)
t = torch.randn(2, 5, 4, 4).abs()
show("lrn", lrn(t))
show("lp1", lp1(t[:, :, 0, :]))
show("lp2", lp2(t))
show("softmin", sm(t))

torch.manual_seed(9)
inp = torch.randn(4, 5, requires_grad=True)
tgt = torch.tensor([1, 0, 4, 2])
losses: List[nn.MultiMarginLoss] = [nn.MultiMarginLoss(), nn.MultiMarginLoss(p=2, margin=0.5, weight=torch.arange(1., 6.)),
                           nn.MultiMarginLoss(reduction="sum"), nn.MultiMarginLoss(reduction="none")]
for mm in losses:
    print(mm)
    show("mm", mm(inp, tgt))
F.multi_margin_loss(inp, tgt, p=2, margin=0.7).backward()
show("inp.grad", inp.grad)
ml = torch.tensor([[3, 0, -1, 1, 2], [1, 2, 4, -1, 0], [0, -1, 3, 2, 1], [4, 3, 2, 1, 0]])
for r in ["mean", "sum", "none"]:
    show("mlm " + r, nn.MultiLabelMarginLoss(reduction=r)(inp, ml))
inp.grad = None
F.multilabel_margin_loss(inp, ml).backward()
show("inp.grad", inp.grad)
anc = torch.randn(5, 6, requires_grad=True)
pos = torch.randn(5, 6)
neg = torch.randn(5, 6)
tms: List[nn.TripletMarginLoss] = [nn.TripletMarginLoss(), nn.TripletMarginLoss(margin=2.0, p=1, swap=True),
                        nn.TripletMarginLoss(reduction="none", eps=1e-3)]
for tm in tms:
    print(tm)
    show("tml", tm(anc, pos, neg))
F.triplet_margin_loss(anc, pos, neg, margin=1.5).backward()
show("anc.grad", anc.grad)
show("tml0", nn.TripletMarginLoss(margin=0.0, p=3.0)(anc, pos, neg))

torch.manual_seed(13)
T, N, C, S = 12, 3, 6, 4
logits = torch.randn(T, N, C, requires_grad=True)
lp = logits.log_softmax(2)
targets = torch.randint(1, C, (N, S), dtype=torch.long)
il = torch.tensor([12, 10, 11])
tl = torch.tensor([4, 3, 2])
ctcs: List[nn.CTCLoss] = [nn.CTCLoss(), nn.CTCLoss(reduction="sum"), nn.CTCLoss(blank=0, reduction="none", zero_infinity=True)]
for cm in ctcs:
    print(cm)
    show("ctc", cm(lp, targets, il, tl))
F.ctc_loss(lp, targets, il, tl).backward()
show("logits.grad", logits.grad)
flat = torch.cat([targets[0, :4], targets[1, :3], targets[2, :2]])
show("ctc.flat", F.ctc_loss(lp, flat, il, tl, reduction="sum"))
