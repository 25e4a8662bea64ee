import torch
x = torch.tensor([1, 2, 3])
print(x * 2, x / 2, x // 2, x % 2, 1 - x, x ** 2, x.float() + 0.5)
# expect: tensor([2, 4, 6]) tensor([0.5000, 1.0000, 1.5000]) tensor([0, 1, 1]) tensor([1, 0, 1]) tensor([ 0, -1, -2]) tensor([1, 4, 9]) tensor([1.5000, 2.5000, 3.5000])
