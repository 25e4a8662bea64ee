# The device idiom of nearly every training script: pick "cuda" when available, else "cpu",
# move the model with .to(device) and keep using its own methods and attributes; the other
# methods that return the module (cpu, float, double, eval, train, requires_grad_, apply) keep
# its class too, and to() takes a dtype, a device and a dtype, a tensor, or keywords.
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 2)
        self.register_buffer("scale", torch.ones(2))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc(x) * self.scale

    def describe(self) -> str:
        return "Net with " + str(sum(p.numel() for p in self.parameters())) + " parameters"


torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
print("cuda available", torch.cuda.is_available(), "devices", torch.cuda.device_count())
model = Net().to(device)
print(model.describe(), model.fc.weight.device)
x = torch.ones(4, 3).to(device)
print(model(x).shape)

m64 = Net().to(torch.float64)
print(m64.describe(), m64.fc.weight.dtype, m64.scale.dtype)
print(m64(torch.ones(1, 3, dtype=torch.float64)).dtype)
m32 = Net().double().float()
print(m32.fc.weight.dtype, m32.describe())
mk = Net().to(device=device, dtype=torch.float64)
print(mk.fc.weight.dtype, mk.scale.dtype)
mt = Net().to(torch.zeros(1, dtype=torch.float64))
print(mt.fc.weight.dtype)
mc = Net().cpu().eval()
print(mc.training, mc.fc.training, mc.describe())
mf = Net().train().requires_grad_(False)
print(mf.training, mf.fc.weight.requires_grad, mf.describe())


def init(m: nn.Module) -> None:
    if isinstance(m, nn.Linear):
        nn.init.constant_(m.weight, 0.5)


ma = Net().apply(init)
print(ma.fc.weight.sum().item(), ma.describe())
mh = Net().half()
print(mh.fc.weight.dtype, mh.scale.dtype)

try:
    Net().to(torch.int64)
except TypeError as e:
    print("TypeError:", e)
