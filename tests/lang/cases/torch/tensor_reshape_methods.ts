import torch
x = torch.arange(6)
print(x.view(2, 3).t().shape, x.reshape(3, -1).shape, x.unsqueeze(0).shape, x.view(1, 6).squeeze(0).shape, x.view(2, 3).permute(1, 0).contiguous().view(-1))
# expect: torch.Size([3, 2]) torch.Size([3, 2]) torch.Size([1, 6]) torch.Size([6]) tensor([0, 3, 1, 4, 2, 5])
