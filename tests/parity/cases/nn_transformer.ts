# MultiheadAttention (self and cross attention, masks, key padding, batch_first, weights) and
# TransformerEncoderLayer/TransformerEncoder (post- and pre-norm, gelu) in training mode with
# dropout 0: init under manual_seed, outputs, gradients, printing.
import torch
import torch.nn as nn
from typing import Optional


def show(name: str, t: Optional[torch.Tensor]) -> None:
    if t is None:
        print(name, None)
        return
    # 3 digits: softmax and gelu differ from PyTorch in the last float bits
    print(name, list(t.shape), round(t.sum().item(), 3) + 0.0, round(t.abs().sum().item(), 3))


torch.manual_seed(0)
mha = nn.MultiheadAttention(8, 2)
print(mha, [n for n, _ in mha.named_parameters()])
x = torch.randn(5, 3, 8, requires_grad=True)
out, w = mha(x, x, x)
show("self.out", out)
show("self.weights", w)
(out.pow(2).sum()).backward()
show("x.grad", x.grad)
for n, p in mha.named_parameters():
    show(n, p.grad)
kv = torch.randn(4, 3, 8)
mask = torch.triu(torch.ones(5, 4, dtype=torch.bool), 1)
pad = torch.tensor([[False, False, False, True], [False, False, False, False], [False, True, False, False]])
out2, w2 = mha(x, kv, kv, key_padding_mask=pad, attn_mask=mask, average_attn_weights=False)
show("cross.out", out2)
show("cross.weights", w2)
mb = nn.MultiheadAttention(8, 4, batch_first=True)
o3, w3 = mb(torch.randn(2, 6, 8), torch.randn(2, 6, 8), torch.randn(2, 6, 8), need_weights=False)
show("batch_first", o3)
print(w3)

layer = nn.TransformerEncoderLayer(8, 2, dim_feedforward=16, dropout=0.0)
print(layer)
enc = nn.TransformerEncoder(layer, num_layers=2, norm=nn.LayerNorm(8))
print([n for n, _ in enc.named_parameters()][:6], len(enc.state_dict()))
src = torch.randn(5, 3, 8)
show("layer", layer(src))
show("encoder", enc(src, src_key_padding_mask=pad.repeat(1, 2)[:, :5]))
pre = nn.TransformerEncoderLayer(8, 4, dim_feedforward=12, dropout=0.0, activation="gelu", norm_first=True,
                                 batch_first=True)
y = pre(torch.randn(2, 5, 8))
show("prenorm", y)
y.sum().backward()
show("prenorm.linear1.grad", pre.linear1.weight.grad)
