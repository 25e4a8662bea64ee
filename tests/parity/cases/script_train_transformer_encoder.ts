import math
import torch
import torch.nn as nn

torch.manual_seed(1)


class PositionalEncoding(nn.Module):
    def __init__(self, d_model, max_len=64):
        super().__init__()
        position = torch.arange(max_len).unsqueeze(1)
        div_term = torch.exp(torch.arange(0, d_model, 2) * (-math.log(10000.0) / d_model))
        pe = torch.zeros(max_len, d_model)
        pe[:, 0::2] = torch.sin(position * div_term)
        pe[:, 1::2] = torch.cos(position * div_term)
        self.register_buffer("pe", pe)

    def forward(self, x):
        return x + self.pe[: x.size(1)]


class TinyTransformer(nn.Module):
    def __init__(self, vocab_size=10, d_model=16, nhead=2, num_classes=2):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, d_model)
        self.pos = PositionalEncoding(d_model)
        layer = nn.TransformerEncoderLayer(d_model, nhead, dim_feedforward=32, dropout=0.0, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, num_layers=2)
        self.cls = nn.Linear(d_model, num_classes)

    def forward(self, tokens, padding_mask=None):
        h = self.pos(self.embed(tokens))
        h = self.encoder(h, src_key_padding_mask=padding_mask)
        return self.cls(h.mean(dim=1))


# classify whether token 7 occurs in the sequence
tokens = torch.randint(0, 10, (64, 8))
labels = (tokens == 7).any(dim=1).long()
print("positives:", labels.sum().item(), "of", len(labels))

model = TinyTransformer()
print("buffers:", [name for name, _ in model.named_buffers()])
print("params:", sum(p.numel() for p in model.parameters()))

optimizer = torch.optim.Adam(model.parameters(), lr=5e-3)
loss_fn = nn.CrossEntropyLoss()
for epoch in range(10):
    model.train()
    optimizer.zero_grad()
    logits = model(tokens)
    loss = loss_fn(logits, labels)
    loss.backward()
    optimizer.step()
    if epoch % 3 == 0:
        print(f"epoch {epoch}: loss {loss.item():.4f}")

model.eval()
with torch.no_grad():
    mask = torch.zeros(2, 8, dtype=torch.bool)
    mask[1, 5:] = True
    out = model(tokens[:2], padding_mask=mask)
    print("eval logits shape:", tuple(out.shape))
    acc = (model(tokens).argmax(-1) == labels).float().mean()
print(f"train acc: {acc:.3f}")
