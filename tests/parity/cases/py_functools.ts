# functools in training-script style: reduce over shapes and losses, partial for configured
# functions, and lru_cache / cache memoizing (the call counts show the cache at work).
import functools
from functools import cache, lru_cache, partial, reduce
from typing import Any, List

import torch

shape = [4, 3, 2]
print(reduce(lambda a, b: a * b, shape), reduce(lambda a, b: a * b, shape, 10))
losses = [0.5, 0.25, 0.125]
print(reduce(lambda acc, x: acc + x, losses), reduce(lambda acc, x: acc + x, [], 0.0))
print(reduce(lambda acc, w: acc + len(w), ["conv", "bn"], 0), functools.reduce(lambda a, b: max(a, b), [3, 9, 2]))
tensors = [torch.ones(2), torch.full([2], 2.0), torch.full([2], 3.0)]
print(reduce(lambda a, b: a + b, tensors), reduce(lambda a, b: a / b, [1, 2, 4]))


def total(xs: List[int], start: int) -> int:
    return reduce(lambda a, b: a + b, xs, start)


print(total([1, 2, 3], 100))


def scaled_loss(pred: float, target: float, weight: float) -> float:
    return weight * (pred - target) ** 2


half = partial(scaled_loss, weight=0.5)
print(half(3.0, 1.0), half(1.0, 1.0))
against_zero = partial(scaled_loss, 2.0, 0.0)
print(against_zero(1.0), against_zero(0.25))
linear = partial(torch.nn.functional.linear, weight=torch.eye(2))
print(linear(torch.tensor([[1.0, 2.0]])))
add3 = functools.partial(lambda a, b, c: a + b + c, 1, 2)
print(add3(3))

calls = [0]


@lru_cache(maxsize=None)
def fib(n: int) -> int:
    calls[0] += 1
    return n if n < 2 else fib(n - 1) + fib(n - 2)


print(fib(40), calls[0])
print(fib(40), calls[0])


@functools.lru_cache(maxsize=2)
def square(x: int) -> int:
    calls[0] += 1
    return x * x


calls[0] = 0
print(square(2), square(3), square(2), square(4), square(3), square(2), calls[0])


@cache
def label_name(i: int) -> str:
    calls[0] += 1
    return "class_" + str(i)


calls[0] = 0
print([label_name(i % 3) for i in range(9)], calls[0])


@lru_cache
def cell(i: int, j: int) -> float:
    calls[0] += 1
    return i * 0.5 + j


calls[0] = 0
print(cell(1, 2), cell(1, 2), cell(2, 1), calls[0])

loaded: Any = 5  # a value whose type is known only at run time (say, from a config)
try:
    reduce(lambda a, b: a + b, loaded)
except TypeError as e:
    print("TypeError", e)
try:
    reduce(lambda a, b: a + b, [])
except TypeError as e:
    print("TypeError", e)
try:
    print(half(1.0))
except TypeError as e:
    print("TypeError", type(e).__name__)
