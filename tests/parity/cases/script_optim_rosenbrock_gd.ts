# Exercises gradient descent on the Rosenbrock function: manual GD with momentum, torch.optim SGD/Adam/LBFGS comparisons, gradient clipping.
import torch
from typing import Dict, List


def rosenbrock(p: torch.Tensor, a: float = 1.0, b: float = 100.0) -> torch.Tensor:
    return (a - p[0]) ** 2 + b * (p[1] - p[0] ** 2) ** 2


def manual_momentum(steps: int, lr: float, beta: float) -> torch.Tensor:
    p = torch.tensor([-1.5, 2.0], requires_grad=True)
    vel = torch.zeros(2)
    for i in range(steps):
        loss = rosenbrock(p)
        loss.backward()
        with torch.no_grad():
            vel = beta * vel + p.grad
            p -= lr * vel
        p.grad.zero_()
        if i % 500 == 0:
            print(f"  manual step {i:4d} loss {loss.item():.6f}")
    return p.detach()


def run_optimizer(name: str, steps: int) -> List[float]:
    p = torch.tensor([-1.5, 2.0], requires_grad=True)
    if name == "sgd":
        opt = torch.optim.SGD([p], lr=1e-4, momentum=0.9)
    elif name == "adam":
        opt = torch.optim.Adam([p], lr=0.02)
    elif name == "rmsprop":
        opt = torch.optim.RMSprop([p], lr=1e-3)
    else:
        raise ValueError(name)
    for i in range(steps):
        opt.zero_grad()
        loss = rosenbrock(p)
        loss.backward()
        torch.nn.utils.clip_grad_norm_([p], max_norm=50.0)
        opt.step()
    return p.detach().tolist()


def main():
    torch.manual_seed(0)
    start = torch.tensor([-1.5, 2.0], requires_grad=True)
    val = rosenbrock(start)
    val.backward()
    print(f"f(start) = {val.item():.4f}, grad = {[round(g, 4) for g in start.grad.tolist()]}")

    print("manual gradient descent with momentum:")
    p = manual_momentum(2001, 1e-4, 0.9)
    print(f"  final p = ({p[0].item():.4f}, {p[1].item():.4f}) f = {rosenbrock(p).item():.6f}")

    results: Dict[str, List[float]] = {}
    for name in ["sgd", "adam", "rmsprop"]:
        results[name] = run_optimizer(name, 1500)
    for name, xy in results.items():
        f = rosenbrock(torch.tensor(xy)).item()
        print(f"{name:>8}: x={xy[0]:.4f} y={xy[1]:.4f} f={f:.6f}")

    # LBFGS needs a closure
    q = torch.tensor([-1.5, 2.0], requires_grad=True)
    lbfgs = torch.optim.LBFGS([q], lr=1.0, max_iter=100, line_search_fn="strong_wolfe")
    evals = [0]

    def closure() -> torch.Tensor:
        lbfgs.zero_grad()
        loss = rosenbrock(q)
        loss.backward()
        evals[0] += 1
        return loss

    for outer in range(3):
        loss = lbfgs.step(closure)
        print(f"  lbfgs outer {outer} loss {loss.item():.3e}")
    print(f"lbfgs: x={q[0].item():.6f} y={q[1].item():.6f} evaluations={evals[0]}")

    # learning rate schedule on a quadratic bowl
    w = torch.tensor([5.0, -3.0], requires_grad=True)
    opt = torch.optim.SGD([w], lr=0.4)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=5, gamma=0.5)
    for epoch in range(15):
        opt.zero_grad()
        loss = (w ** 2 * torch.tensor([1.0, 3.0])).sum()
        loss.backward()
        opt.step()
        sched.step()
        if epoch % 5 == 4:
            print(f"  epoch {epoch} loss {loss.item():.6f} lr {sched.get_last_lr()[0]:.4f}")


if __name__ == "__main__":
    main()
