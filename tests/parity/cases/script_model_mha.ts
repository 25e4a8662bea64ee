import torch
import torch.nn as nn

torch.manual_seed(3)

embed_dim, num_heads = 8, 2
mha = nn.MultiheadAttention(embed_dim, num_heads, batch_first=True)
q = torch.randn(2, 3, embed_dim)
kv = torch.randn(2, 5, embed_dim)
key_padding_mask = torch.tensor([[False, False, False, True, True],
                                 [False, False, False, False, False]])

out, weights = mha(q, kv, kv, key_padding_mask=key_padding_mask, need_weights=True)
print("out", tuple(out.shape), "weights", tuple(weights.shape))
print(torch.round(weights[0] * 1e4) / 1e4)
print(f"masked weight sum: {weights[0, :, 3:].sum().item():.4f}")

out2, w2 = mha(q, kv, kv, need_weights=True, average_attn_weights=False)
print("per-head weights", tuple(w2.shape))

out3, w3 = mha(q, kv, kv, need_weights=False)
print("no weights:", w3 is None, torch.allclose(out2, out3, atol=1e-6))

attn_mask = torch.triu(torch.ones(3, 3, dtype=torch.bool), diagonal=1)
self_out, self_w = mha(q, q, q, attn_mask=attn_mask)
print(torch.round(self_w[1] * 1e4) / 1e4)

for name, p in mha.named_parameters():
    print(name, list(p.shape))
print("total", sum(p.numel() for p in mha.parameters()))
