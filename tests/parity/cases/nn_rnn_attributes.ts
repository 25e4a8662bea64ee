# Per-layer RNN parameters as attributes (weight_ih_l0, bias_hh_l1_reverse): __getattr__.
import torch
import torch.nn as nn
torch.manual_seed(0)
lstm = nn.LSTM(3, 4, num_layers=2, bidirectional=True)
print(lstm.weight_ih_l0.shape, lstm.bias_hh_l1_reverse.shape, lstm.weight_hh_l1.requires_grad)
print(torch.equal(lstm.weight_ih_l0, dict(lstm.named_parameters())["weight_ih_l0"]))
with torch.no_grad():
    lstm.weight_ih_l0.zero_()
print(float(lstm.weight_ih_l0.abs().sum()))
try:
    print(lstm.weight_ih_l9)
except AttributeError as e:
    print("AttributeError", e)
