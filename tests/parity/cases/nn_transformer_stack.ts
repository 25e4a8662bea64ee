# TransformerEncoderLayer options (relu/gelu, norm_first, batch_first, layer_norm_eps,
# dim_feedforward) stacked in TransformerEncoder with a final norm, src_mask and
# src_key_padding_mask, in training mode with dropout 0 and in eval mode: outputs and gradients.
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


torch.manual_seed(18)
post = nn.TransformerEncoderLayer(8, 2, dim_feedforward=16, dropout=0.0)
pre = nn.TransformerEncoderLayer(8, 4, dim_feedforward=12, dropout=0.0, activation="gelu", norm_first=True,
                                 layer_norm_eps=1e-3)
bf = nn.TransformerEncoderLayer(8, 2, dim_feedforward=10, dropout=0.0, batch_first=True)
print(post)
print([(n, list(p.shape)) for n, p in pre.named_parameters()])
x = torch.randn(5, 3, 8, requires_grad=True)
for name, layer in [("post", post), ("pre", pre)]:
    y = layer(x)
    show(name, y)
    x.grad = None
    (y * torch.linspace(-1.0, 1.0, 8)).sum().backward()
    show("  x.grad", x.grad)
    show("  linear1.weight.grad", layer.linear1.weight.grad)
    show("  norm2.weight.grad", dict(layer.named_parameters())["norm2.weight"].grad)
show("batch_first", bf(x.transpose(0, 1)))
enc = nn.TransformerEncoder(post, num_layers=2, norm=nn.LayerNorm(8))
print(enc)
print(len(list(enc.parameters())), [n for n, _ in enc.named_parameters()][:4])
mask = torch.triu(torch.full((5, 5), float("-inf")), diagonal=1)
kpm = torch.tensor([[False] * 5, [False, False, False, True, True], [False] * 4 + [True]])
y = enc(x, mask=mask, src_key_padding_mask=kpm.t().t())
show("encoder masked", y)
x.grad = None
y.sin().sum().backward()
show("  x.grad", x.grad)
show("  layers.1.linear2.weight.grad", dict(enc.named_parameters())["layers.1.linear2.weight"].grad)
enc.eval()
with torch.no_grad():
    show("encoder eval", enc(x))
show("encoder unbatched", enc(torch.randn(4, 8)))
try:
    nn.TransformerEncoderLayer(8, 2, activation="swish")
except RuntimeError as e:
    print("RuntimeError:", e)
