import torch
import torch.nn as nn

torch.manual_seed(8)

emb = nn.Embedding(6, 3, padding_idx=0)
print(emb)
print("pad row:", emb.weight[0])
batch = torch.tensor([[1, 2, 0, 0], [3, 4, 5, 0]])
out = emb(batch)
print(out.shape)
lengths = (batch != 0).sum(dim=1)
print("lengths", lengths)
mask = (batch != 0).unsqueeze(-1).float()
mean_pooled = (out * mask).sum(1) / lengths.unsqueeze(1).float()
print(torch.round(mean_pooled * 1e4) / 1e4)
mean_pooled.sum().backward()
print("pad grad:", emb.weight.grad[0])
print("row 1 grad:", emb.weight.grad[1])

pretrained = torch.arange(12, dtype=torch.float32).view(4, 3)
frozen = nn.Embedding.from_pretrained(pretrained, freeze=True)
print(frozen(torch.tensor([2, 3])), frozen.weight.requires_grad)

bag = nn.EmbeddingBag(6, 3, mode='mean')
offsets = torch.tensor([0, 2])
flat = torch.tensor([1, 2, 3, 4, 5])
print(torch.round(bag(flat, offsets) * 1e4) / 1e4)

maxnorm = nn.Embedding(6, 3, max_norm=1.0)
v = maxnorm(torch.tensor([1, 2]))
print([f"{n:.4f}" for n in v.norm(dim=1).tolist()])
