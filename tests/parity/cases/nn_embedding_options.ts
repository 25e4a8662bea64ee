# Embedding (padding_idx, negative padding_idx) and EmbeddingBag (sum/mean/max with offsets, 2-d input,
# per_sample_weights, include_last_offset, padding_idx): outputs and weight gradients.
import math
import torch
import torch.nn as nn
import torch.nn.functional as F
from typing import Optional


def sig(v: float) -> float:
    # four significant digits; values below 1e-3 (sums that are zero in exact arithmetic) print as 0.0
    if abs(v) < 1e-3:
        return 0.0
    return round(v, 3 - int(math.floor(math.log10(abs(v))))) + 0.0


def show(name: str, t: Optional[torch.Tensor]) -> None:
    if t is None:
        print(name, None)
        return
    print(name, list(t.shape), sig(t.sum().item()), sig(t.abs().sum().item()))


torch.manual_seed(6)
e1 = nn.Embedding(8, 3, padding_idx=2)
e2 = nn.Embedding(8, 3, padding_idx=-1)
print(e1, e2)
print(e1.weight[2].tolist(), e2.padding_idx, e2.weight[7].tolist())
idx = torch.tensor([[1, 2, 7], [7, 2, 1], [0, 0, 5]])
for name, e in [("pad", e1), ("negpad", e2)]:
    out = e(idx)
    show(name, out)
    (out * torch.arange(3.0)).sum().backward()
    g = e.weight.grad
    assert g is not None
    print("  grad rows", [round(v, 4) for v in g.sum(1).tolist()])
show("noncontig idx", e1(idx.t()))
show("empty idx", e1(torch.zeros(0, 2, dtype=torch.long)))
inp = torch.tensor([1, 2, 4, 5, 4, 3, 2, 6])
offs = torch.tensor([0, 3, 3, 5])
for mode in ["sum", "mean", "max"]:
    bag = nn.EmbeddingBag(8, 3, mode=mode)
    print(bag)
    out = bag(inp, offs)
    show("  bag", out)
    out.pow(2).sum().backward()
    show("  grad", bag.weight.grad)
    show("  2-d", bag(torch.tensor([[1, 2], [3, 3], [0, 7]])))
    show("  last offset", nn.EmbeddingBag(8, 3, mode=mode, include_last_offset=True)(inp, torch.tensor([0, 2, 5, 8])))
ws = nn.EmbeddingBag(8, 2, mode="sum")
psw = torch.linspace(0.5, 2.0, 8)
show("per_sample_weights", ws(inp, offs, per_sample_weights=psw))
pbag = nn.EmbeddingBag(8, 2, mode="mean", padding_idx=4)
show("bag padding_idx", pbag(inp, offs))
try:
    e1(torch.tensor([8]))
except IndexError as e:
    print("IndexError:", e)
try:
    nn.Embedding(4, 2, padding_idx=4)
except AssertionError as e:
    print("AssertionError:", e)
# max_norm / norm_type renormalize the looked-up rows in place; from_pretrained; F.embedding's max_norm
torch.manual_seed(9)
en = nn.Embedding(8, 3, max_norm=1.0, norm_type=2.0)
print(en)
eo = en(torch.tensor([[1, 2, 2], [5, 1, 0]]))
print([round(v, 4) for v in eo.norm(dim=-1).flatten().tolist()])
print([round(v, 4) for v in en.weight.norm(dim=1).tolist()])
eo.sum().backward()
gn = en.weight.grad
assert gn is not None
print(gn.sum(1).tolist())
e3 = nn.Embedding(6, 4, max_norm=0.5, norm_type=1.0, scale_grad_by_freq=True)
print(e3)
o3 = e3(torch.tensor([0, 3, 3, 4]))
print([round(v, 4) for v in o3.abs().sum(1).tolist()])
o3.sum().backward()
g3 = e3.weight.grad
assert g3 is not None
print(g3.sum(1).tolist())
fz = nn.Embedding.from_pretrained(torch.arange(12.0).reshape(4, 3), freeze=False, padding_idx=0)
print(fz, fz.weight.requires_grad, fz.weight[0].tolist())
r = fz(torch.tensor([0, 2, 0, 3]))
r.sum().backward()
gz = fz.weight.grad
assert gz is not None
print(r.tolist(), gz.tolist())
fr = nn.Embedding.from_pretrained(torch.ones(3, 2))
print(fr, fr.weight.requires_grad)
fm = nn.Embedding.from_pretrained(torch.arange(12.0).reshape(4, 3), max_norm=2.0)
print([[round(v, 5) for v in row] for row in fm(torch.tensor([3, 1])).tolist()])
show("max_norm noncontig idx", fm(torch.tensor([[3, 1], [2, 3]]).t()))
print([[round(v, 5) for v in row] for row in F.embedding(torch.tensor([1, 2]), torch.arange(9.0).reshape(3, 3),
                                                         max_norm=3.0).tolist()])
print(F.embedding(torch.tensor([1, 2]), torch.arange(9.0).reshape(3, 3), padding_idx=-1).tolist())
show("max_norm empty idx", nn.Embedding(3, 2, max_norm=1.0)(torch.zeros(0, dtype=torch.long)))
try:
    nn.Embedding.from_pretrained(torch.ones(3))
except AssertionError as e:
    print("AssertionError:", e)
