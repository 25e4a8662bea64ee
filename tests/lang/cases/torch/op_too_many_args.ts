import torch
x = torch.ones(2)
y = torch.relu(x, x)
# expect error: 3:5 torch.relu() takes 1 positional argument but 2 were given
# expect hint: relu(Tensor self) -> Tensor
