# Exercises a siamese embedding net trained with TripletMarginLoss, then evaluated with pairwise distances.
import torch
import torch.nn as nn
import torch.nn.functional as F


class EmbeddingNet(nn.Module):
    def __init__(self, in_dim: int, emb_dim: int):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(in_dim, 32), nn.ReLU(), nn.Linear(32, emb_dim))

    def forward(self, x):
        return F.normalize(self.body(x), p=2, dim=1)


class TripletNet(nn.Module):
    def __init__(self, embedding_net: nn.Module):
        super().__init__()
        self.embedding_net = embedding_net

    def forward(self, a, p, n):
        return self.embedding_net(a), self.embedding_net(p), self.embedding_net(n)


def sample_triplets(centers, batch: int):
    k = centers.size(0)
    cls = torch.randint(0, k, (batch,))
    other = (cls + torch.randint(1, k, (batch,))) % k
    noise = lambda: 0.3 * torch.randn(batch, centers.size(1))
    return centers[cls] + noise(), centers[cls] + noise(), centers[other] + noise()


def main():
    torch.manual_seed(21)
    centers = torch.randn(4, 8) * 2
    net = TripletNet(EmbeddingNet(8, 4))
    loss_fn = nn.TripletMarginLoss(margin=0.5, p=2)
    opt = torch.optim.Adam(net.parameters(), lr=1e-2)
    for step in range(100):
        a, p, n = sample_triplets(centers, 32)
        ea, ep, en = net(a, p, n)
        loss = loss_fn(ea, ep, en)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 20 == 0:
            print(f"step {step} triplet loss {loss.item():.4f}")

    net.eval()
    with torch.no_grad():
        labels = torch.arange(4).repeat_interleave(10)
        pts = centers[labels] + 0.3 * torch.randn(40, 8)
        emb = net.embedding_net(pts)
        print("embedding norms ~1:", torch.allclose(emb.norm(dim=1), torch.ones(40), atol=1e-5))
        dist = torch.cdist(emb, emb)
        same = labels.unsqueeze(0) == labels.unsqueeze(1)
        eye = torch.eye(40, dtype=torch.bool)
        intra = dist[same & ~eye].mean().item()
        inter = dist[~same].mean().item()
        print(f"intra < inter: {intra < inter}  ratio {inter / intra:.1f}x" if intra > 0 else "degenerate")
        d = dist + torch.eye(40) * 1e9
        nn_idx = d.argmin(dim=1)
        nn_acc = (labels[nn_idx] == labels).float().mean().item()
        print(f"1-NN accuracy {nn_acc:.2f}")


if __name__ == "__main__":
    main()
