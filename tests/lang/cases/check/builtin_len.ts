import torch
print(len([1, 2]), len("abc"), len({"a": 1}), len((1, 2, 3)), len(torch.zeros(4, 2)), len(""))
# expect: 2 3 1 3 4 0
