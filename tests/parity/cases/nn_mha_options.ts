# MultiheadAttention options: bias=False, float and bool
# attn_mask, 3-d attn_mask, key_padding_mask, need_weights=False, average_attn_weights=False,
# batch_first and unbatched inputs: outputs, weights and gradients.
import math
import torch
import torch.nn as nn
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


torch.manual_seed(17)
mha = nn.MultiheadAttention(8, 2)
kv = nn.MultiheadAttention(8, 4, bias=False)
bf = nn.MultiheadAttention(4, 1, batch_first=True)
print(mha, kv, bf)
for m in [mha, kv, bf]:
    print([(n, list(p.shape)) for n, p in m.named_parameters()])
q = torch.randn(3, 2, 8, requires_grad=True)
out, w = mha(q, q, q)
show("self", out)
show("weights", w)
out.sum().backward()
show("q.grad", q.grad)
show("in_proj_weight.grad", mha.in_proj_weight.grad)
show("out_proj.weight.grad", mha.out_proj.weight.grad)
causal = torch.triu(torch.ones(3, 3, dtype=torch.bool), diagonal=1)
o2, w2 = mha(q, q, q, attn_mask=causal, average_attn_weights=False)
show("causal", o2)
show("per-head", w2)
fmask = torch.zeros(3, 3)
fmask[0, 2] = float("-inf")
fmask[1, 0] = -1.0
o3, w3 = mha(q, q, q, attn_mask=fmask)
show("float mask", o3)
kpm = torch.tensor([[False, False, True], [False, True, True]])
o4, w4 = mha(q, q, q, key_padding_mask=kpm)
show("key padding", o4)
show("key padding w", w4)
m3 = torch.zeros(4, 3, 3)
m3[:, 0, 1] = -2.0
o5, w5 = mha(q, q, q, attn_mask=m3, need_weights=False)
show("3-d mask", o5)
print(w5)
k = torch.randn(4, 2, 8, requires_grad=True)
v = torch.randn(4, 2, 8, requires_grad=True)
o6, w6 = kv(q, k, v)
show("cross no bias", o6)
show("cross w", w6)
o6.pow(2).sum().backward()
show("k.grad", k.grad)
show("v.grad", v.grad)
xb = torch.randn(2, 3, 4)
o8, w8 = bf(xb, xb, xb)
show("batch_first", o8)
o9, w9 = mha(torch.randn(3, 8), torch.randn(4, 8), torch.randn(4, 8))
show("unbatched", o9)
show("unbatched w", w9)
try:
    nn.MultiheadAttention(7, 2)
except AssertionError as e:
    print("AssertionError:", e)


# kdim/vdim (separate q/k/v projection weights), add_bias_kv and add_zero_attn, with masks
def mha_extra() -> None:
    torch.manual_seed(12)
    m = nn.MultiheadAttention(8, 4, kdim=5, vdim=3)
    print(m)
    print([(n, list(p.shape)) for n, p in m.named_parameters()])
    print(m.in_proj_weight is None, list(m.state_dict().keys()))
    q = torch.randn(4, 2, 8, requires_grad=True)
    k = torch.randn(6, 2, 5)
    v = torch.randn(6, 2, 3)
    out, wts = m(q, k, v)
    show("kv out", out)
    show("kv weights", wts)
    out.pow(2).sum().backward()
    show("  grad q", q.grad)
    show("  grad k_proj", m.k_proj_weight.grad if m.k_proj_weight is not None else None)
    kpm = torch.tensor([[False, False, True, False, False, True], [False, False, False, False, False, False]])
    o2, w2 = m(q, k, v, key_padding_mask=kpm, average_attn_weights=False)
    show("kv kpm", o2)
    show("kv kpm weights", w2)
    m2 = nn.MultiheadAttention(6, 3, add_bias_kv=True, add_zero_attn=True)
    print([(n, list(p.shape)) for n, p in m2.named_parameters()])
    show("bias_k", m2.bias_k)
    x = torch.randn(5, 2, 6)
    o3, w3 = m2(x, x, x)
    show("bias/zero out", o3)
    show("bias/zero weights", w3)
    am = torch.triu(torch.ones(5, 5, dtype=torch.bool), 1)
    o4, w4 = m2(x, x, x, attn_mask=am, key_padding_mask=torch.tensor([[False] * 4 + [True], [False] * 5]))
    show("masked out", o4)
    show("masked weights", w4)
    o5, w5 = m2(x, x, x, attn_mask=torch.randn(6, 5, 5))
    show("float 3d mask", o5)
    m3 = nn.MultiheadAttention(6, 2, add_zero_attn=True, batch_first=True, kdim=4, vdim=4, bias=False)
    print([(n, list(p.shape)) for n, p in m3.named_parameters()])
    o6, w6 = m3(torch.randn(2, 3, 6), torch.randn(2, 5, 4), torch.randn(2, 5, 4))
    show("batch_first kdim", o6)
    show("  weights", w6)
    o7, w7 = m3(torch.randn(3, 6), torch.randn(5, 4), torch.randn(5, 4))
    show("unbatched", o7)
    show("  weights", w7)
    m4 = nn.MultiheadAttention(6, 3, add_bias_kv=True)
    o8, w8 = m4(torch.randn(4, 6), torch.randn(4, 6), torch.randn(4, 6))
    show("unbatched bias_kv", o8)
    show("  weights", w8)


mha_extra()
