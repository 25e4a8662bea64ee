# Every lr_scheduler's learning-rate sequence (PyTorch's chainable formulas), get_last_lr,
# state_dict keys and a round trip, and ReduceLROnPlateau's reductions.
import torch
from typing import List, Any


def params() -> List[torch.Tensor]:
    return [torch.zeros(2, requires_grad=True)]


def trace(name: str, opt: Any, sched: Any, n: int) -> None:
    lrs: List[float] = []
    for i in range(n):
        opt.step()
        sched.step()
        lrs.append(round(opt.param_groups[0]["lr"], 8))
    print(name, lrs, [round(v, 8) for v in sched.get_last_lr()])


o = torch.optim.SGD(params(), lr=0.1)
trace("step", o, torch.optim.lr_scheduler.StepLR(o, step_size=3, gamma=0.5), 10)
o = torch.optim.SGD(params(), lr=0.1)
trace("multistep", o, torch.optim.lr_scheduler.MultiStepLR(o, milestones=[2, 5, 5, 8], gamma=0.5), 10)
o = torch.optim.SGD(params(), lr=0.1)
trace("exponential", o, torch.optim.lr_scheduler.ExponentialLR(o, gamma=0.9), 8)
o = torch.optim.SGD(params(), lr=0.1)
trace("cosine", o, torch.optim.lr_scheduler.CosineAnnealingLR(o, T_max=4, eta_min=0.01), 12)
o = torch.optim.SGD(params(), lr=0.1)
trace("warm_restarts", o, torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(o, T_0=3, T_mult=2, eta_min=0.001), 12)
o = torch.optim.SGD(params(), lr=0.1)
trace("lambda", o, torch.optim.lr_scheduler.LambdaLR(o, lambda e: 0.95 ** e), 6)
o = torch.optim.SGD(params(), lr=0.1)
trace("multiplicative", o, torch.optim.lr_scheduler.MultiplicativeLR(o, lambda e: 0.9), 6)
o = torch.optim.SGD(params(), lr=0.1)
trace("linear", o, torch.optim.lr_scheduler.LinearLR(o, start_factor=0.25, total_iters=4), 7)
o = torch.optim.SGD(params(), lr=0.1)
trace("constant", o, torch.optim.lr_scheduler.ConstantLR(o, factor=0.5, total_iters=3), 6)
o = torch.optim.SGD(params(), lr=0.1, momentum=0.9)
trace("onecycle", o, torch.optim.lr_scheduler.OneCycleLR(o, max_lr=1.0, total_steps=10), 9)
print("momentum", round(o.param_groups[0]["momentum"], 8))
oa = torch.optim.Adam(params(), lr=0.1)
trace("onecycle3", oa, torch.optim.lr_scheduler.OneCycleLR(oa, max_lr=0.5, epochs=2, steps_per_epoch=5,
                                                          three_phase=True, anneal_strategy="linear"), 9)
print("betas", [round(b, 8) for b in oa.param_groups[0]["betas"]])
o = torch.optim.SGD(params(), lr=0.1)
s1 = torch.optim.lr_scheduler.LinearLR(o, start_factor=0.5, total_iters=2)
s2 = torch.optim.lr_scheduler.ExponentialLR(o, gamma=0.9)
trace("sequential", o, torch.optim.lr_scheduler.SequentialLR(o, [s1, s2], milestones=[3]), 8)
o = torch.optim.SGD(params(), lr=0.1)
c1 = torch.optim.lr_scheduler.ConstantLR(o, factor=0.5, total_iters=2)
c2 = torch.optim.lr_scheduler.ExponentialLR(o, gamma=0.9)
trace("chained", o, torch.optim.lr_scheduler.ChainedScheduler([c1, c2]), 6)

o = torch.optim.SGD(params(), lr=0.1)
st = torch.optim.lr_scheduler.StepLR(o, step_size=2)
for i in range(3):
    o.step()
    st.step()
sd = st.state_dict()
print(sorted(sd.keys()), sd["last_epoch"], sd["_step_count"], sd["base_lrs"])
o2 = torch.optim.SGD(params(), lr=0.1)
st2 = torch.optim.lr_scheduler.StepLR(o2, step_size=5)
st2.load_state_dict(sd)
print(st2.step_size, st2.last_epoch)

o = torch.optim.SGD(params(), lr=1.0)
plateau = torch.optim.lr_scheduler.ReduceLROnPlateau(o, factor=0.5, patience=2, cooldown=1, min_lr=0.1)
for loss in [1.0, 0.9, 0.95, 0.96, 0.97, 0.99, 0.98, 0.97, 0.99, 1.0, 1.1, 1.2, 1.3]:
    plateau.step(loss)
    print(round(o.param_groups[0]["lr"], 6), plateau.num_bad_epochs, plateau.best)

for mode in ["triangular", "triangular2", "exp_range"]:
    o = torch.optim.SGD(params(), lr=0.1, momentum=0.9)
    trace("cyclic-" + mode, o, torch.optim.lr_scheduler.CyclicLR(o, 0.01, 0.1, step_size_up=3, step_size_down=2,
                                                                 mode=mode, gamma=0.9), 12)
    print("momentum", round(o.param_groups[0]["momentum"], 8))
