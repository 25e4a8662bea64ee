import torch
import torch.nn as nn

torch.manual_seed(11)


class RunningNorm(nn.Module):
    def __init__(self, dim, momentum=0.1):
        super().__init__()
        self.momentum = momentum
        self.register_buffer("running_mean", torch.zeros(dim))
        self.register_buffer("running_var", torch.ones(dim))
        self.register_buffer("steps", torch.tensor(0, dtype=torch.long))
        self.register_buffer("scratch", torch.zeros(2), persistent=False)
        self.scale = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        if self.training:
            mean = x.mean(0)
            var = x.var(0, unbiased=False)
            with torch.no_grad():
                self.running_mean.mul_(1 - self.momentum).add_(mean * self.momentum)
                self.running_var.mul_(1 - self.momentum).add_(var * self.momentum)
                self.steps += 1
        else:
            mean, var = self.running_mean, self.running_var
        return (x - mean) / torch.sqrt(var + 1e-5) * self.scale


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = RunningNorm(3)
        self.fc = nn.Linear(3, 2)

    def forward(self, x):
        return self.fc(self.norm(x))


net = Net()
for _ in range(3):
    net(torch.randn(8, 3) * 2 + 1)
sd = net.state_dict()
print("keys:", list(sd.keys()))
for k, v in sd.items():
    print(f"  {k}: {tuple(v.shape)} {v.dtype}")
print("buffers:", [n for n, _ in net.named_buffers()])
print("steps:", net.norm.steps.item())
print("running_mean:", [round(v, 4) for v in net.norm.running_mean.tolist()])
net.eval()
y = net(torch.ones(1, 3))
print(f"eval out: {y[0, 0].item():.4f} {y[0, 1].item():.4f}")
print("requires_grad of buffer:", net.norm.running_mean.requires_grad)
print("'scratch' in state_dict:", 'norm.scratch' in sd)
