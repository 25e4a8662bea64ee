# Lists hold values of any types, as Python's: elements with no common type are dynamic, and
# appending a value of another type to an inferred list widens its elements.
import torch.nn as nn


class Scale:
    def __init__(self, k):
        self.k = k

    def __call__(self, v):
        return v * self.k


class Shift:
    def __init__(self, d):
        self.d = d

    def __call__(self, v):
        return v + self.d


xs = [1, "a", 2.5, None]
print(xs, len(xs), [type(x).__name__ for x in xs])
pipeline = [Scale(3), Shift(1), Scale(2)]
v = 2
for step in pipeline:
    v = step(v)
print(v)
layers = []
layers.append(nn.Linear(4, 8))
layers.append(nn.ReLU())
layers.append(nn.Linear(8, 2))
net = nn.Sequential(*layers)
print(net)
row = [0]
row.append("x")
print(row)
