# stdlib slice: a small classifier with Dropout, Tanh, LogSoftmax/NLLLoss and CrossEntropyLoss,
# trained with Adam. Losses are rounded (see nn_first_slice.ts).
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.Linear(6, 16)
        self.act = nn.Tanh()
        self.drop = nn.Dropout(0.25)
        self.out = nn.Linear(16, 3)
        self.log_softmax = nn.LogSoftmax(dim=1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.log_softmax(self.out(self.drop(self.act(self.hidden(x)))))


torch.manual_seed(7)
model = Classifier()
print(model)
print(sum([p.numel() for p in model.parameters()]), [n for n, _ in model.named_parameters()])
x = torch.randn(32, 6)
y = (x[:, 0] > 0).long() + (x[:, 1] > 0.5).long()
opt = optim.Adam(model.parameters(), lr=0.01)
nll = nn.NLLLoss()
for step in range(6):
    opt.zero_grad()
    loss = nll(model(x), y)
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 4))
model.eval()
with torch.no_grad():
    logits = model.out(model.act(model.hidden(x)))
    print(round(F.cross_entropy(logits, y).item(), 4), round(nn.CrossEntropyLoss()(logits, y).item(), 4))
    print((logits.argmax(dim=1) == y).sum().item(), model.training, model.drop.training)
    print(torch.allclose(nn.Softmax(dim=1)(logits[:2]).sum(1), torch.ones(2)), nn.Sigmoid()(torch.zeros(2)))
