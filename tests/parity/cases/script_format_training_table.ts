# Exercises % formatting, str.format, f-string format specs and str methods for a training report table.
import torch
import torch.nn as nn


def header(columns, widths):
    cells = [c.center(w) for c, w in zip(columns, widths)]
    line = "|".join(cells)
    return line + "\n" + "+".join("-" * w for w in widths)


def main():
    torch.manual_seed(21)
    model = nn.Sequential(nn.Linear(3, 12), nn.Sigmoid(), nn.Linear(12, 2))
    x = torch.randn(64, 3)
    y = (x[:, 0] * x[:, 1] > 0).long()
    opt = torch.optim.Adam(model.parameters(), lr=0.03)

    cols = ["epoch", "loss", "acc", "grad-norm", "lr"]
    widths = [7, 10, 8, 11, 10]
    print(header(cols, widths))
    for epoch in range(1, 13):
        opt.zero_grad()
        out = model(x)
        loss = nn.functional.cross_entropy(out, y)
        loss.backward()
        gnorm = torch.sqrt(sum((p.grad ** 2).sum() for p in model.parameters())).item()
        opt.step()
        acc = (out.argmax(1) == y).float().mean().item()
        row = "%5d  |%9.4f |%7.2f%% |%10.3e |%9.1e" % (epoch, loss.item(), 100 * acc, gnorm, opt.param_groups[0]["lr"])
        print(row)

    name = "  SmallNet_v2  "
    print("[" + name.strip() + "]", name.strip().lower(), name.strip().upper(), name.strip().title())
    print(repr(name.lstrip()), repr(name.rstrip()))
    print("replace:", name.strip().replace("_", "-"), "| split:", "a,b,,c".split(","), "| rsplit:", "x.y.z".rsplit(".", 1))
    print("startswith:", "layer1.weight".startswith("layer"), "endswith:", "layer1.weight".endswith((".bias", ".weight")))
    print("find/index:", "conv.bn.weight".find("bn"), "conv.bn.weight".rfind("."), "zfill:", "7".zfill(3))
    print("join:", " -> ".join(str(s) for s in [3, 12, 2]))
    print("partition:", "lr=0.01".partition("="))
    print("ljust/rjust:", "<" + "ok".ljust(6) + ">", "<" + "ok".rjust(6, ".") + ">")
    print("isdigit:", "123".isdigit(), "12a".isdigit(), "isalpha:", "abc".isalpha(), "isspace:", "  ".isspace())
    print("count:", "0.weight 1.weight 2.bias".count("weight"))

    total = sum(p.numel() for p in model.parameters())
    print("{:,} parameters".format(total * 1000))
    print("{0} has {1} layers; {0} is {2}".format("model", len(model), "ready"))
    print("{name:>10}|{val:<8.3f}|{pct:.1%}".format(name="acc", val=0.98765, pct=0.98765))
    print(f"{'hex':<5}{255:#x} {255:08b} {255:o} {-3.14159:+.2f} {1234567.891:,.2f}")
    print(f"{3.0:g} {0.0001234:g} {1e20:g} {12345.678:e}")
    print(f"{'left':<10}|{'mid':^10}|{'right':>10}|")
    print(f"{'pad':*^11}")
    w = model[0].weight
    print(f"weight shape={tuple(w.shape)!r} mean={w.mean().item():.4f} std={w.std().item():.4f}")
    print("%s has %d params (%r)" % ("fc0", w.numel(), "weight"))
    print("%-8s|%8s|" % ("left", "right"))
    print("%05.1f %x %o %e %%" % (3.14159, 255, 8, 12345.678))
    print("%(name)s=%(value).2f" % {"name": "loss", "value": loss.item()})
    print(str(torch.tensor([1, 2, 3]).tolist()).replace(" ", ""))


if __name__ == "__main__":
    main()
