# Exercises embedding bags with learned attention pooling using masked_fill and softmax over padded tokens.
import torch
import torch.nn as nn
import torch.nn.functional as F


class AttnPool(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.score = nn.Linear(dim, 1, bias=False)

    def forward(self, h, mask):
        s = self.score(h).squeeze(-1)
        s = s.masked_fill(~mask, float("-inf"))
        w = torch.softmax(s, dim=-1)
        return torch.bmm(w.unsqueeze(1), h).squeeze(1), w


class BagModel(nn.Module):
    def __init__(self, vocab: int, dim: int):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim, padding_idx=0)
        self.pool = AttnPool(dim)
        self.out = nn.Linear(dim, 1)

    def forward(self, tokens):
        mask = tokens != 0
        pooled, w = self.pool(self.emb(tokens), mask)
        return self.out(pooled).squeeze(-1), w


def main():
    torch.manual_seed(0)
    vocab, dim = 30, 8
    n = 64
    tokens = torch.randint(1, vocab, (n, 6))
    lens = torch.randint(2, 7, (n,))
    pos = torch.arange(6).unsqueeze(0)
    tokens = tokens.masked_fill(pos >= lens.unsqueeze(1), 0)
    target = (tokens == 7).any(dim=1).float()
    print("tokens[:3]:")
    print(tokens[:3])
    print("positives:", int(target.sum().item()), "of", n)
    model = BagModel(vocab, dim)
    opt = torch.optim.Adam(model.parameters(), lr=0.05)
    for epoch in range(50):
        logits, w = model(tokens)
        loss = F.binary_cross_entropy_with_logits(logits, target)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if epoch % 10 == 0:
            print(f"epoch {epoch:2d} loss {loss.item():.4f}")
    logits, w = model(tokens)
    print("weights sum to one:", torch.allclose(w.sum(-1), torch.ones(n)))
    print("weights on padding are zero:", bool((w[tokens == 0] == 0).all().item()))
    print("row 0 weights:", [round(v, 3) for v in w[0].tolist()])
    acc = ((logits > 0).float() == target).float().mean().item()
    print(f"train accuracy: {acc:.3f}")
    print("emb padding row is zero:", bool((model.emb.weight[0] == 0).all().item()))
    bag = nn.EmbeddingBag(vocab, 4, mode="mean")
    offs = torch.tensor([0, 3])
    flat = torch.tensor([1, 2, 3, 4, 5])
    print("embedding bag out shape:", tuple(bag(flat, offs).shape))


if __name__ == "__main__":
    main()
