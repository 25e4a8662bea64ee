import math
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(2)


def scaled_dot_product_attention(q, k, v, mask=None, dropout=None):
    d_k = q.size(-1)
    scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, -1e9)
    p_attn = F.softmax(scores, dim=-1)
    if dropout is not None:
        p_attn = dropout(p_attn)
    return torch.matmul(p_attn, v), p_attn


def subsequent_mask(size):
    attn_shape = (1, size, size)
    mask = torch.triu(torch.ones(attn_shape), diagonal=1).type(torch.uint8)
    return mask == 0


class MultiHeadedAttention(nn.Module):
    def __init__(self, h, d_model, dropout=0.1):
        super(MultiHeadedAttention, self).__init__()
        assert d_model % h == 0
        self.d_k = d_model // h
        self.h = h
        self.linears = nn.ModuleList([nn.Linear(d_model, d_model) for _ in range(4)])
        self.attn = None
        self.dropout = nn.Dropout(p=dropout)

    def forward(self, query, key, value, mask=None):
        if mask is not None:
            mask = mask.unsqueeze(1)
        nbatches = query.size(0)
        query, key, value = [
            lin(x).view(nbatches, -1, self.h, self.d_k).transpose(1, 2)
            for lin, x in zip(self.linears, (query, key, value))
        ]
        x, self.attn = scaled_dot_product_attention(query, key, value, mask=mask, dropout=self.dropout)
        x = x.transpose(1, 2).contiguous().view(nbatches, -1, self.h * self.d_k)
        del query
        del key
        del value
        return self.linears[-1](x)


mask = subsequent_mask(4)
print(mask.int())
mha = MultiHeadedAttention(2, 8)
mha.eval()
x = torch.randn(2, 4, 8)
with torch.no_grad():
    y = mha(x, x, x, mask)
print(y.shape)
print(torch.round(mha.attn[0, 0] * 1000) / 1000)
print(f"row sums: {mha.attn.sum(-1).mean().item():.4f}")
print(f"upper triangle max: {mha.attn[0, 0].triu(1).max().item():.4f}")
print(f"y mean {y.mean().item():.4f} std {y.std().item():.4f}")
mha.train()
y2 = mha(x, x, x, mask)
print("train mode differs:", not torch.allclose(y, y2))
