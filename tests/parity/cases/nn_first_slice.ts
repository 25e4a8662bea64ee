# The first slice of the standard library: nn.Module (repr, named_parameters, default init
# under manual_seed), Linear, ReLU, MSELoss, optim.SGD with momentum. Losses are rounded:
# float sums in backward still differ from PyTorch in the last bits after a step.
import torch
import torch.nn as nn
import torch.optim as optim


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 8)
        self.relu = nn.ReLU()
        self.fc2 = nn.Linear(8, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc2(self.relu(self.fc1(x)))


torch.manual_seed(42)
model = Net()
print(model)
for name, p in model.named_parameters():
    print(name, p.shape)
print(model.fc1.weight)
x = torch.randn(16, 4)
y = x.sum(1, keepdim=True) * 0.5
opt = optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
loss_fn = nn.MSELoss()
for step in range(5):
    opt.zero_grad()
    loss = loss_fn(model(x), y)
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 5))
