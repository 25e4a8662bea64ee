# The script's own decorators on functions: wrappers with functools.wraps, decorators with
# arguments, stacked decorators, registries that return the function unchanged, and rebinding
# a function's name to a wrapped version by hand.
import functools
import time
import torch

REGISTRY = {}


def register(name):
    def deco(fn):
        REGISTRY[name] = fn
        return fn
    return deco


def count_calls(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        wrapper_calls.append(fn.__name__)
        return fn(*args, **kwargs)
    return wrapper


wrapper_calls = []


def repeat(times):
    def deco(fn):
        def run(*args, **kwargs):
            out = None
            for _ in range(times):
                out = fn(*args, **kwargs)
            return out
        return run
    return deco


def timed(fn):
    @functools.wraps(fn)
    def inner(*args, **kwargs):
        start = time.perf_counter()
        result = fn(*args, **kwargs)
        elapsed = time.perf_counter() - start
        print(f"{fn.__name__} ran", elapsed >= 0)
        return result
    return inner


@register("relu")
def relu(x):
    return torch.clamp(x, min=0)


@register("square")
@count_calls
def square(x):
    return x * x


@repeat(3)
def step(counter):
    counter.append(len(counter))
    return len(counter)


@timed
@count_calls
def loss_fn(pred, target, reduction="mean"):
    diff = (pred - target) ** 2
    return diff.mean() if reduction == "mean" else diff.sum()


print(sorted(REGISTRY))
x = torch.tensor([-1.0, 2.0, -3.0])
print(REGISTRY["relu"](x), relu(x))
print(square(x), REGISTRY["square"](x))
print(square.__name__, loss_fn.__name__, relu.__name__)
c = []
print(step(c), c)
print(loss_fn(torch.ones(3), torch.zeros(3)))
print(loss_fn(torch.ones(3), torch.zeros(3), reduction="sum"))
print(wrapper_calls)


def shout(fn):
    return lambda s: fn(s).upper()


def greet(name):
    return "hello " + name


greet = shout(greet)
print(greet("ts"))
