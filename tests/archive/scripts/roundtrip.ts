# tests/archive/run: torch.jit.save / torch.jit.load inside one script. A loaded module gives
# the same outputs bit for bit, the same state_dict, prints the same, trains the same, re-saves.
import sys
import torch
import torch.nn.functional as F
from typing import Any
from model import Net

work = sys.argv[1]
torch.manual_seed(0)
m = Net()
x = torch.randn(8, 6)
y = torch.tensor([0, 1, 2, 0, 1, 2, 0, 1])
path = work + "/rt.pt"
torch.jit.save(torch.jit.script(m), path)
l: Any = torch.jit.load(path)
m.eval()
l.eval()
print("forward equal", torch.equal(l(x), m(x)))
h1, s1 = m.features(x)
h2, s2 = l.features(x)
print("features equal", torch.equal(h1, h2) and torch.equal(s1, s2))
sd1 = m.state_dict()
sd2 = l.state_dict()
same = list(sd1.keys()) == list(sd2.keys())
for k in sd1.keys():
    same = same and torch.equal(sd1[k], sd2[k])
print("state_dict equal", same, len(sd2))
print("repr equal", repr(l) == repr(m))
print("attributes", l.labels, l.weights, l.name, l.training)
print("requires_grad", all([p.requires_grad for p in l.parameters()]))
# Training: the original and the loaded copy take the same steps.
m.train()
l.train()
opt1 = torch.optim.Adam(m.parameters(), lr=0.01)
opt2 = torch.optim.Adam(l.parameters(), lr=0.01)
torch.manual_seed(1)
losses1 = []
for i in range(3):
    opt1.zero_grad()
    loss = F.cross_entropy(m(x), y)
    loss.backward()
    opt1.step()
    losses1.append(loss.item())
torch.manual_seed(1)
losses2 = []
for i in range(3):
    opt2.zero_grad()
    loss2 = F.cross_entropy(l(x), y)
    loss2.backward()
    opt2.step()
    losses2.append(loss2.item())
print("training equal", losses1 == losses2, losses1[2] < losses1[0])
l.save(work + "/rt2.pt")
l2: Any = torch.jit.load(work + "/rt2.pt", map_location="cpu")
l.eval()
l2.eval()
print("resaved equal", torch.equal(l2(x), l(x)))
