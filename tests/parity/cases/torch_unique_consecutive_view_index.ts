# unique_consecutive's flags, view/reshape with sizes read from a shape at run time, indexing
# with the tuple nonzero(as_tuple=True) gives, and a shape kept across loops.
import torch
import torch.nn as nn
from torch.utils.data import DataLoader

x = torch.tensor([1, 1, 2, 2, 2, 3, 1, 1])
print(torch.unique_consecutive(x))
vals, counts = torch.unique_consecutive(x, return_counts=True)
print(vals.tolist(), counts.tolist())
vals2, inv = torch.unique_consecutive(x, return_inverse=True)
print(vals2.tolist(), inv.tolist())
out, inv2, cnt2 = x.unique_consecutive(return_inverse=True, return_counts=True)
print(out, inv2, cnt2)
m = torch.tensor([[1, 1], [1, 1], [2, 3], [2, 3], [1, 1]])
print(torch.unique_consecutive(m, dim=0))


class Heads(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.head_dim = dim // heads
        self.qkv = nn.Linear(dim, 3 * dim)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        q = q.view(b, t, self.heads, self.head_dim).transpose(1, 2)
        k = k.reshape(b, t, self.heads, -1).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)).softmax(dim=-1)
        return att.view(b, self.heads, t * t).sum(-1)


torch.manual_seed(0)
h = Heads(8, 2)
print(h(torch.randn(2, 3, 8)).shape)

mask = torch.tensor([[0.0, 1.5, 0.0], [2.0, 0.0, -3.0]])
idx = mask.nonzero(as_tuple=True)
print(mask[idx], mask[torch.nonzero(mask, as_tuple=True)].sum())
mask[idx] = 7.0
print(mask)


def collate(batch):
    return torch.stack(batch), len(batch)


def main():
    gru = nn.GRU(3, 4, batch_first=True)
    loader = DataLoader(torch.zeros(4, 5, 3), batch_size=2, collate_fn=collate)
    for epoch in range(2):
        for xb, n in loader:
            shp = gru(xb)[0].shape
        print(epoch, tuple(shp), n)


main()
