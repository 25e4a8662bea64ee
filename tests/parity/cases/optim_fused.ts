# The optimizers' default update (foreach=None) against the single-tensor loop (foreach=False):
# 10 steps on a small model with several parameters, float32 and float64; the two must agree to
# the last bit (parameters and optimizer state), and both must agree with PyTorch.
import torch
import torch.nn as nn
from typing import List, Dict, Any, Tuple


def train(make: Any, foreach: Any, dtype: torch.dtype, wide: bool) -> Tuple[List[torch.Tensor], Dict[int, Dict[str, Any]]]:
    torch.manual_seed(0)
    n = 4200 if wide else 5
    model = nn.Sequential(nn.Linear(n, 8), nn.Tanh(), nn.Linear(8, 3)).to(dtype)
    x = torch.randn(12, n, dtype=dtype)
    y = torch.randn(12, 3, dtype=dtype)
    opt = make(model.parameters(), foreach)
    for step in range(10):
        opt.zero_grad()
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        opt.step()
    return list(model.parameters()), opt.state_dict()["state"]


def same_state(a: Dict[int, Dict[str, Any]], b: Dict[int, Dict[str, Any]]) -> bool:
    for i, s in a.items():
        for k, v in s.items():
            w = b[i][k]
            if isinstance(v, torch.Tensor):
                if not torch.equal(v, w):
                    return False
            elif v != w:
                return False
    return len(a) == len(b)


def check(name: str, make: Any) -> None:
    for dtype in [torch.float32, torch.float64]:
        for wide in [False, True]:
            if wide and dtype == torch.float64:
                continue
            a, sa = train(make, None, dtype, wide)
            b, sb = train(make, False, dtype, wide)
            equal = [torch.equal(p, q) for p, q in zip(a, b)]
            w = a[2].flatten().tolist()
            print(name, dtype, wide, equal, same_state(sa, sb), [round(v, 5) for v in w[:4]])


check("sgd", lambda p, f: torch.optim.SGD(p, lr=0.1, foreach=f))
check("sgd-momentum", lambda p, f: torch.optim.SGD(p, lr=0.05, momentum=0.9, dampening=0.1, weight_decay=0.01,
                                                    foreach=f))
check("sgd-nesterov", lambda p, f: torch.optim.SGD(p, lr=0.05, momentum=0.9, nesterov=True, weight_decay=0.1,
                                                    foreach=f))
check("sgd-maximize", lambda p, f: torch.optim.SGD(p, lr=0.01, momentum=0.5, maximize=True, foreach=f))
check("adam", lambda p, f: torch.optim.Adam(p, lr=0.05, foreach=f))
check("adam-amsgrad", lambda p, f: torch.optim.Adam(p, lr=0.05, amsgrad=True, weight_decay=0.1, foreach=f))
check("adam-maximize", lambda p, f: torch.optim.Adam(p, lr=0.01, betas=(0.8, 0.99), eps=1e-6, maximize=True,
                                                     foreach=f))
check("adamw", lambda p, f: torch.optim.AdamW(p, lr=0.05, foreach=f))
check("adamw-amsgrad", lambda p, f: torch.optim.AdamW(p, lr=0.02, weight_decay=0.5, amsgrad=True, maximize=True,
                                                      foreach=f))
check("rmsprop", lambda p, f: torch.optim.RMSprop(p, lr=0.01, foreach=f))
check("rmsprop-centered", lambda p, f: torch.optim.RMSprop(p, lr=0.01, momentum=0.5, centered=True, weight_decay=0.1,
                                                            foreach=f))
check("rmsprop-maximize", lambda p, f: torch.optim.RMSprop(p, lr=0.01, alpha=0.9, momentum=0.3, maximize=True,
                                                            foreach=f))
check("adagrad", lambda p, f: torch.optim.Adagrad(p, lr=0.1, lr_decay=0.01, initial_accumulator_value=0.1,
                                                  foreach=f))
check("adagrad-maximize", lambda p, f: torch.optim.Adagrad(p, lr=0.05, weight_decay=0.1, maximize=True, foreach=f))
check("adadelta", lambda p, f: torch.optim.Adadelta(p, lr=1.0, weight_decay=0.01, foreach=f))
check("adadelta-maximize", lambda p, f: torch.optim.Adadelta(p, lr=0.5, rho=0.8, maximize=True, foreach=f))
check("adamax", lambda p, f: torch.optim.Adamax(p, lr=0.05, foreach=f))
check("adamax-maximize", lambda p, f: torch.optim.Adamax(p, lr=0.02, weight_decay=0.1, maximize=True, foreach=f))
check("nadam", lambda p, f: torch.optim.NAdam(p, lr=0.05, foreach=f))
check("nadam-decay", lambda p, f: torch.optim.NAdam(p, lr=0.02, weight_decay=0.1, momentum_decay=0.01, foreach=f))
check("radam", lambda p, f: torch.optim.RAdam(p, lr=0.05, weight_decay=0.01, foreach=f))
check("radam-betas", lambda p, f: torch.optim.RAdam(p, lr=0.01, betas=(0.5, 0.6), foreach=f))

# A float16 parameter cannot take the native update: the op path runs (same numbers as PyTorch's).
torch.manual_seed(3)
hp = torch.randn(2, 4).to(torch.float16).requires_grad_()
hopt = torch.optim.SGD([hp], lr=0.5, momentum=0.5)
for i in range(3):
    hp.grad = torch.ones(2, 4, dtype=torch.float16) * 0.25
    hopt.step()
print(hp.dtype, hp.flatten().tolist())

# Non-contiguous parameters and gradients take the op path too.
for foreach in [None, False]:
    torch.manual_seed(4)
    nc = torch.randn(4, 3).t().requires_grad_()
    nopt = torch.optim.Adam([nc], lr=0.1, foreach=foreach)
    for i in range(3):
        nc.grad = torch.randn(4, 3).t()
        nopt.step()
    print(nc.is_contiguous(), [round(v, 5) for v in nc.flatten().tolist()])

# Momentum turned off after some steps: the buffers become None, as in the single-tensor loop.
for foreach in [None, False]:
    torch.manual_seed(5)
    sp = torch.randn(3, requires_grad=True)
    sopt = torch.optim.SGD([sp], lr=0.1, momentum=0.9, foreach=foreach)
    for i in range(4):
        sp.grad = torch.randn(3)
        if i == 2:
            sopt.param_groups[0]["momentum"] = 0
        sopt.step()
    print(sopt.state[sp]["momentum_buffer"] is None, [round(v, 5) for v in sp.tolist()])

# A parameter without a gradient is left alone, and gets no state.
torch.manual_seed(2)
m = nn.Linear(3, 2)
bias = m.bias
assert bias is not None
bias.requires_grad_(False)
opt = torch.optim.Adam(m.parameters(), lr=0.1)
m(torch.randn(4, 3)).sum().backward()
opt.step()
print(len(opt.state), [round(v, 5) for v in bias.tolist()], opt.state_dict()["state"][0]["step"])
