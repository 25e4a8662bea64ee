import torch
import torch.nn as nn
import random

torch.manual_seed(1)
random.seed(1)

SOS, EOS, PAD = 0, 1, 2


class Encoder(nn.Module):
    def __init__(self, vocab, emb, hid):
        super().__init__()
        self.embedding = nn.Embedding(vocab, emb, padding_idx=PAD)
        self.rnn = nn.GRU(emb, hid, bidirectional=True)
        self.fc = nn.Linear(hid * 2, hid)

    def forward(self, src):
        embedded = self.embedding(src)
        outputs, hidden = self.rnn(embedded)
        hidden = torch.tanh(self.fc(torch.cat((hidden[-2, :, :], hidden[-1, :, :]), dim=1)))
        return outputs, hidden


class Decoder(nn.Module):
    def __init__(self, vocab, emb, hid):
        super().__init__()
        self.output_dim = vocab
        self.embedding = nn.Embedding(vocab, emb)
        self.rnn = nn.GRU(emb, hid)
        self.fc_out = nn.Linear(hid, vocab)

    def forward(self, inp, hidden):
        inp = inp.unsqueeze(0)
        embedded = self.embedding(inp)
        output, hidden = self.rnn(embedded, hidden.unsqueeze(0))
        return self.fc_out(output.squeeze(0)), hidden.squeeze(0)


class Seq2Seq(nn.Module):
    def __init__(self, encoder, decoder):
        super().__init__()
        self.encoder = encoder
        self.decoder = decoder

    def forward(self, src, trg, teacher_forcing_ratio=0.5):
        trg_len, batch_size = trg.shape
        outputs = torch.zeros(trg_len, batch_size, self.decoder.output_dim)
        _, hidden = self.encoder(src)
        inp = trg[0, :]
        for t in range(1, trg_len):
            output, hidden = self.decoder(inp, hidden)
            outputs[t] = output
            teacher_force = random.random() < teacher_forcing_ratio
            top1 = output.argmax(1)
            inp = trg[t] if teacher_force else top1
        return outputs


enc = Encoder(10, 6, 12)
dec = Decoder(11, 6, 12)
model = Seq2Seq(enc, dec)
src = torch.randint(3, 10, (5, 3))
trg = torch.randint(3, 11, (4, 3))
trg[0] = SOS
out = model(src, trg)
print(out.shape)
crit = nn.CrossEntropyLoss(ignore_index=PAD)
loss = crit(out[1:].view(-1, out.shape[-1]), trg[1:].view(-1))
loss.backward()
print(f"loss = {loss.item():.4f}")
print("emb pad row grad is zero:", bool((enc.embedding.weight.grad[PAD] == 0).all()))
n = sum(p.numel() for p in model.parameters() if p.requires_grad)
print(f"The model has {n:,} trainable parameters")
