import torch
x = torch.ones(2, 2)
y = 2.0 * x + 1 - x / 3 @ x
print(y.T, y ** 2, -y, y > 0)
