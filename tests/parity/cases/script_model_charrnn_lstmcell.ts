# Exercises a character-level RNN built from an LSTMCell loop, trained on a tiny corpus, then sampled.
import torch
import torch.nn as nn
import torch.nn.functional as F

TEXT = "hello world. hello torch. the world says hello. "


class CharRNN(nn.Module):
    def __init__(self, vocab: int, hidden: int):
        super().__init__()
        self.hidden = hidden
        self.embed = nn.Embedding(vocab, 12)
        self.cell = nn.LSTMCell(12, hidden)
        self.proj = nn.Linear(hidden, vocab)

    def init_state(self, batch: int):
        z = torch.zeros(batch, self.hidden)
        return z, z.clone()

    def forward(self, idx):
        b, t = idx.shape
        h, c = self.init_state(b)
        outs = []
        emb = self.embed(idx)
        for i in range(t):
            h, c = self.cell(emb[:, i], (h, c))
            outs.append(self.proj(h))
        return torch.stack(outs, dim=1)


def main():
    torch.manual_seed(0)
    chars = sorted(set(TEXT))
    stoi = {ch: i for i, ch in enumerate(chars)}
    itos = {i: ch for ch, i in stoi.items()}
    print("vocab:", "".join(chars).replace(" ", "_"), "size", len(chars))
    data = torch.tensor([stoi[c] for c in TEXT])
    seq = 12
    xs = torch.stack([data[i:i + seq] for i in range(0, len(data) - seq - 1, 3)])
    ys = torch.stack([data[i + 1:i + seq + 1] for i in range(0, len(data) - seq - 1, 3)])
    print("windows:", tuple(xs.shape), tuple(ys.shape))
    model = CharRNN(len(chars), 32)
    opt = torch.optim.Adam(model.parameters(), lr=0.02)
    for epoch in range(60):
        logits = model(xs)
        loss = F.cross_entropy(logits.reshape(-1, len(chars)), ys.reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
        if epoch % 10 == 0 or epoch == 59:
            print(f"epoch {epoch:2d} loss {loss.item():.3f}")
    model.eval()
    with torch.no_grad():
        h, c = model.init_state(1)
        cur = torch.tensor([stoi["h"]])
        out = ["h"]
        for _ in range(20):
            h, c = model.cell(model.embed(cur), (h, c))
            nxt = int(model.proj(h).argmax(dim=-1).item())
            out.append(itos[nxt])
            cur = torch.tensor([nxt])
        greedy = "".join(out)
    print("greedy sample starts with 'hel':", greedy.startswith("hel"))
    probs = F.softmax(torch.tensor([2.0, 1.0, 0.1]), dim=0)
    g = torch.Generator().manual_seed(5)
    draws = torch.multinomial(probs, 10, replacement=True, generator=g)
    print("probs", [round(p, 4) for p in probs.tolist()], "draws", draws.tolist())


if __name__ == "__main__":
    main()
