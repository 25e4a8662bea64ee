# Exercises a tiny MLP-Mixer: patch embedding via Conv2d, token-mixing and channel-mixing MLPs with LayerNorm.
import torch
import torch.nn as nn
import torch.nn.functional as F


class MlpBlock(nn.Module):
    def __init__(self, dim: int, hidden: int):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x):
        return self.fc2(F.gelu(self.fc1(x)))


class MixerLayer(nn.Module):
    def __init__(self, n_tokens: int, dim: int):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.token_mix = MlpBlock(n_tokens, n_tokens * 2)
        self.norm2 = nn.LayerNorm(dim)
        self.channel_mix = MlpBlock(dim, dim * 2)

    def forward(self, x):
        y = self.norm1(x).transpose(1, 2)
        x = x + self.token_mix(y).transpose(1, 2)
        x = x + self.channel_mix(self.norm2(x))
        return x


class Mixer(nn.Module):
    def __init__(self, img: int = 8, patch: int = 2, dim: int = 16, depth: int = 2, classes: int = 4):
        super().__init__()
        self.patch = nn.Conv2d(1, dim, kernel_size=patch, stride=patch)
        n_tokens = (img // patch) ** 2
        self.layers = nn.ModuleList([MixerLayer(n_tokens, dim) for _ in range(depth)])
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        x = self.patch(x).flatten(2).transpose(1, 2)
        for layer in self.layers:
            x = layer(x)
        return self.head(self.norm(x).mean(dim=1))


def quadrant_images(n: int, g: torch.Generator):
    labels = torch.randint(0, 4, (n,), generator=g)
    x = 0.1 * torch.randn(n, 1, 8, 8, generator=g)
    for i in range(n):
        q = int(labels[i].item())
        r, c = (q // 2) * 4, (q % 2) * 4
        x[i, 0, r:r + 4, c:c + 4] += 1.0
    return x, labels


def main():
    torch.manual_seed(0)
    g = torch.Generator().manual_seed(0)
    model = Mixer()
    x, y = quadrant_images(96, g)
    tokens = model.patch(x[:1]).flatten(2).transpose(1, 2)
    print("token tensor:", tuple(tokens.shape))
    print("params:", sum(p.numel() for p in model.parameters()))
    opt = torch.optim.AdamW(model.parameters(), lr=5e-3, weight_decay=0.01)
    for epoch in range(20):
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if epoch % 4 == 0:
            print(f"epoch {epoch:2d} loss {loss.item():.4f}")
    with torch.no_grad():
        xt, yt = quadrant_images(64, g)
        acc = (model(xt).argmax(1) == yt).float().mean().item()
    print(f"test accuracy >= 0.5: {acc >= 0.5}")
    print("state_dict keys (first 6):", list(model.state_dict().keys())[:6])


if __name__ == "__main__":
    main()
