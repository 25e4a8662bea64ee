# Exercises a character-level GRU language model with nn.Embedding, vocab dicts and greedy sampling.
import torch
import torch.nn as nn
import torch.nn.functional as F

TEXT = "hello world. hello there. the world is wide and the sea is deep. "


class CharGRU(nn.Module):
    def __init__(self, vocab_size: int, embed_dim: int, hidden: int):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, embed_dim)
        self.gru = nn.GRU(embed_dim, hidden, batch_first=True)
        self.out = nn.Linear(hidden, vocab_size)

    def forward(self, x, h=None):
        e = self.embed(x)
        y, h = self.gru(e, h)
        return self.out(y), h


def build_vocab(text):
    chars = sorted(set(text))
    stoi = {c: i for i, c in enumerate(chars)}
    itos = {i: c for c, i in stoi.items()}
    return stoi, itos


def get_batch(data, seq_len: int, batch: int):
    starts = torch.randint(0, len(data) - seq_len - 1, (batch,))
    x = torch.stack([data[s:s + seq_len] for s in starts.tolist()])
    y = torch.stack([data[s + 1:s + seq_len + 1] for s in starts.tolist()])
    return x, y


def main():
    torch.manual_seed(3)
    stoi, itos = build_vocab(TEXT)
    print("vocab size:", len(stoi))
    print("vocab:", "".join(itos[i] for i in range(len(itos))))
    data = torch.tensor([stoi[c] for c in TEXT], dtype=torch.long)
    model = CharGRU(len(stoi), 16, 32)
    opt = torch.optim.RMSprop(model.parameters(), lr=0.01)
    for it in range(120):
        x, y = get_batch(data, 12, 8)
        logits, _ = model(x)
        loss = F.cross_entropy(logits.reshape(-1, len(stoi)), y.reshape(-1))
        opt.zero_grad()
        loss.backward()
        nn.utils.clip_grad_value_(model.parameters(), 0.5)
        opt.step()
        if it % 20 == 0:
            print(f"iter {it:3d} loss {loss.item():.4f} ppl {loss.exp().item():.2f}")

    model.eval()
    prompt = "hello"
    with torch.no_grad():
        idx = torch.tensor([[stoi[c] for c in prompt]])
        logits, h = model(idx)
        out_chars = list(prompt)
        nxt = logits[0, -1].argmax().item()
        for _ in range(20):
            out_chars.append(itos[nxt])
            logits, h = model(torch.tensor([[nxt]]), h)
            nxt = logits[0, -1].argmax().item()
    print("hidden shape:", list(h.shape))
    print("sample length:", len(out_chars))


if __name__ == "__main__":
    main()
