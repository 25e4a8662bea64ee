# nn.init functions under manual_seed, and every layer's default initialization.
import torch
import torch.nn as nn
import torch.nn.init as init
from typing import List


def show(name: str, t: torch.Tensor) -> None:
    print(name, list(t.shape), round(t.sum().item(), 4) + 0.0, round(t.abs().max().item(), 4))


torch.manual_seed(0)
w = torch.empty(6, 4)
show("uniform_", init.uniform_(w, -0.5, 0.5))
show("normal_", init.normal_(w, 1.0, 0.1))
show("constant_", init.constant_(w, 0.3))
show("xavier_uniform_", init.xavier_uniform_(w, gain=init.calculate_gain("relu")))
show("xavier_normal_", init.xavier_normal_(w))
show("kaiming_uniform_", init.kaiming_uniform_(w, mode="fan_out", nonlinearity="relu"))
show("kaiming_normal_", init.kaiming_normal_(w, a=0.1))
show("trunc_normal_", init.trunc_normal_(w, std=0.5, a=-0.6, b=0.6))
show("eye_", init.eye_(w))
show("orthogonal_", init.orthogonal_(w))
wt = init.orthogonal_(torch.empty(3, 5), gain=2.0)
print([[round(v, 4) + 0.0 for v in r] for r in (wt @ wt.t()).tolist()])
k = torch.empty(4, 2, 3, 3)
show("dirac_", init.dirac_(k, groups=2))
print([round(float(init.calculate_gain(n)), 6) for n in ["linear", "sigmoid", "tanh", "relu", "selu"]],
      round(init.calculate_gain("leaky_relu", 0.2), 6))
mods: List[nn.Module] = [nn.Linear(5, 3), nn.Conv1d(2, 3, 3), nn.Conv2d(2, 4, 3, groups=2), nn.Embedding(4, 3),
                         nn.LSTM(3, 2), nn.GRUCell(2, 3), nn.BatchNorm1d(3), nn.LayerNorm([2, 3]), nn.PReLU()]
for m in mods:
    for n, p in m.named_parameters():
        show(repr(m).split("(")[0] + "." + n, p.detach())
