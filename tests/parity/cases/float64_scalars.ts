# float64 arithmetic with Python floats uses their exact double values, and tolist() of float64
# keeps every bit: the results equal Python's own float arithmetic exactly (printed as booleans,
# which the parity comparison checks exactly).
import torch
vals = [1.0, 2.0, 3.0]
x = torch.tensor(vals, dtype=torch.float64)
print((x * 0.3).tolist() == [v * 0.3 for v in vals], (x + 0.1).tolist() == [v + 0.1 for v in vals])
print((0.7 - x).tolist() == [0.7 - v for v in vals], torch.full((2,), 0.1, dtype=torch.float64).tolist() == [0.1, 0.1])
print(x.clamp(0.1, 2.3).tolist() == [1.0, 2.0, 2.3], (x / 0.7).tolist() == [v / 0.7 for v in vals])
print((x * 0.3).tolist())
y = torch.tensor([1.0, 2.0], dtype=torch.float32)
print((y * 0.3).tolist(), (torch.tensor([1, 2]) * 0.3).tolist(), (torch.tensor([1, 2]) * 0.3).dtype)
