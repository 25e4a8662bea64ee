import torch
import torch.nn.functional as F
def lstm_cell(x, hx, cx, w_ih, w_hh):
    gates = x.mm(w_ih.t()) + hx.mm(w_hh.t())
    i, f, g, o = gates.chunk(4, 1)
    i = torch.sigmoid(i)
    f = torch.sigmoid(f)
    g = torch.tanh(g)
    o = torch.sigmoid(o)
    cy = f * cx + i * g
    hy = o * torch.tanh(cy)
    return hy, cy


torch.manual_seed(0)
x, hx, cx = torch.randn(2, 3), torch.randn(2, 4), torch.randn(2, 4)
w_ih, w_hh = torch.randn(16, 3), torch.randn(16, 4)
hy, cy = lstm_cell(x, hx, cx, w_ih, w_hh)
print(hy)
print(F.relu(cy))
