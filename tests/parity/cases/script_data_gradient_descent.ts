import torch

torch.manual_seed(2)

x = torch.linspace(-1, 1, 40).unsqueeze(1)
y = 3.0 * x - 0.5 + 0.1 * torch.randn(40, 1)

w = torch.zeros(1, 1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
lr = 0.1
history = []
for epoch in range(60):
    pred = x @ w + b
    loss = ((pred - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= lr * w.grad
        b -= lr * b.grad
    w.grad.zero_()
    b.grad.zero_()
    history.append(loss.item())
    if epoch % 15 == 0:
        print(f"epoch {epoch:2d} loss {loss.item():.4f}")
print(f"w={w.item():.4f} b={b.item():.4f}")
print("loss decreased:", history[-1] < history[0])

# manual gradients without autograd
w2 = torch.zeros(1, 1)
b2 = torch.zeros(1)
for step in range(60):
    pred = x @ w2 + b2
    err = pred - y
    grad_w = 2 * (x * err).mean(dim=0, keepdim=True)
    grad_b = 2 * err.mean()
    w2 = w2 - lr * grad_w
    b2 = b2 - lr * grad_b
print(f"manual w={w2.item():.4f} b={b2.item():.4f}")
print("agree:", abs(w2.item() - w.item()) < 1e-4 and abs(b2.item() - b.item()) < 1e-4)

# momentum on the Rosenbrock function
p = torch.tensor([-1.5, 2.0], requires_grad=True)
velocity = torch.zeros(2)
for it in range(2000):
    f = (1 - p[0]) ** 2 + 100 * (p[1] - p[0] ** 2) ** 2
    (g,) = torch.autograd.grad(f, p)
    velocity = 0.9 * velocity + g
    with torch.no_grad():
        p -= 1e-4 * velocity
    if it % 500 == 0:
        print(f"it {it} f={f.item():.4f}")
print("final point:", [f"{v:.3f}" for v in p.tolist()])

# same with torch.optim.SGD for comparison
q = torch.tensor([-1.5, 2.0], requires_grad=True)
opt = torch.optim.SGD([q], lr=1e-4, momentum=0.9)
for it in range(2000):
    opt.zero_grad()
    f = (1 - q[0]) ** 2 + 100 * (q[1] - q[0] ** 2) ** 2
    f.backward()
    opt.step()
print("sgd point:", [f"{v:.3f}" for v in q.tolist()])
