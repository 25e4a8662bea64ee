import torch
torch.manual_seed(0)
N, D_in, H, D_out = 64, 1000, 100, 10
x = torch.randn(N, D_in)
y = torch.randn(N, D_out)
w1 = torch.randn(D_in, H, requires_grad=True)
w2 = torch.randn(H, D_out, requires_grad=True)
learning_rate = 1e-6
for t in range(40):  # the seed runs 500 steps; float sums drift from PyTorch past ~100
    y_pred = x.mm(w1).clamp(min=0).mm(w2)
    loss = (y_pred - y).pow(2).sum()
    print(t, loss.item())
    loss.backward()
    with torch.no_grad():
        w1 -= learning_rate * w1.grad
        w2 -= learning_rate * w2.grad
        w1.grad.zero_()
        w2.grad.zero_()
# The seed uses the gradients directly: warnings, as PyTorch code does (Note [Optional used directly]).
# expect warning: 15:31 `w1.grad` may be None here
# expect warning: 16:31 `w2.grad` may be None here
# expect warning: 17:9 `w1.grad` may be None here
# expect warning: 18:9 `w2.grad` may be None here
