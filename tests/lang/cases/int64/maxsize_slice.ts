# sys.maxsize as a slice bound is an index like any other: x[sys.maxsize:] is empty and writes
# through it change nothing.
import sys
import torch

print(sys.maxsize)
x = torch.arange(5)
print(x[sys.maxsize:], x[sys.maxsize - 1:], x[:sys.maxsize])
n = sys.maxsize
x[n:] = 7
print(x)
x[3:n] = 9
print(x)
# expect: 9223372036854775807
# expect: tensor([], dtype=torch.int64) tensor([], dtype=torch.int64) tensor([0, 1, 2, 3, 4])
# expect: tensor([0, 1, 2, 3, 4])
# expect: tensor([0, 1, 2, 9, 9])
