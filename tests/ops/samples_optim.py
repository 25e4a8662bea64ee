"""The fused optimizer updates (`_ts_optim_<name>_`, src/ops/optim_updates.cpp; imported by
samples.py): each sample is one step over a parameter list, compared with torch.optim's own
single-tensor step (foreach=False) on the same tensors, the parameters and every state tensor
after the step included (the "reference" form)."""
import importlib

from spec import T, U, V, c, f32, f64, op, reference


# ---- the PyTorch code each op stands for ----

def functional(name):
    """torch.optim.<name>.<name>: the single-tensor/foreach step function of that optimizer (the
    torch.optim package deletes its submodule names, so they are taken from the import system)."""
    return getattr(importlib.import_module("torch.optim." + name), name)


@reference("_ts_optim_sgd_")
def sgd(params, grads, momentum_buffers, *, lr, momentum, dampening, weight_decay, nesterov, maximize):
    bufs = list(momentum_buffers)  # torch.optim.SGD keeps the new buffers in its state
    functional("sgd")(params, grads, bufs, foreach=False, lr=lr, momentum=momentum, dampening=dampening,
                        weight_decay=weight_decay, nesterov=nesterov, maximize=maximize)
    return bufs


@reference("_ts_optim_adam_")
def adam(params, grads, state_steps, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, *, lr, beta1, beta2, eps,
         weight_decay, amsgrad, maximize, decoupled):
    step = functional("adamw" if decoupled else "adam")
    step(params, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps, foreach=False, amsgrad=amsgrad,
         beta1=beta1, beta2=beta2, lr=lr, weight_decay=weight_decay, eps=eps, maximize=maximize)


@reference("_ts_optim_rmsprop_")
def rmsprop(params, grads, square_avgs, grad_avgs, momentum_buffers, *, lr, alpha, eps, weight_decay, momentum,
            centered, maximize):
    functional("rmsprop")(params, grads, square_avgs, grad_avgs, momentum_buffers, foreach=False,
                                maximize=maximize, lr=lr, alpha=alpha, eps=eps, weight_decay=weight_decay,
                                momentum=momentum, centered=centered)


@reference("_ts_optim_adagrad_")
def adagrad(params, grads, state_steps, state_sums, *, lr, lr_decay, eps, weight_decay, maximize):
    functional("adagrad")(params, grads, state_sums, state_steps, foreach=False, lr=lr,
                                weight_decay=weight_decay, lr_decay=lr_decay, eps=eps, maximize=maximize)


@reference("_ts_optim_adadelta_")
def adadelta(params, grads, square_avgs, acc_deltas, *, lr, rho, eps, weight_decay, maximize):
    functional("adadelta")(params, grads, square_avgs, acc_deltas, foreach=False, lr=lr, rho=rho, eps=eps,
                                  weight_decay=weight_decay, maximize=maximize)


@reference("_ts_optim_adamax_")
def adamax(params, grads, state_steps, exp_avgs, exp_infs, *, lr, beta1, beta2, eps, weight_decay, maximize):
    functional("adamax")(params, grads, exp_avgs, exp_infs, state_steps, foreach=False, maximize=maximize,
                              eps=eps, beta1=beta1, beta2=beta2, lr=lr, weight_decay=weight_decay)


@reference("_ts_optim_nadam_")
def nadam(params, grads, state_steps, mu_products, exp_avgs, exp_avg_sqs, *, lr, beta1, beta2, eps, weight_decay,
          momentum_decay):
    functional("nadam")(params, grads, exp_avgs, exp_avg_sqs, mu_products, state_steps, foreach=False,
                            beta1=beta1, beta2=beta2, lr=lr, weight_decay=weight_decay,
                            momentum_decay=momentum_decay, eps=eps)


@reference("_ts_optim_radam_")
def radam(params, grads, state_steps, exp_avgs, exp_avg_sqs, *, lr, beta1, beta2, eps, weight_decay):
    functional("radam")(params, grads, exp_avgs, exp_avg_sqs, state_steps, foreach=False, beta1=beta1,
                            beta2=beta2, lr=lr, weight_decay=weight_decay, eps=eps)


# ---- samples ----

SHAPES = [(3, 4), (5,), (), (0, 2)]  # a matrix, a vector, a 0-dim and an empty parameter


def tensors(dt=f32, gen=None, shapes=SHAPES):
    return [T(*s, dtype=dt, gen=gen) for s in shapes]


def state(dt=f32, shapes=SHAPES):
    """Running averages of squares and the like: not negative."""
    return tensors(dt, U(0.0, 1.5), shapes)


def steps(*values):
    """Step counters (torch.optim keeps float32 0-dim tensors), one per parameter."""
    return [T(dtype=f32, gen=V(v)) for v in values]


def none(n=len(SHAPES)):
    return [None] * n


def opt(name, calls):
    op(name, calls, form="reference", family="optim")


SGD = dict(lr=0.1, momentum=0.9, dampening=0.0, weight_decay=0.0, nesterov=False, maximize=False)
opt("_ts_optim_sgd_", [
    c(tensors(), tensors(), none(), **dict(SGD, momentum=0.0)),             # plain SGD
    c(tensors(), tensors(), none(), **SGD),                                 # first step: new buffers
    c(tensors(), tensors(), tensors(), **dict(SGD, dampening=0.25)),       # with buffers, dampening
    c(tensors(), tensors(), tensors(), **dict(SGD, nesterov=True, weight_decay=0.01)),
    c(tensors(f64), tensors(f64), none(), **dict(SGD, maximize=True, weight_decay=0.1)),
    c(tensors(f64), tensors(f64), tensors(f64), **dict(SGD, momentum=0.0, maximize=True)),
])

ADAM = dict(lr=1e-2, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.0, amsgrad=False, maximize=False,
            decoupled=False)
opt("_ts_optim_adam_", [
    c(tensors(), tensors(), steps(0, 0, 0, 0), tensors(), state(), [], **ADAM),
    c(tensors(), tensors(), steps(3, 10, 1, 0), tensors(), state(), [], **dict(ADAM, weight_decay=0.1)),
    c(tensors(), tensors(), steps(2, 5, 0, 1), tensors(), state(), state(), **dict(ADAM, amsgrad=True)),
    c(tensors(), tensors(), steps(4, 0, 2, 0), tensors(), state(), [], **dict(ADAM, decoupled=True, weight_decay=0.01)),
    c(tensors(f64), tensors(f64), steps(1, 7, 0, 0), tensors(f64), state(f64), state(f64),
      **dict(ADAM, decoupled=True, weight_decay=0.05, amsgrad=True, maximize=True)),
    c(tensors(f64), tensors(f64), steps(6, 6, 6, 6), tensors(f64), state(f64), [], **dict(ADAM, maximize=True)),
])

RMS = dict(lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0.0, momentum=0.0, centered=False, maximize=False)
opt("_ts_optim_rmsprop_", [
    c(tensors(), tensors(), state(), none(), none(), **RMS),
    c(tensors(), tensors(), state(), none(), tensors(), **dict(RMS, momentum=0.9, weight_decay=0.1)),
    # centered: the square average stays above the squared gradient average (0.1 ** 2 < 0.5)
    c(tensors(), tensors(), tensors(gen=U(0.5, 1.5)), tensors(gen=U(-0.1, 0.1)),
      none(), **dict(RMS, centered=True)),
    c(tensors(f64), tensors(f64), tensors(f64, U(0.5, 1.5)), tensors(f64, U(-0.1, 0.1)), tensors(f64),
      **dict(RMS, centered=True, momentum=0.5, maximize=True, weight_decay=0.01)),
])

ADAGRAD = dict(lr=1e-2, lr_decay=0.0, eps=1e-10, weight_decay=0.0, maximize=False)
opt("_ts_optim_adagrad_", [
    c(tensors(), tensors(), steps(0, 0, 0, 0), state(), **ADAGRAD),
    c(tensors(), tensors(), steps(3, 1, 0, 2), state(), **dict(ADAGRAD, lr_decay=0.1, weight_decay=0.1)),
    c(tensors(f64), tensors(f64), steps(5, 0, 1, 0), state(f64), **dict(ADAGRAD, maximize=True, lr_decay=0.01)),
])

ADADELTA = dict(lr=1.0, rho=0.9, eps=1e-6, weight_decay=0.0, maximize=False)
opt("_ts_optim_adadelta_", [
    c(tensors(), tensors(), state(), state(), **ADADELTA),
    c(tensors(), tensors(), state(), state(), **dict(ADADELTA, weight_decay=0.1, lr=0.5)),
    c(tensors(f64), tensors(f64), state(f64), state(f64), **dict(ADADELTA, maximize=True, rho=0.95)),
])

ADAMAX = dict(lr=2e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.0, maximize=False)
opt("_ts_optim_adamax_", [
    c(tensors(), tensors(), steps(0, 0, 0, 0), tensors(), state(), **ADAMAX),
    c(tensors(), tensors(), steps(2, 9, 0, 1), tensors(), state(), **dict(ADAMAX, weight_decay=0.1)),
    c(tensors(f64), tensors(f64), steps(4, 0, 1, 0), tensors(f64), state(f64), **dict(ADAMAX, maximize=True)),
])

NADAM = dict(lr=2e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.0, momentum_decay=4e-3)
opt("_ts_optim_nadam_", [
    c(tensors(), tensors(), steps(0, 0, 0, 0), steps(1, 1, 1, 1), tensors(), state(), **NADAM),
    c(tensors(), tensors(), steps(3, 8, 0, 1), steps(0.7, 0.2, 1, 0.9), tensors(), state(),
      **dict(NADAM, weight_decay=0.1)),
    c(tensors(f64), tensors(f64), steps(5, 0, 2, 0), steps(0.5, 1, 0.8, 1), tensors(f64), state(f64),
      **dict(NADAM, momentum_decay=0.01)),
])

RADAM = dict(lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.0)
opt("_ts_optim_radam_", [
    c(tensors(), tensors(), steps(0, 0, 0, 0), tensors(), state(), **RADAM),             # not rectified
    c(tensors(), tensors(), steps(9, 20, 5, 7), tensors(), state(), **RADAM),            # rectified (step > 5)
    c(tensors(), tensors(), steps(2, 12, 0, 30), tensors(), state(), **dict(RADAM, weight_decay=0.1)),
    c(tensors(f64), tensors(f64), steps(15, 0, 6, 1), tensors(f64), state(f64), **dict(RADAM, beta2=0.99)),
])
