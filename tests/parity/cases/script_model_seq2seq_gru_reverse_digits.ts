# Exercises a GRU encoder-decoder (seq2seq) with teacher forcing, learning to reverse digit sequences.
import random
import torch
import torch.nn as nn
import torch.nn.functional as F

SOS = 10
VOCAB = 11


class Encoder(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        self.emb = nn.Embedding(VOCAB, hidden)
        self.gru = nn.GRU(hidden, hidden, batch_first=True)

    def forward(self, x):
        out, h = self.gru(self.emb(x))
        return h


class Decoder(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        self.emb = nn.Embedding(VOCAB, hidden)
        self.gru = nn.GRU(hidden, hidden, batch_first=True)
        self.out = nn.Linear(hidden, VOCAB)

    def forward(self, tok, h):
        o, h = self.gru(self.emb(tok).unsqueeze(1), h)
        return self.out(o.squeeze(1)), h


def batch(n: int, length: int):
    src = torch.randint(0, 10, (n, length))
    return src, src.flip(1)


def run(enc, dec, src, tgt, teacher: float):
    h = enc(src)
    tok = torch.full((src.size(0),), SOS, dtype=torch.long)
    loss = torch.zeros(())
    preds = []
    for t in range(tgt.size(1)):
        logits, h = dec(tok, h)
        loss = loss + F.cross_entropy(logits, tgt[:, t])
        p = logits.argmax(-1)
        preds.append(p)
        tok = tgt[:, t] if random.random() < teacher else p
    return loss / tgt.size(1), torch.stack(preds, 1)


def main():
    torch.manual_seed(0)
    random.seed(0)
    enc, dec = Encoder(32), Decoder(32)
    params = list(enc.parameters()) + list(dec.parameters())
    opt = torch.optim.Adam(params, lr=0.01)
    print("encoder params", sum(p.numel() for p in enc.parameters()), "decoder params", sum(p.numel() for p in dec.parameters()))
    for step in range(80):
        src, tgt = batch(32, 5)
        loss, _ = run(enc, dec, src, tgt, teacher=0.5)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 20 == 0 or step == 79:
            print(f"step {step:2d} loss {loss.item():.3f}")
    with torch.no_grad():
        src, tgt = batch(200, 5)
        loss, pred = run(enc, dec, src, tgt, teacher=0.0)
        tok_acc = (pred == tgt).float().mean().item()
        seq_acc = (pred == tgt).all(dim=1).float().mean().item()
    print(f"eval loss {loss.item():.3f} token acc > 0.3: {tok_acc > 0.3} seq acc in [0,1]: {0.0 <= seq_acc <= 1.0}")
    print("example src", src[0].tolist(), "tgt", tgt[0].tolist())
    print("pred shape", tuple(pred.shape), "dtype", pred.dtype)


if __name__ == "__main__":
    main()
