# float64 arithmetic with Python floats uses their exact double values; tolist() of float64 keeps every bit.
import torch
x = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64)
print((x * 0.3).tolist(), (x + 0.1).tolist(), (0.7 - x).tolist(), torch.add(x, 0.1, alpha=0.3).tolist())
y = torch.tensor([1.0, 2.0], dtype=torch.float32)
print((y * 0.3).tolist(), (torch.tensor([1, 2]) * 0.3).tolist(), (torch.tensor([1, 2]) * 0.3).dtype)
print((x > 0.3).tolist(), torch.full((2,), 0.1, dtype=torch.float64).tolist(), x.clamp(0.1, 2.3).tolist())
