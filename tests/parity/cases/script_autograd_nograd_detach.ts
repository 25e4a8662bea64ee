# Exercises no_grad, enable_grad, set_grad_enabled, inference_mode, detach, detach_, requires_grad flags, and stop-gradient tricks.
import torch


class Counter:
    def __init__(self) -> None:
        self.calls = 0

    def hook(self, grad: torch.Tensor) -> torch.Tensor:
        self.calls += 1
        return grad * 2


def main():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    with torch.no_grad():
        y = x * 2
    print("inside no_grad requires_grad:", y.requires_grad, "grad_fn None:", y.grad_fn is None)
    print("grad mode now:", torch.is_grad_enabled())
    with torch.no_grad():
        print("grad mode inside:", torch.is_grad_enabled())
        with torch.enable_grad():
            z = x * 3
        print("enable_grad nested requires_grad:", z.requires_grad)
    for flag in [False, True]:
        with torch.set_grad_enabled(flag):
            w = x ** 2
        print(f"set_grad_enabled({flag}) -> requires_grad {w.requires_grad}")
    with torch.inference_mode():
        inf = x * 5
    print("inference_mode requires_grad:", inf.requires_grad, "is_inference:", inf.is_inference())

    # detach shares storage but cuts the graph
    a = torch.tensor([3.0, 4.0], requires_grad=True)
    b = a * 2
    c = b.detach()
    print("detached requires_grad:", c.requires_grad)
    c[0] = 100.0
    print("b sees in-place change on detached:", b.tolist())
    loss = (a * c).sum()
    loss.backward()
    print("grad through detached factor:", a.grad.tolist())

    # stop-gradient trick: straight-through estimator
    v = torch.tensor([0.2, 0.7, 1.4], requires_grad=True)
    hard = torch.round(v)
    ste = v + (hard - v).detach()
    print("ste values:", ste.tolist())
    (ste * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
    print("ste grad passes through:", v.grad.tolist())

    # updating parameters under no_grad, as in a manual SGD loop
    torch.manual_seed(10)
    w = torch.randn(3, requires_grad=True)
    target = torch.tensor([1.0, -2.0, 0.5])
    for step in range(5):
        loss = ((w - target) ** 2).sum()
        loss.backward()
        with torch.no_grad():
            w -= 0.3 * w.grad
            w.grad.zero_()
        print(f"step {step} loss {loss.item():.5f}")
    print("w is still leaf:", w.is_leaf, "requires grad:", w.requires_grad)

    # hooks on tensors
    cnt = Counter()
    p = torch.tensor([1.0, 1.0], requires_grad=True)
    handle = p.register_hook(cnt.hook)
    (p * 3).sum().backward()
    print("hooked grad:", p.grad.tolist(), "calls:", cnt.calls)
    handle.remove()
    p.grad = None
    (p * 3).sum().backward()
    print("after remove:", p.grad.tolist(), "calls:", cnt.calls)

    # torch.no_grad as decorator
    @torch.no_grad()
    def evaluate(t: torch.Tensor) -> torch.Tensor:
        return t * t

    r = evaluate(x)
    print("decorated result requires_grad:", r.requires_grad, r.tolist())

    # detach_ in place and clone keeping graph
    e = x * 4
    e2 = e.clone()
    print("clone grad_fn:", type(e2.grad_fn).__name__)
    e.detach_()
    print("after detach_:", e.requires_grad, e.grad_fn is None)
    print("data attr shares values:", x.data.tolist(), x.data.requires_grad)


if __name__ == "__main__":
    main()
