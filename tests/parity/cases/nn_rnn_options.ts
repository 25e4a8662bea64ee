# nn.RNN with tanh and relu, two layers, bidirectional, batch_first, no bias, a given h0 and an
# unbatched input: outputs, final states, input and every parameter gradient.
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


torch.manual_seed(13)
configs = [nn.RNN(3, 4), nn.RNN(3, 4, num_layers=2, nonlinearity="relu"),
           nn.RNN(3, 2, bidirectional=True, batch_first=True), nn.RNN(3, 3, num_layers=2, bias=False, bidirectional=True)]
for rnn in configs:
    print(rnn)
    print("  ", [n for n, _ in rnn.named_parameters()])
    x = torch.randn(2, 5, 3, requires_grad=True)
    out, h = rnn(x)
    show("  out", out)
    show("  h", h)
    (out.sum() + h.pow(2).sum()).backward()
    show("  x.grad", x.grad)
    for n, p in rnn.named_parameters():
        show("  " + n, p.grad)
r = configs[1]
h0 = torch.randn(2, 5, 4, requires_grad=True)
out, h = r(torch.randn(2, 5, 3), h0)
h.sum().backward()
show("h0.grad", h0.grad)
out1, h1 = configs[2](torch.randn(6, 3))
show("unbatched out", out1)
show("unbatched h", h1)
show("noncontig", configs[0](torch.randn(3, 5, 2).transpose(0, 2))[0])
try:
    nn.RNN(3, 4, nonlinearity="sigmoid")
except ValueError as e:
    print("ValueError:", e)
# input-size and hidden-shape checks with PyTorch's messages (RNN, GRU, LSTM and the cells)
torch.manual_seed(3)
try:
    nn.RNN(3, 4)(torch.randn(5, 2, 4))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    nn.RNN(3, 4, batch_first=True)(torch.randn(5, 4))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    nn.GRU(3, 4)(torch.randn(5, 2, 3), torch.zeros(2, 2, 4))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    nn.GRU(3, 4, num_layers=2, bidirectional=True, batch_first=True)(torch.randn(5, 2, 3), torch.zeros(4, 2, 4))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    nn.RNN(3, 4)(torch.randn(5, 2, 3), torch.zeros(2, 4))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    nn.RNN(3, 4)(torch.randn(5, 3), torch.zeros(1, 2, 4))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    nn.RNN(3, 4)(torch.randn(5, 3), torch.zeros(2, 4))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    nn.LSTM(3, 4)(torch.randn(5, 2, 3), (torch.zeros(1, 2, 4), torch.zeros(1, 3, 4)))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    nn.LSTM(3, 4)(torch.randn(5, 2, 3), (torch.zeros(1, 2, 5), torch.zeros(1, 2, 4)))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    nn.LSTM(3, 4)(torch.randn(5, 2, 3), (torch.zeros(2, 4), torch.zeros(1, 2, 4)))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    nn.LSTM(3, 4)(torch.randn(5, 3), (torch.zeros(1, 4), torch.zeros(1, 2, 4)))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    nn.LSTM(3, 4)(torch.randn(5, 4))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    nn.RNNCell(5, 4)(torch.randn(3, 4))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    nn.RNNCell(5, 4)(torch.randn(3, 5), torch.zeros(2, 4))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    nn.GRUCell(5, 4)(torch.randn(3, 5), torch.zeros(3, 3))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    nn.LSTMCell(5, 4)(torch.randn(3, 5), (torch.zeros(3, 4), torch.zeros(2, 4)))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    nn.LSTMCell(5, 4)(torch.randn(3, 5), (torch.zeros(3, 4), torch.zeros(3, 5)))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    nn.LSTMCell(5, 4)(torch.randn(5), (torch.zeros(4), torch.zeros(3)))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    nn.GRUCell(5, 4)(torch.randn(7))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    nn.RNNCell(5, 4)(torch.randn(5), torch.zeros(1, 4))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    nn.RNNCell(5, 4)(torch.randn(2, 5), torch.zeros(4))
except RuntimeError as e:
    print("RuntimeError:", e)
y, h = nn.GRU(3, 4, batch_first=True)(torch.randn(5, 3), torch.zeros(1, 4))
print(list(y.shape), list(h.shape))
