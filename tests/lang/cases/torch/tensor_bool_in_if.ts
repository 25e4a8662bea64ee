import torch
x = torch.tensor([1.0, -1.0])
if (x > 0).any():
    print("some positive")
if not (x > 0).all():
    print("not all")
# expect: some positive
# expect: not all
