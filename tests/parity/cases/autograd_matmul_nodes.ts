# matmul records PyTorch 1.13's decomposition: its nodes for each rank combination.
import torch
from typing import List
def chain(t: torch.Tensor, depth: int = 4) -> List[str]:
    out: List[str] = []
    g = t.grad_fn
    while g is not None and depth>0:
        out.append(g.name()); nf=[n for n,_ in g.next_functions if n is not None]; g=nf[0] if len(nf) > 0 else None; depth-=1
    return out
A3=torch.ones(2,3,4,requires_grad=True); B2=torch.ones(4,5,requires_grad=True); A2=torch.ones(5,3,requires_grad=True); v4=torch.ones(4,requires_grad=True); v3=torch.ones(3,requires_grad=True); C3=torch.ones(2,4,5,requires_grad=True)
print('3x2', chain(A3@B2))
print('2x3', chain(A2@A3))
print('1x3', chain(v3@A3))
print('3x1', chain(A3@v4))
print('3x3', chain(A3@C3))
print('4x3', chain(torch.ones(2,2,3,4,requires_grad=True)@C3))
print('2x1 batch', chain(torch.ones(2,3,4).transpose(1,2).requires_grad_()@torch.ones(3,5)))
print('1x1', chain(v4@v4), '2x1', chain(A2.t()@v3 if False else B2.t()@v4))
# gradients through each form (values against PyTorch)
torch.manual_seed(0)
P = torch.randn(2, 3, 4, requires_grad=True)
Q = torch.randn(4, 5, requires_grad=True)
R = torch.randn(2, 4, 5, requires_grad=True)
w = torch.randn(3, requires_grad=True)
((P @ Q).sin().sum() + (P @ R).cos().sum() + (w @ P).tanh().sum() + (P @ Q[:, 0]).sum()).backward()
print(P.grad.sum(dim=0), Q.grad, R.grad.sum(dim=0), w.grad)
print(torch.ones(2, 3) @ torch.ones(3), torch.ones(1, 2, 3).matmul(torch.ones(2, 3, 1)).shape)
