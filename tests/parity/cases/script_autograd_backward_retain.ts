# Exercises autograd basics: requires_grad, backward, grad accumulation, zero_, retain_graph, non-scalar backward with gradient arg, leaf/grad_fn.
import torch


def main():
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = x * x + 2 * x
    z = y.sum()
    print("is_leaf x/y:", x.is_leaf, y.is_leaf)
    print("grad_fn names:", type(y.grad_fn).__name__, type(z.grad_fn).__name__)
    print("requires_grad y:", y.requires_grad)
    z.backward()
    print("dz/dx = 2x+2:", x.grad.tolist())

    # gradients accumulate
    z2 = (x ** 3).sum()
    z2.backward()
    print("accumulated:", x.grad.tolist())
    x.grad.zero_()
    print("after zero_:", x.grad.tolist())

    # retain_graph allows a second backward through the same graph
    w = torch.tensor(2.0, requires_grad=True)
    out = torch.sin(w) * w
    out.backward(retain_graph=True)
    g1 = w.grad.item()
    out.backward()
    g2 = w.grad.item()
    print(f"first grad {g1:.5f}, accumulated after second {g2:.5f}")
    try:
        out.backward()
        print("third backward unexpectedly worked")
    except RuntimeError:
        print("third backward failed: graph freed")

    # non-scalar outputs need a gradient argument
    a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    b = a * 3
    try:
        b.backward()
    except RuntimeError:
        print("non-scalar backward without gradient raised RuntimeError")
    b.backward(torch.ones_like(b))
    print("vector-Jacobian with ones:", a.grad.tolist())
    a.grad = None
    c = a.pow(2)
    c.backward(gradient=torch.tensor([[1.0, 0.0], [0.0, 2.0]]))
    print("weighted VJP:", a.grad.tolist())

    # chain rule through several ops
    t = torch.tensor(0.5, requires_grad=True)
    f = torch.exp(torch.tanh(t) ** 2) / (1 + t)
    f.backward()
    th = torch.tanh(torch.tensor(0.5))
    e = torch.exp(th ** 2)
    manual = e * 2 * th * (1 - th ** 2) / 1.5 - e / 1.5 ** 2
    print(f"autograd {t.grad.item():.6f} manual {manual.item():.6f}")

    # requires_grad_ and in-place ops on leaves
    p = torch.ones(3)
    print("p requires grad before:", p.requires_grad)
    p.requires_grad_()
    q = (p * torch.arange(3.0)).sum()
    q.backward()
    print("grad p:", p.grad.tolist())
    try:
        p.add_(1.0)
    except RuntimeError:
        print("in-place on leaf requiring grad raised RuntimeError")

    # gradient of mean/max/abs
    v = torch.tensor([-2.0, 0.5, 3.0, 1.0], requires_grad=True)
    v.max().backward()
    print("grad of max:", v.grad.tolist())
    v.grad = None
    v.abs().mean().backward()
    print("grad of abs().mean():", v.grad.tolist())
    v.grad = None
    torch.nn.functional.relu(v).sum().backward()
    print("grad of relu sum:", v.grad.tolist())
    v.grad = None
    torch.clamp(v, -1.0, 2.0).sum().backward()
    print("grad of clamp:", v.grad.tolist())

    # grad on intermediate tensors with retain_grad
    h = torch.tensor([1.0, -1.0], requires_grad=True)
    mid = h * 4
    mid.retain_grad()
    (mid ** 2).sum().backward()
    print("mid.grad:", mid.grad.tolist(), "h.grad:", h.grad.tolist())


if __name__ == "__main__":
    main()
