# LambdaLR and MultiplicativeLR with one function per parameter group (a list of different
# lambdas), and a lambda next to a def in one list.
import torch
from torch.optim.lr_scheduler import LambdaLR, MultiplicativeLR


def halve(epoch: int) -> float:
    return 0.5 if epoch % 2 == 1 else 1.0


w1 = torch.zeros(2, requires_grad=True)
w2 = torch.zeros(2, requires_grad=True)
opt = torch.optim.SGD([{"params": [w1]}, {"params": [w2], "lr": 0.5}], lr=0.1)
s = LambdaLR(opt, lr_lambda=[lambda e: 0.9 ** e, lambda e: 1.0 / (e + 1)])
opt2 = torch.optim.SGD([{"params": [w1]}, {"params": [w2], "lr": 0.5}], lr=0.1)
m = MultiplicativeLR(opt2, lr_lambda=[lambda e: 0.95, halve])
for i in range(5):
    opt.step()
    s.step()
    opt2.step()
    m.step()
    print(s.get_last_lr(), m.get_last_lr())
print(s.state_dict()["last_epoch"], m.state_dict()["base_lrs"])
