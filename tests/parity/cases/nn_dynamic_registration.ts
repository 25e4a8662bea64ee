# add_module, register_parameter, register_buffer and register_module with names computed at run
# time: the layers are in parameters(), state_dict(), named_children(), repr and getattr, are
# trained by the optimizer and survive a state_dict round trip.
import torch
import torch.nn as nn


class Tower(nn.Module):
    def __init__(self, depth: int):
        super().__init__()
        for i in range(depth):
            self.add_module("lin" + str(i), nn.Linear(2, 2))
        name = "scale"
        self.register_parameter(name, nn.Parameter(torch.ones(2)))
        self.register_buffer("run" + "ning", torch.zeros(2))
        self.register_buffer("tmp_" + str(depth), torch.ones(1), persistent=False)
        self.depth = depth

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for i in range(self.depth):
            x = torch.relu(getattr(self, "lin" + str(i))(x))
        return x * getattr(self, "scale")


torch.manual_seed(0)
m = Tower(3)
print(len(list(m.parameters())), list(m.state_dict().keys()))
print([n for n, _ in m.named_children()], [n for n, _ in m.named_buffers()])
print(m)
print(hasattr(m, "lin2"), hasattr(m, "lin3"), hasattr(m, "depth"))
x = torch.randn(4, 2)
opt = torch.optim.SGD(m.parameters(), lr=0.1)
for step in range(3):
    opt.zero_grad()
    loss = m(x).pow(2).sum()
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 5))
m2 = Tower(3)
print(m2.load_state_dict(m.state_dict()))
print(torch.equal(m2(x), m(x)))

holder = nn.Module()
holder.add_module("extra", nn.Linear(1, 1))
holder.register_module("more", nn.ReLU())
print([n for n, _ in holder.named_children()], len(list(holder.parameters())))
for bad in ["a.b", ""]:
    try:
        holder.add_module(bad, nn.ReLU())
    except KeyError as e:
        print("KeyError", e)
try:
    m.register_parameter("plain", torch.ones(1))
except TypeError as e:
    print("TypeError", e)
try:
    getattr(m, "nothing")
except AttributeError as e:
    print("AttributeError", e)
