# torch.nn.utils: clip_grad_norm_ (2-norm, other p, inf, error_if_nonfinite, a single tensor,
# parameters without grads), clip_grad_value_, parameters_to_vector / vector_to_parameters
# (the parameters then share the vector's memory), and nn.utils.rnn.pad_sequence.
import math
import torch
import torch.nn as nn
from torch.nn.utils import clip_grad_norm_, clip_grad_value_, parameters_to_vector, vector_to_parameters
from torch.nn.utils.rnn import pad_sequence

torch.manual_seed(0)
first, last = nn.Linear(4, 3), nn.Linear(3, 2)
m = nn.Sequential(first, nn.ReLU(), last)
x = torch.randn(5, 4)


def grad_of(p: torch.Tensor) -> torch.Tensor:
    g = p.grad
    assert g is not None
    return g


def grads() -> None:
    m.zero_grad()
    (m(x) * 10.0).sum().backward()


grads()
total = clip_grad_norm_(m.parameters(), 1.0)
print(round(total.item(), 4))
print(round(torch.norm(torch.stack([torch.norm(grad_of(p)) for p in m.parameters()])).item(), 4))
grads()
print(round(nn.utils.clip_grad_norm_(m.parameters(), max_norm=2, norm_type=1).item(), 4))
print(round(sum([grad_of(p).abs().sum().item() for p in m.parameters()]), 4))
grads()
print(round(clip_grad_norm_(list(m.parameters()), 0.5, norm_type=math.inf).item(), 4))
print(round(max([grad_of(p).abs().max().item() for p in m.parameters()]), 4))
grads()
print(round(clip_grad_norm_(first.weight, 100.0).item(), 4))
print(clip_grad_norm_([torch.zeros(2, requires_grad=True)], 1.0))
w = torch.ones(3, requires_grad=True)
w.grad = torch.tensor([1.0, float("nan"), 2.0])
try:
    clip_grad_norm_([w], 1.0, error_if_nonfinite=True)
except RuntimeError as e:
    print("RuntimeError:", e)
grads()
clip_grad_value_(m.parameters(), 0.1)
print(max([grad_of(p).abs().max().item() for p in m.parameters()]) <= 0.1, last.bias.grad)

v = parameters_to_vector(m.parameters())
print(v.shape, round(v.sum().item(), 4))
vector_to_parameters(torch.arange(float(v.numel())), m.parameters())
print(last.bias, first.weight[0])
try:
    vector_to_parameters([1.0, 2.0], m.parameters())
except TypeError as e:
    print("TypeError:", e)

a, b, c = torch.ones(2, 3), 2 * torch.ones(4, 3), 3 * torch.ones(1, 3)
p = pad_sequence([a, b, c])
print(p.shape, p.is_contiguous(), p[:, 2])
q = pad_sequence([torch.tensor([1, 2]), torch.tensor([3])], batch_first=True, padding_value=-1)
print(q, q.dtype)
try:
    pad_sequence([])
except RuntimeError as e:
    print("RuntimeError:", e)
