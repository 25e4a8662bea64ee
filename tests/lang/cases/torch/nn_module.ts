import torch
import torch.nn as nn
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)
    def forward(self, x):
        return self.fc(x)
torch.manual_seed(0)
net = Net()
print(net)
print(net(torch.ones(1, 4)).shape)
# expect: Net(
# expect:   (fc): Linear(in_features=4, out_features=2, bias=True)
# expect: )
# expect: torch.Size([1, 2])
