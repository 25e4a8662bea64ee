import torch
w = torch.tensor([1.0, 2.0], requires_grad=True)
loss = (w * w).sum() * 3
loss.backward()
print(w.grad, loss.item())
# expect: tensor([ 6., 12.]) 15.0
