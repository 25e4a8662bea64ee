import torch
x = torch.zeros(2, 3, 4)
print(x[..., 0].shape, x[None].shape, x[:, None, :].shape, x[0, ..., 1:].shape, x[..., None, 2].shape)
# expect: torch.Size([2, 3]) torch.Size([1, 2, 3, 4]) torch.Size([2, 1, 3, 4]) torch.Size([3, 3]) torch.Size([2, 3, 1])
