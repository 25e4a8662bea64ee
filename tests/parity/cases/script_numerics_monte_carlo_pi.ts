# Exercises Monte Carlo estimation: pi by dart throwing, convergence with sample size, integrals, importance sampling, and confidence intervals.
import math
import torch
from dataclasses import dataclass
from typing import List


@dataclass
class Estimate:
    n: int
    value: float
    stderr: float

    def ci(self) -> str:
        lo = self.value - 1.96 * self.stderr
        hi = self.value + 1.96 * self.stderr
        return f"[{lo:.4f}, {hi:.4f}]"


def estimate_pi(n: int, gen: torch.Generator) -> Estimate:
    pts = torch.rand(n, 2, generator=gen)
    inside = (pts.pow(2).sum(dim=1) <= 1.0).float()
    p = inside.mean().item()
    se = 4.0 * math.sqrt(p * (1 - p) / n)
    return Estimate(n, 4.0 * p, se)


def mc_integral(f, a: float, b: float, n: int, gen: torch.Generator) -> Estimate:
    x = a + (b - a) * torch.rand(n, generator=gen, dtype=torch.float64)
    fx = f(x) * (b - a)
    return Estimate(n, fx.mean().item(), fx.std().item() / math.sqrt(n))


def main():
    gen = torch.Generator().manual_seed(2024)
    history: List[Estimate] = []
    for n in [100, 1000, 10000, 100000]:
        est = estimate_pi(n, gen)
        history.append(est)
        err = abs(est.value - math.pi)
        print(f"n={n:>6d} pi~{est.value:.5f} err={err:.5f} se={est.stderr:.5f} 95% CI {est.ci()}")
    covered = sum(1 for e in history if abs(e.value - math.pi) < 1.96 * e.stderr)
    print(f"CI covered true pi in {covered}/{len(history)} runs")

    # batched: many independent estimates at once
    trials = torch.rand(200, 500, 2, generator=gen)
    ests = 4.0 * (trials.pow(2).sum(-1) <= 1).float().mean(dim=1)
    print(f"200 trials of 500: mean {ests.mean().item():.4f} std {ests.std().item():.4f}")
    print(f"theory std: {4 * math.sqrt((math.pi / 4) * (1 - math.pi / 4) / 500):.4f}")

    # integrals
    e1 = mc_integral(lambda x: torch.exp(-x * x), 0.0, 2.0, 50000, gen)
    exact1 = math.sqrt(math.pi) / 2 * math.erf(2.0)
    print(f"int exp(-x^2) 0..2: {e1.value:.5f} +- {e1.stderr:.5f} (exact {exact1:.5f})")
    e2 = mc_integral(lambda x: torch.sin(x) ** 2, 0.0, math.pi, 50000, gen)
    print(f"int sin^2 0..pi: {e2.value:.5f} +- {e2.stderr:.5f} (exact {math.pi / 2:.5f})")

    # importance sampling for a tail probability P(Z > 3)
    n = 20000
    z = torch.randn(n, generator=gen, dtype=torch.float64)
    naive = (z > 3).double().mean().item()
    shifted = torch.randn(n, generator=gen, dtype=torch.float64) + 3.0
    weights = torch.exp(-3.0 * shifted + 4.5)
    imp = ((shifted > 3).double() * weights).mean().item()
    exact = 0.5 * math.erfc(3 / math.sqrt(2))
    print(f"P(Z>3): naive {naive:.6f} importance {imp:.6f} exact {exact:.6f}")

    # volume of the unit ball in d dimensions
    for d in [2, 3, 4, 5]:
        pts = torch.rand(40000, d, generator=gen) * 2 - 1
        frac = (pts.norm(dim=1) <= 1).float().mean().item()
        vol = frac * 2 ** d
        exact_vol = math.pi ** (d / 2) / math.gamma(d / 2 + 1)
        print(f"  d={d}: ball volume {vol:.4f} exact {exact_vol:.4f}")

    # Buffon's needle
    m = 100000
    centers = torch.rand(m, generator=gen) * 0.5
    angles = torch.rand(m, generator=gen) * (math.pi / 2)
    hits = (centers <= 0.5 * torch.sin(angles)).float().sum().item()
    print(f"Buffon pi estimate: {2 * m / hits:.4f}")


if __name__ == "__main__":
    main()
