# Exercises gradient accumulation over micro-batches, equivalence with a full batch, and clip_grad_norm_ with ExponentialLR.
import copy
import torch
import torch.nn as nn


def make_model():
    return nn.Sequential(nn.Linear(6, 20), nn.GELU(), nn.Linear(20, 1))


def main():
    torch.manual_seed(37)
    x = torch.randn(64, 6)
    y = (x ** 2).sum(dim=1, keepdim=True) * 0.1
    base = make_model()
    m_full = copy.deepcopy(base)
    m_acc = copy.deepcopy(base)
    loss_fn = nn.MSELoss()

    # one full-batch step
    opt_full = torch.optim.SGD(m_full.parameters(), lr=0.05)
    opt_full.zero_grad()
    loss_fn(m_full(x), y).backward()
    g_full = [p.grad.clone() for p in m_full.parameters()]
    opt_full.step()

    # four accumulated micro-batches
    opt_acc = torch.optim.SGD(m_acc.parameters(), lr=0.05)
    opt_acc.zero_grad()
    accum = 4
    for chunk_x, chunk_y in zip(x.chunk(accum), y.chunk(accum)):
        loss = loss_fn(m_acc(chunk_x), chunk_y) / accum
        loss.backward()
    g_acc = [p.grad.clone() for p in m_acc.parameters()]
    opt_acc.step()
    print("grads match:", all(torch.allclose(a, b, atol=1e-6) for a, b in zip(g_full, g_acc)))
    print("params match:", all(torch.allclose(a, b, atol=1e-6) for a, b in zip(m_full.parameters(), m_acc.parameters())))

    # training loop with accumulation + clipping + scheduler
    model = make_model()
    opt = torch.optim.Adam(model.parameters(), lr=0.02, amsgrad=True)
    sched = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.95)
    micro = 8
    steps_done = 0
    for epoch in range(12):
        perm = torch.randperm(64)
        opt.zero_grad()
        running = 0.0
        for i, start in enumerate(range(0, 64, micro)):
            idx = perm[start:start + micro]
            loss = loss_fn(model(x[idx]), y[idx]) / 4
            loss.backward()
            running += loss.item()
            if (i + 1) % 4 == 0:
                norm = nn.utils.clip_grad_norm_(model.parameters(), max_norm=0.5)
                opt.step()
                opt.zero_grad()
                steps_done += 1
        sched.step()
        if epoch % 3 == 2:
            print(f"epoch {epoch:2d} loss {running / 2:.4f} last norm {norm.item():.4f} lr {sched.get_last_lr()[0]:.5f}")
    print("optimizer steps:", steps_done)
    print("amsgrad state keys:", sorted(opt.state[model[0].weight].keys()))


if __name__ == "__main__":
    main()
