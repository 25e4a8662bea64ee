# The seeds' LeNet (two conv + three linear layers, num_flat_features) trained a few SGD steps on
# fixed random data, and the seeds' Net with torch.dropout and sigmoid (the C++ frontend slide).
import torch
import torch.nn as nn
import torch.nn.functional as F


class Net(nn.Module):

    def __init__(self):
        super(Net, self).__init__()
        # 1 input image channel, 6 output channels, 5x5 square convolution
        # kernel
        self.conv1 = nn.Conv2d(1, 6, 5)
        self.conv2 = nn.Conv2d(6, 16, 5)
        # an affine operation: y = Wx + b
        self.fc1 = nn.Linear(16 * 5 * 5, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, 10)

    def forward(self, x):
        # Max pooling over a (2, 2) window
        x = F.max_pool2d(F.relu(self.conv1(x)), (2, 2))
        # If the size is a square you can only specify a single number
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = x.view(-1, self.num_flat_features(x))
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        x = self.fc3(x)
        return x

    def num_flat_features(self, x):
        size = x.size()[1:]  # all dimensions except the batch dimension
        num_features = 1
        for s in size:
            num_features *= s
        return num_features


torch.manual_seed(0)
net = Net()
print(net)
params = list(net.parameters())
print(len(params), params[0].size())
input = torch.randn(8, 1, 32, 32)
target = torch.randint(0, 10, (8,))
optimizer = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
loss_fn = nn.CrossEntropyLoss()
for step in range(5):
    optimizer.zero_grad()
    output = net(input)
    loss = loss_fn(output, target)
    loss.backward()
    optimizer.step()
    print(step, round(loss.item(), 4))
print(net(input).argmax(1))


class Net2(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(8, 64)
        self.fc2 = torch.nn.Linear(64, 1)

    def forward(self, x):
        x = torch.relu(self.fc1.forward(x))
        x = torch.dropout(x, p=0.5, train=self.training)
        x = torch.sigmoid(self.fc2.forward(x))
        return x


net2 = Net2()
print(net2(torch.randn(4, 8)).squeeze(1))
net2.eval()
print(net2(torch.ones(2, 8)).squeeze(1))
