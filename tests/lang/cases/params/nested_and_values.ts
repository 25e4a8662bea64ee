# A nested def takes its parameter types from its first call too; a function first passed as a
# value (key=, a callback) has dynamic parameters, so it works with whatever it is given.
import torch
import torch.nn as nn


def outer(n):
    def times(x):
        return x * n

    def never_called(y):
        return y
    return times(3) + times(4)


def neg(v):
    return -v


def describe(m):
    if isinstance(m, nn.Linear):
        return "linear %d->%d" % (m.in_features, m.out_features)
    return type(m).__name__


def show(m):
    print(describe(m))


print(outer(2))
print(sorted([3, 1, 2], key=neg), neg(5))
print(sorted(["ccc", "a", "bb"], key=lambda w: len(w)))
nn.Sequential(nn.Linear(2, 3), nn.ReLU()).apply(show)
words = {"x": 3, "y": 1, "z": 2}
print(max(words, key=lambda k: words[k]), min(words.items(), key=lambda kv: kv[1]))
print(min([], default=-1), max([2.5, 1.0], default=0.0))
xs = [(2, "b"), (1, "z"), (2, "a")]
xs.sort(key=lambda p: p[0], reverse=True)
print(xs)
