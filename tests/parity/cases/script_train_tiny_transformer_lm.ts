# Exercises a tiny transformer LM (nn.TransformerEncoder, positional encoding buffer, causal mask) on a repeating sequence.
import math
import torch
import torch.nn as nn


class PositionalEncoding(nn.Module):
    def __init__(self, d_model: int, max_len: int = 64):
        super().__init__()
        position = torch.arange(max_len).unsqueeze(1)
        div_term = torch.exp(torch.arange(0, d_model, 2) * (-math.log(10000.0) / d_model))
        pe = torch.zeros(max_len, 1, d_model)
        pe[:, 0, 0::2] = torch.sin(position * div_term)
        pe[:, 0, 1::2] = torch.cos(position * div_term)
        self.register_buffer("pe", pe)

    def forward(self, x):
        return x + self.pe[: x.size(0)]


def generate_square_subsequent_mask(sz: int):
    return torch.triu(torch.ones(sz, sz) * float("-inf"), diagonal=1)


class TinyLM(nn.Module):
    def __init__(self, ntoken: int, d_model: int, nhead: int, d_hid: int, nlayers: int):
        super().__init__()
        self.model_type = "Transformer"
        self.pos_encoder = PositionalEncoding(d_model)
        layer = nn.TransformerEncoderLayer(d_model, nhead, d_hid, dropout=0.0)
        self.transformer_encoder = nn.TransformerEncoder(layer, nlayers)
        self.encoder = nn.Embedding(ntoken, d_model)
        self.d_model = d_model
        self.decoder = nn.Linear(d_model, ntoken)

    def forward(self, src, src_mask):
        src = self.encoder(src) * math.sqrt(self.d_model)
        src = self.pos_encoder(src)
        output = self.transformer_encoder(src, src_mask)
        return self.decoder(output)


def main():
    torch.manual_seed(0)
    ntokens = 7
    pattern = [0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
    stream = torch.tensor(pattern * 10)
    model = TinyLM(ntokens, 16, 2, 32, 2)
    print("pe buffer:", tuple(model.pos_encoder.pe.shape))
    print("buffers:", [n for n, _ in model.named_buffers()])
    mask = generate_square_subsequent_mask(8)
    print(mask[:3, :4])
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=0.01)
    bptt = 8
    for step in range(80):
        starts = torch.randint(0, stream.size(0) - bptt - 1, (6,))
        data = torch.stack([stream[s:s + bptt] for s in starts.tolist()], dim=1)
        target = torch.stack([stream[s + 1:s + bptt + 1] for s in starts.tolist()], dim=1)
        out = model(data, mask)
        loss = criterion(out.view(-1, ntokens), target.reshape(-1))
        optimizer.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 0.5)
        optimizer.step()
        if step % 20 == 0 or step == 79:
            print(f"step {step:2d} loss {loss.item():.3f} ppl {math.exp(loss.item()):.2f}")
    model.eval()
    with torch.no_grad():
        seq = stream[:bptt].unsqueeze(1)
        out = model(seq, mask)
        pred = out.argmax(-1).squeeze(1)
        acc = (pred == stream[1:bptt + 1]).float().mean().item()
        print("output shape:", tuple(out.shape))
        print(f"next-token acc on prompt {acc:.2f}")


if __name__ == "__main__":
    main()
