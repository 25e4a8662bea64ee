# RNN, LSTM, GRU (layers, bidirectional, batch_first, initial states) and their cells: default
# init under manual_seed, parameter names, outputs, final states and gradients.
import torch
import torch.nn as nn
from typing import Optional


def show(name: str, t: Optional[torch.Tensor]) -> None:
    if t is None:
        print(name, None)
        return
    print(name, list(t.shape), round(t.sum().item(), 4) + 0.0, round(t.abs().sum().item(), 4))


torch.manual_seed(0)
lstm = nn.LSTM(3, 4, num_layers=2, bidirectional=True)
print(lstm, [n for n, _ in lstm.named_parameters()])
x = torch.randn(5, 2, 3, requires_grad=True)
out, (h, c) = lstm(x)
show("lstm.out", out)
show("lstm.h", h)
show("lstm.c", c)
(out.pow(2).sum() + h.sum() + c.sum()).backward()
show("x.grad", x.grad)
for n, p in lstm.named_parameters():
    show(n, p.grad)
gru = nn.GRU(3, 5, batch_first=True)
print(gru)
xb = torch.randn(2, 4, 3)
h0 = torch.randn(1, 2, 5)
o2, hn = gru(xb, h0)
show("gru.out", o2)
show("gru.h", hn)
rnn = nn.RNN(3, 2, nonlinearity="relu", bias=False)
print(rnn)
o3, h3 = rnn(torch.randn(4, 3))
show("rnn.unbatched", o3)
show("rnn.h", h3)
cell = nn.LSTMCell(3, 4)
gcell = nn.GRUCell(3, 4)
rcell = nn.RNNCell(3, 4, nonlinearity="relu")
print(cell, gcell, rcell)
hx = torch.zeros(2, 4)
cx = torch.zeros(2, 4)
inp = torch.randn(6, 2, 3)
for t in range(6):
    hx, cx = cell(inp[t], (hx, cx))
show("cell.h", hx)
show("gcell", gcell(inp[0]))
show("rcell", rcell(inp[0], hx))
print(sum(p.numel() for p in lstm.parameters()), len(lstm.state_dict()))
