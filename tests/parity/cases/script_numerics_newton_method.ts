# Exercises Newton's method with autograd: scalar roots, square roots, vectorised roots, multivariate Newton with the Jacobian, and bisection as a fallback.
import torch
from typing import Callable, Tuple


def newton_scalar(f: Callable[[torch.Tensor], torch.Tensor], x0: float, tol: float = 1e-10, max_iter: int = 50) -> Tuple[float, int]:
    x = torch.tensor(x0, dtype=torch.float64, requires_grad=True)
    for it in range(max_iter):
        y = f(x)
        (dy,) = torch.autograd.grad(y, x)
        step = (y / dy).item()
        with torch.no_grad():
            x -= step
        if abs(step) < tol:
            return x.item(), it + 1
    return x.item(), max_iter


def bisection(f: Callable[[float], float], lo: float, hi: float, iters: int = 60) -> float:
    flo = f(lo)
    for _ in range(iters):
        mid = 0.5 * (lo + hi)
        fm = f(mid)
        if (fm < 0) == (flo < 0):
            lo, flo = mid, fm
        else:
            hi = mid
    return 0.5 * (lo + hi)


def newton_system(x0: torch.Tensor, iters: int) -> torch.Tensor:
    def F(v: torch.Tensor) -> torch.Tensor:
        return torch.stack([v[0] ** 2 + v[1] ** 2 - 4.0, torch.exp(v[0]) + v[1] - 1.0])

    x = x0.clone()
    for k in range(iters):
        J = torch.autograd.functional.jacobian(F, x)
        fx = F(x)
        dx = torch.linalg.solve(J, -fx)
        x = x + dx
        print(f"  iter {k}: x=({x[0].item():.8f}, {x[1].item():.8f}) |F|={torch.linalg.norm(F(x)).item():.3e}")
    return x


def main():
    root, its = newton_scalar(lambda x: x ** 3 - 2 * x - 5, 2.0)
    print(f"root of x^3-2x-5: {root:.12f} in {its} iterations")
    root2, its2 = newton_scalar(lambda x: torch.cos(x) - x, 1.0)
    print(f"root of cos(x)-x: {root2:.12f} in {its2} iterations")
    for a in [2.0, 10.0, 144.0]:
        r, n = newton_scalar(lambda x: x * x - a, a)
        print(f"sqrt({a:g}) = {r:.10f} ({n} iters)")

    b = bisection(lambda x: x ** 3 - 2 * x - 5, 2.0, 3.0)
    print(f"bisection agrees: {abs(b - root) < 1e-9}")

    # vectorised Newton: many cube roots at once (elementwise functions -> diagonal Jacobian)
    targets = torch.tensor([1.0, 8.0, 27.0, 50.0, 1000.0], dtype=torch.float64)
    x = torch.ones_like(targets)
    for i in range(30):
        x = x - (x ** 3 - targets) / (3 * x ** 2)
    print("cube roots:", [f"{v:.8f}" for v in x.tolist()])
    print("check:", torch.allclose(x ** 3, targets))

    # Newton on a 2x2 nonlinear system
    print("newton system:")
    sol = newton_system(torch.tensor([1.0, -1.0], dtype=torch.float64), 6)
    print(f"solution: ({sol[0].item():.6f}, {sol[1].item():.6f})")

    # Newton minimisation in 1D uses second derivative
    x = torch.tensor(3.0, dtype=torch.float64, requires_grad=True)
    for k in range(6):
        f = x ** 4 - 4 * x ** 2 + x
        (g,) = torch.autograd.grad(f, x, create_graph=True)
        (h,) = torch.autograd.grad(g, x)
        with torch.no_grad():
            x -= g / h
        print(f"  min iter {k}: x={x.item():.8f} f'={g.item():.3e}")
    print(f"local minimum near x={x.item():.6f}")


if __name__ == "__main__":
    main()
