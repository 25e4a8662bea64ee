import torch
from torch.autograd.functional import jacobian, hessian

torch.manual_seed(4)


def f(x):
    return torch.stack([x[0] * x[1], x[0] ** 2 + torch.sin(x[1])])


def scalar_fn(x):
    return (x ** 2).sum() + x[0] * x[1] * x[2]


x = torch.tensor([1.0, 2.0])
J = jacobian(f, x)
print("jacobian:\n", J.round(decimals=4))

x3 = torch.tensor([1.0, -1.0, 2.0])
H = hessian(scalar_fn, x3)
print("hessian:\n", H)

# grad_outputs for vector-Jacobian products
v = torch.tensor([1.0, 2.0], requires_grad=True)
out = v * v * 3
(vjp,) = torch.autograd.grad(out, v, grad_outputs=torch.tensor([1.0, 0.5]))
print("vjp:", vjp)

# hooks on tensors
w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
seen = []
handle = w.register_hook(lambda g: seen.append(g.clone()))
(w * 2).sum().backward()
print("hook saw:", seen[0])
handle.remove()
w.grad = None
(w * 5).sum().backward()
print("after remove, hooks called:", len(seen), "grad:", w.grad)

doubler = torch.tensor([1.0, 1.0], requires_grad=True)
doubler.register_hook(lambda g: g * 2)
(doubler * 3).sum().backward()
print("modified grad:", doubler.grad)

# gradient accumulation across micro-batches
data = torch.randn(8, 3)
target = torch.randn(8)
weights = torch.zeros(3, requires_grad=True)
full_loss = ((data @ weights - target) ** 2).mean()
(full_grad,) = torch.autograd.grad(full_loss, weights)
for chunk_x, chunk_y in zip(data.split(4), target.split(4)):
    loss = ((chunk_x @ weights - chunk_y) ** 2).mean() / 2
    loss.backward()
print("accumulated matches full:", torch.allclose(weights.grad, full_grad, atol=1e-6))

# no_grad decorator and inference_mode
@torch.no_grad()
def evaluate(model_w, xs):
    return xs @ model_w


pred = evaluate(weights, data)
print("pred requires_grad:", pred.requires_grad)
with torch.inference_mode():
    inf_out = weights * 2
print("inference tensor:", inf_out.is_inference(), inf_out.requires_grad)

# anomaly-free double backward: gradient penalty
p = torch.tensor([0.5, -0.5], requires_grad=True)
y = (p ** 3).sum()
(gp,) = torch.autograd.grad(y, p, create_graph=True)
penalty = (gp.norm() - 1) ** 2
penalty.backward()
print(f"penalty={penalty.item():.4f} grad={[round(g, 4) for g in p.grad.tolist()]}")
