# torch.inference_mode() as a context manager and as a decorator: grad mode is off inside, tensors
# made there are inference tensors (is_inference(); views of normal tensors are not), and once
# it is off they cannot be written in place, require grad, or be saved for backward.
# inference_mode(False) turns grad mode on inside, as PyTorch's does.
import torch

x = torch.ones(2, requires_grad=True)
with torch.inference_mode():
    y = x * 2
    v = x[0:1]
    print(torch.is_inference_mode_enabled(), torch.is_grad_enabled(), y.requires_grad, y.grad_fn, y.is_inference(),
          v.is_inference(), x.is_inference())
    z = torch.zeros(3)
    print(z.is_inference(), z[1:].is_inference())
print(torch.is_inference_mode_enabled(), torch.is_grad_enabled(), y.is_inference(), (y + 1).is_inference())
with torch.inference_mode(False):
    print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
with torch.no_grad():
    with torch.inference_mode(mode=False):
        print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
try:
    y.requires_grad_()
except RuntimeError as e:
    print(e)
try:
    y.add_(1)
except RuntimeError as e:
    print(e)
try:
    (x * y).sum().backward()
except RuntimeError as e:
    print(e)
c = y.clone()
c.add_(1)
print(c, c.is_inference())


@torch.inference_mode()
def scaled(a: torch.Tensor) -> torch.Tensor:
    return a * 3


r = scaled(x)
print(r.is_inference(), r.requires_grad, torch.is_inference_mode_enabled(), torch.is_grad_enabled())
with torch.inference_mode():
    w = torch.ones(2)
    w.requires_grad_()
    print(w.requires_grad)
try:
    with torch.inference_mode():
        raise ValueError("inside")
except ValueError as e:
    print("ValueError", e, torch.is_inference_mode_enabled(), torch.is_grad_enabled())
print(type(torch.inference_mode()))
