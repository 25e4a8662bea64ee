# `.item()` is an int, float or bool by the tensor's dtype: a counter or a sum it feeds holds
# whichever Python would (correct stays an int, total becomes a float).
import torch


def evaluate(preds: torch.Tensor, ys: torch.Tensor, losses: torch.Tensor) -> str:
    correct = 0
    total = 0
    for i in range(2):
        correct += (preds[i] == ys[i]).sum().item()
        total = total + losses[i].item()
    return str(correct) + " " + str(total)


p = torch.tensor([[1, 2, 3], [1, 0, 0]])
y = torch.tensor([[1, 2, 0], [1, 1, 0]])
print(evaluate(p, y, torch.tensor([0.5, 0.25])))
n = 0
n += (p > 0).sum().item()
s = 0
s += torch.tensor(1.5).item()
print(n, s, n + 1)
# expect: 4 0.75
# expect: 4 1.5 5
