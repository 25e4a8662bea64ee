# Exercises root finding: bisection on Python floats and tensors, Newton's method using autograd derivatives.
import math
import torch


def bisect(f, lo: float, hi: float, tol: float = 1e-10, max_iter: int = 200):
    flo = f(lo)
    if flo * f(hi) > 0:
        raise ValueError(f"no sign change on [{lo}, {hi}]")
    it = 0
    while hi - lo > tol and it < max_iter:
        mid = 0.5 * (lo + hi)
        fm = f(mid)
        if flo * fm <= 0:
            hi = mid
        else:
            lo, flo = mid, fm
        it += 1
    return 0.5 * (lo + hi), it


def newton(f, x0: float, steps: int = 8):
    x = torch.tensor(x0, dtype=torch.float64, requires_grad=True)
    history = []
    for _ in range(steps):
        y = f(x)
        (g,) = torch.autograd.grad(y, x)
        with torch.no_grad():
            x -= y / g
        history.append(x.item())
    return history


def batched_bisect(targets: torch.Tensor, iters: int = 40) -> torch.Tensor:
    lo = torch.zeros_like(targets)
    hi = torch.full_like(targets, 10.0)
    for _ in range(iters):
        mid = (lo + hi) / 2
        too_big = mid * mid > targets
        hi = torch.where(too_big, mid, hi)
        lo = torch.where(too_big, lo, mid)
    return (lo + hi) / 2


def main():
    root, n = bisect(lambda x: x * x - 2.0, 0.0, 2.0)
    print(f"sqrt(2) by bisection: {root:.10f} in {n} iterations, error {abs(root - math.sqrt(2)):.2e}")
    root, n = bisect(math.cos, 0.0, 3.0, tol=1e-6)
    print(f"pi/2 by bisection: {root:.6f} ({n} its)")
    try:
        bisect(lambda x: x * x + 1.0, -1.0, 1.0)
    except ValueError as e:
        print("error:", e)

    hist = newton(lambda x: x ** 3 - 2 * x - 5, 2.0, steps=6)
    print("newton iterates:", [f"{h:.12f}" for h in hist])
    hist2 = newton(lambda x: torch.exp(x) - 3.0, 0.0, steps=7)
    print(f"log(3) newton {hist2[-1]:.12f} math {math.log(3):.12f}")

    targets = torch.tensor([1.0, 2.0, 9.0, 50.0], dtype=torch.float64)
    roots = batched_bisect(targets, iters=50)
    print("batched sqrt:", [f"{r:.8f}" for r in roots.tolist()])
    print("max abs err:", f"{(roots - targets.sqrt()).abs().max().item():.2e}")

    x = torch.linspace(0.1, 3.0, 30, dtype=torch.float64, requires_grad=True)
    y = torch.sin(x) * x
    (dy,) = torch.autograd.grad(y.sum(), x)
    analytic = torch.cos(x) * x + torch.sin(x)
    print("autograd derivative matches:", torch.allclose(dy, analytic))
    sign = torch.sign(dy)
    crossing = ((sign[1:] * sign[:-1]) < 0).nonzero().squeeze(1)
    print("derivative sign change between samples:", crossing.tolist())
    i = int(crossing[0].item())
    a = float(x[i].item())
    b = float(x[i + 1].item())
    crit, _ = bisect(lambda t: math.cos(t) * t + math.sin(t), a, b)
    print(f"critical point {crit:.8f} value {math.sin(crit) * crit:.8f}")


if __name__ == "__main__":
    main()
