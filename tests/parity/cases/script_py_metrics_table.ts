# Exercises a per-class metrics report: confusion matrix, precision/recall/F1, formatted text tables and sorting.
import torch


def confusion(pred: torch.Tensor, target: torch.Tensor, k: int) -> torch.Tensor:
    idx = target * k + pred
    return torch.bincount(idx, minlength=k * k).reshape(k, k)


def report(cm: torch.Tensor, names):
    tp = cm.diag().float()
    precision = tp / cm.sum(0).float().clamp(min=1)
    recall = tp / cm.sum(1).float().clamp(min=1)
    f1 = torch.where(precision + recall > 0, 2 * precision * recall / (precision + recall), torch.zeros_like(tp))
    rows = []
    for i, name in enumerate(names):
        rows.append({"name": name, "precision": precision[i].item(), "recall": recall[i].item(), "f1": f1[i].item(), "support": int(cm[i].sum().item())})
    return rows


def main():
    torch.manual_seed(0)
    names = ["cat", "dog", "bird", "fish"]
    target = torch.randint(0, 4, (60,))
    noise = torch.randint(0, 4, (60,))
    pred = torch.where(torch.rand(60) < 0.7, target, noise)
    cm = confusion(pred, target, 4)
    header = "true\\pred " + "".join(f"{n:>6}" for n in names)
    print(header)
    print("-" * len(header))
    for i, n in enumerate(names):
        print(f"{n:<10}" + "".join(f"{v:>6d}" for v in cm[i].tolist()))
    rows = report(cm, names)
    print()
    print(f"{'class':<8}|{'prec':>8}|{'recall':>8}|{'f1':>8}|{'n':>4}")
    print("=" * 40)
    for r in rows:
        print(f"{r['name']:<8}|{r['precision']:>8.3f}|{r['recall']:>8.3f}|{r['f1']:>8.3f}|{r['support']:>4}")
    macro = {k: sum(r[k] for r in rows) / len(rows) for k in ("precision", "recall", "f1")}
    total = sum(r["support"] for r in rows)
    weighted_f1 = sum(r["f1"] * r["support"] for r in rows) / total
    print("=" * 40)
    print(f"{'macro':<8}|{macro['precision']:>8.3f}|{macro['recall']:>8.3f}|{macro['f1']:>8.3f}|{total:>4}")
    print(f"weighted f1 {weighted_f1:.4f}, accuracy {(pred == target).float().mean().item():.4f}")
    best = sorted(rows, key=lambda r: (-r["f1"], r["name"]))
    print("ranking by f1:", [r["name"] for r in best])
    worst_pair = max(((names[i], names[j], int(cm[i, j].item())) for i in range(4) for j in range(4) if i != j), key=lambda t: t[2])
    print("most confused:", worst_pair)
    by_support = {r["name"]: r["support"] for r in rows}
    print("support:", dict(sorted(by_support.items(), key=lambda kv: kv[1], reverse=True)))
    print("{:^20}".format("centered"), "|{:*<10}|".format("left"), "{:+.2e}".format(12345.678), "{:,}".format(1234567))
    print("%-6s|%5.1f%%|%03d" % ("pct", 12.345, 7))
    print(f"{0.5:.1%} {42:#x} {42:08b} {3.14159:10.3f}| {'r':>3}{'l':<3}|")


if __name__ == "__main__":
    main()
