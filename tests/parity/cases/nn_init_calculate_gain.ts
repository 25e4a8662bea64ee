# nn.init.calculate_gain: the int 1 for linear, sigmoid and conv, floats for the others, as PyTorch.
import torch.nn as nn
print(nn.init.calculate_gain("linear"), nn.init.calculate_gain("conv2d"), nn.init.calculate_gain("relu"), nn.init.calculate_gain("leaky_relu", 0.2), nn.init.calculate_gain("tanh"))
w = nn.Linear(3, 2).weight
nn.init.xavier_uniform_(w, gain=nn.init.calculate_gain("relu"))
nn.init.kaiming_normal_(w, nonlinearity="relu")
print(w.shape)
