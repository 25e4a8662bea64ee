import torch
torch.manual_seed(0)
def rnn(x, h, w_ih, w_hh):
    for t in range(x.size(0)):
        h = torch.tanh(x[t].mm(w_ih) + h.mm(w_hh))
        print(h)
    return h
out = rnn(torch.randn(5, 1, 3), torch.zeros(1, 4), torch.randn(3, 4), torch.randn(4, 4))
