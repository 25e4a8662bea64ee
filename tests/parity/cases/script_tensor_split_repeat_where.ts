# Exercises chunk/split/unbind, repeat/expand/tile/repeat_interleave, where, clamp, masked_select and nonzero.
import torch


def main():
    x = torch.arange(10)
    print("chunk 3:", [c.tolist() for c in torch.chunk(x, 3)])
    print("split 4:", [c.tolist() for c in x.split(4)])
    print("split sizes:", [c.tolist() for c in torch.split(x, [2, 3, 5])])
    print("tensor_split:", [c.tolist() for c in torch.tensor_split(x, 3)])
    print("tensor_split at:", [c.tolist() for c in torch.tensor_split(x, [1, 6])])
    m = torch.arange(12).reshape(3, 4)
    rows = torch.unbind(m)
    print("unbind rows:", [r.tolist() for r in rows])
    cols = m.unbind(dim=1)
    print("num cols:", len(cols), "last col:", cols[-1].tolist())
    a, b = m.chunk(2, dim=1)
    print("halves:", a.tolist(), b.tolist())
    q, k, v = torch.randn(2, 9).chunk(3, dim=-1)
    print("qkv shapes:", tuple(q.shape), tuple(k.shape), tuple(v.shape))

    r = torch.tensor([1, 2, 3])
    print("repeat:", r.repeat(2, 2).tolist())
    print("tile:", torch.tile(r, (2,)).tolist())
    col = r.unsqueeze(1)
    e = col.expand(3, 4)
    print("expand:", e.tolist(), "stride", e.stride())
    print("expand -1:", r.expand(2, -1).tolist())
    print("repeat_interleave:", r.repeat_interleave(2).tolist())
    print("repeat_interleave counts:", torch.repeat_interleave(r, torch.tensor([3, 0, 1])).tolist())
    print("expand_as:", torch.tensor([[5], [6]]).expand_as(torch.zeros(2, 3)).tolist())

    t = torch.tensor([-2.0, -0.5, 0.0, 0.5, 2.0])
    print("where:", torch.where(t > 0, t, torch.zeros_like(t)).tolist())
    print("where scalar:", torch.where(t < 0, -1.0, 1.0).tolist())
    print("clamp:", t.clamp(-1, 1).tolist(), "clamp min:", torch.clamp(t, min=0).tolist())
    print("clamp tensor bounds:", t.clamp(min=torch.full_like(t, -0.25), max=torch.full_like(t, 1.5)).tolist())
    print("masked_select:", torch.masked_select(t, t.abs() > 0.25).tolist())
    print("nonzero:", torch.nonzero(t).squeeze(1).tolist())
    mm = torch.tensor([[0, 1, 0], [2, 0, 3]])
    print("nonzero 2d:", mm.nonzero().tolist())
    print("nonzero as_tuple:", [z.tolist() for z in mm.nonzero(as_tuple=True)])
    print("argwhere:", torch.argwhere(mm > 1).tolist())
    print("count_nonzero:", torch.count_nonzero(mm).item(), torch.count_nonzero(mm, dim=0).tolist())
    print("any/all:", bool(mm.any().item()), bool(mm.all().item()), mm.bool().any(dim=1).tolist())

    img = torch.arange(24).reshape(2, 3, 4)
    print("stack dim2 shape:", tuple(torch.stack([img, img], dim=2).shape))
    print("cat dim -1 shape:", tuple(torch.cat([img, img[..., :1]], dim=-1).shape))
    print("narrow:", img.narrow(2, 1, 2)[0].tolist())
    print("movedim shape:", tuple(img.movedim(0, -1).shape), "permute:", tuple(img.permute(2, 0, 1).shape))
    print("flatten(1):", tuple(img.flatten(1).shape), "unflatten:", tuple(img.flatten(1).unflatten(1, (3, 4)).shape))
    print("hstack:", torch.hstack([r, r]).tolist(), "vstack:", torch.vstack([r, r]).tolist())
    print("meshgrid:", [g.tolist() for g in torch.meshgrid(torch.arange(2), torch.arange(3), indexing="ij")])


if __name__ == "__main__":
    main()
