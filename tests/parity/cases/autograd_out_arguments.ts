# out= with an argument that requires grad is PyTorch's error for every op (the binary table's
# pair ops included); under no_grad it writes out.
import torch
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([0.5, 3.0])
o = torch.empty(2)
try:
    torch.fmax(a, b, out=o)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.logaddexp(a, b, out=o)
except RuntimeError as e:
    print("RuntimeError:", e)
with torch.no_grad():
    print(torch.fmax(a, b, out=o))
for name in ["atan2", "hypot", "logaddexp2", "fmin", "logical_and"]:
    try:
        if name == "atan2":
            torch.atan2(a, b, out=o)
        elif name == "hypot":
            torch.hypot(a, b, out=o)
        elif name == "logaddexp2":
            torch.logaddexp2(a, b, out=o)
        elif name == "fmin":
            torch.fmin(a, b, out=o)
        else:
            print(torch.logical_and(a, b, out=torch.empty(2, dtype=torch.bool)))
    except RuntimeError as e:
        print("RuntimeError:", e)
