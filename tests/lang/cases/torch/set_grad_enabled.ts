# torch.set_grad_enabled(mode): as a call it sets grad mode; as a context manager it restores the
# earlier mode on exit, also when the body raises.
import torch

x = torch.ones(2, requires_grad=True)
with torch.set_grad_enabled(False):
    print(torch.is_grad_enabled(), (x * 2).requires_grad)
print(torch.is_grad_enabled(), (x * 2).requires_grad)
torch.set_grad_enabled(False)
print(torch.is_grad_enabled())
with torch.set_grad_enabled(True):
    print((x * 2).requires_grad)
print(torch.is_grad_enabled())
torch.set_grad_enabled(True)
training = False
try:
    with torch.set_grad_enabled(training):
        raise ValueError("inside")
except ValueError as e:
    print("ValueError", e, torch.is_grad_enabled())
# expect: False False
# expect: True True
# expect: False
# expect: True
# expect: False
# expect: ValueError inside True
