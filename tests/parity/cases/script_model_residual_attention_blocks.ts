# Exercises residual blocks and a hand-written self-attention block composed with nn.ModuleList, with shape checks.
import math
import torch
import torch.nn as nn
import torch.nn.functional as F


class ResidualBlock(nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        self.conv1 = nn.Conv1d(channels, channels, 3, padding=1)
        self.bn1 = nn.BatchNorm1d(channels)
        self.conv2 = nn.Conv1d(channels, channels, 3, padding=1)
        self.bn2 = nn.BatchNorm1d(channels)

    def forward(self, x):
        identity = x
        out = F.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        return F.relu(out + identity)


class SelfAttention(nn.Module):
    def __init__(self, dim: int, heads: int):
        super().__init__()
        assert dim % heads == 0
        self.heads = heads
        self.head_dim = dim // heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(self.norm(x)).chunk(3, dim=-1)
        q = q.view(b, t, self.heads, self.head_dim).transpose(1, 2)
        k = k.view(b, t, self.heads, self.head_dim).transpose(1, 2)
        v = v.view(b, t, self.heads, self.head_dim).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) / math.sqrt(self.head_dim)
        att = att.softmax(dim=-1)
        y = (att @ v).transpose(1, 2).contiguous().view(b, t, d)
        return x + self.proj(y)


class Net(nn.Module):
    def __init__(self, channels: int, n_res: int, n_att: int, n_classes: int):
        super().__init__()
        self.stem = nn.Conv1d(1, channels, 5, padding=2)
        self.res_blocks = nn.ModuleList([ResidualBlock(channels) for _ in range(n_res)])
        self.att_blocks = nn.ModuleList([SelfAttention(channels, 2) for _ in range(n_att)])
        self.head = nn.Linear(channels, n_classes)

    def forward(self, x):
        x = self.stem(x)
        for blk in self.res_blocks:
            x = blk(x)
        x = x.transpose(1, 2)
        for blk in self.att_blocks:
            x = blk(x)
        return self.head(x.mean(dim=1))


def main():
    torch.manual_seed(8)
    net = Net(8, 2, 2, 2)
    print("res blocks:", len(net.res_blocks), "att blocks:", len(net.att_blocks))
    x = torch.randn(32, 1, 20)
    freq = torch.randint(0, 2, (32,))
    t = torch.arange(20).float()
    x = torch.stack([torch.sin(t * (0.3 if f == 0 else 1.2)) for f in freq.tolist()]).unsqueeze(1) + 0.2 * x
    print("input:", tuple(x.shape), "out:", tuple(net(x).shape))
    opt = torch.optim.Adam(net.parameters(), lr=5e-3)
    for step in range(40):
        net.train()
        loss = F.cross_entropy(net(x), freq)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 10 == 0:
            print(f"step {step} loss {loss.item():.4f}")
    net.eval()
    with torch.no_grad():
        acc = (net(x).argmax(1) == freq).float().mean()
    print(f"train acc {acc.item():.2f}")
    print("running_mean shape:", tuple(net.res_blocks[0].bn1.running_mean.shape))
    print("num_batches_tracked:", int(net.res_blocks[1].bn2.num_batches_tracked))


if __name__ == "__main__":
    main()
