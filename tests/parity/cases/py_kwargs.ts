# **kwargs parameters, f(**mapping) and f(*args, **kwargs) forwarding, as training scripts use
# them: configs unpacked into constructors, decorators that wrap any function, factories.
import functools
import json
import torch
import torch.nn as nn
from dataclasses import dataclass


def describe(name, *args, sep=", ", **kwargs):
    parts = [str(a) for a in args] + [k + "=" + str(v) for k, v in kwargs.items()]
    return name + "(" + sep.join(parts) + ")"


print(describe("f"))
print(describe("f", 1, 2, lr=0.1, momentum=0.9))
print(describe("g", 3, sep=" | ", flag=True))
opts = {"lr": 0.01, "wd": 0.0}
print(describe("h", **opts))
print(describe("h", 7, **opts, extra="x"))


def train_once(lr, epochs=2, verbose=False):
    return f"lr={lr} epochs={epochs} verbose={verbose}"


cfg = {"lr": 0.5, "epochs": 3}
print(train_once(**cfg))
print(train_once(0.1, **{"verbose": True}))
args = [0.2]
print(train_once(*args, **{"epochs": 9}))
try:
    train_once(**{"lr": 1, "batch": 4})
except TypeError as e:
    print("TypeError:", e)
try:
    train_once(1, **{"lr": 2})
except TypeError as e:
    print("TypeError:", e)
try:
    train_once(**{"epochs": 2})
except TypeError as e:
    print("TypeError:", e)


def logged(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        print("calling", fn.__name__, len(args), sorted(kwargs))
        return fn(*args, **kwargs)
    return wrapper


@logged
def scale(x, factor=2.0):
    return x * factor


print(scale(torch.ones(2)))
print(scale(torch.ones(2), factor=3.0))


@dataclass
class ModelConfig:
    d_in: int
    hidden: int = 16
    d_out: int = 2
    dropout: float = 0.0


raw = json.loads('{"d_in": 4, "hidden": 8}')
mc = ModelConfig(**raw)
print(mc)


class MLP(nn.Module):
    def __init__(self, d_in, hidden, d_out, dropout=0.0, **kwargs):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d_in, hidden), nn.ReLU(), nn.Dropout(dropout), nn.Linear(hidden, d_out))
        self.unused = sorted(kwargs)

    def forward(self, x):
        return self.net(x)


torch.manual_seed(0)
model = MLP(**{"d_in": 4, "hidden": 8, "d_out": 3, "note": "x"})
print(model.unused, model(torch.randn(2, 4)).shape)
opt_kwargs = {"lr": 0.1, "momentum": 0.9}
opt = torch.optim.SGD(model.parameters(), **opt_kwargs)
print(opt.param_groups[0]["lr"], opt.param_groups[0]["momentum"])

layers = {"linear": nn.Linear, "conv": nn.Conv2d}


def make_layer(kind, *args, **kwargs):
    return layers[kind](*args, **kwargs)


lin = make_layer("linear", 3, 5, bias=False)
print(lin, lin.bias is None)


class Registry:
    def __init__(self):
        self.calls = []

    def fire(self, event, **payload):
        self.calls.append((event, sorted(payload.items())))
        return len(payload)


r = Registry()
print(r.fire("start", epoch=1, lr=0.1))
print(r.fire("end", **{"epoch": 2}))
print(r.calls)


def total(**counts: int) -> int:
    return sum(counts.values())


print(total(a=1, b=2, c=3), total())
