# Exercises numerically stable softmax/logsumexp versus naive formulas, float16/float64 behaviour and log-space tricks.
import math
import torch
import torch.nn.functional as F


def naive_softmax(x: torch.Tensor) -> torch.Tensor:
    e = torch.exp(x)
    return e / e.sum(dim=-1, keepdim=True)


def stable_softmax(x: torch.Tensor) -> torch.Tensor:
    z = x - x.max(dim=-1, keepdim=True).values
    e = torch.exp(z)
    return e / e.sum(dim=-1, keepdim=True)


def manual_logsumexp(x: torch.Tensor) -> torch.Tensor:
    m = x.max(dim=-1, keepdim=True).values
    return (m + torch.log(torch.exp(x - m).sum(dim=-1, keepdim=True))).squeeze(-1)


def main():
    small = torch.tensor([[1.0, 2.0, 3.0]])
    big = torch.tensor([[1000.0, 1001.0, 1002.0]])
    print("naive small:", [round(v, 6) for v in naive_softmax(small)[0].tolist()])
    print("naive big has nan:", bool(torch.isnan(naive_softmax(big)).any().item()))
    print("stable big:", [round(v, 6) for v in stable_softmax(big)[0].tolist()])
    print("torch softmax big:", [round(v, 6) for v in torch.softmax(big, -1)[0].tolist()])
    print("exp(1000):", torch.exp(torch.tensor(1000.0)).item(), "isinf:", torch.isinf(torch.exp(torch.tensor(1000.0))).item())

    x = torch.tensor([[-1000.0, -1000.5, -999.0]])
    print("logsumexp torch:", f"{torch.logsumexp(x, -1).item():.6f}", "manual:", f"{manual_logsumexp(x).item():.6f}")
    print("naive log(sum(exp)):", torch.log(torch.exp(x).sum()).item())

    logits = torch.tensor([[2.0, -1.0, 0.5], [100.0, 0.0, -100.0]])
    target = torch.tensor([0, 2])
    print("cross entropy per row:", [round(v, 4) for v in F.cross_entropy(logits, target, reduction="none").tolist()])
    lp = F.log_softmax(logits, dim=1)
    print("log_softmax row 1:", lp[1].tolist())
    print("exp(log_softmax) sums:", [round(v, 6) for v in lp.exp().sum(1).tolist()])

    h = torch.tensor([10.0, 11.0, 12.0], dtype=torch.float16)
    print("fp16 exp(12) overflows:", torch.exp(h.float()).half().tolist())
    print("fp16 max:", torch.finfo(torch.float16).max, "eps:", torch.finfo(torch.float16).eps)
    print("fp32 eps:", torch.finfo(torch.float32).eps, "tiny:", torch.finfo(torch.float32).tiny)
    print("fp16 softmax:", torch.softmax(h.float(), -1).half().tolist())
    print("1 + eps/2 == 1 in fp32:", (torch.tensor(1.0) + torch.finfo(torch.float32).eps / 2).item() == 1.0)

    p = torch.tensor([1e-8, 0.5, 1.0 - 1e-8], dtype=torch.float64)
    print("log1p vs log(1+x):", f"{torch.log1p(torch.tensor(1e-10, dtype=torch.float64)).item():.6e}", f"{math.log(1 + 1e-10):.6e}")
    print("logit:", [f"{v:.4f}" for v in torch.logit(p).tolist()])
    print("sigmoid(-800) fp32:", torch.sigmoid(torch.tensor(-800.0)).item(), "softplus(800):", F.softplus(torch.tensor(800.0)).item())
    print("expm1 small:", f"{torch.expm1(torch.tensor(1e-10, dtype=torch.float64)).item():.6e}")
    bce_logits = F.binary_cross_entropy_with_logits(torch.tensor([50.0, -50.0]), torch.tensor([0.0, 1.0]))
    print(f"bce with logits extreme: {bce_logits.item():.4f}")
    print("nan_to_num:", torch.nan_to_num(torch.tensor([float("nan"), float("inf"), -float("inf"), 1.0]), nan=0.0, posinf=9.0, neginf=-9.0).tolist())
    temps = [0.5, 1.0, 2.0]
    base = torch.tensor([1.0, 2.0, 4.0])
    for t in temps:
        probs = torch.softmax(base / t, 0)
        ent = -(probs * probs.log()).sum().item()
        print(f"temperature {t}: max prob {probs.max().item():.4f} entropy {ent:.4f}")


if __name__ == "__main__":
    main()
