import torch
x = torch.ones(4)
y = x.view("a")
# expect error: 3:5 no overload of Tensor.view() accepts these arguments
# expect hint: view(Tensor(a) self, int[] size)
