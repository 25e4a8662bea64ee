import torch
x = torch.ones(2)
y = torch.exp("a")
# expect error: 3:5 torch.exp()
# expect hint: exp(Tensor self) -> Tensor
