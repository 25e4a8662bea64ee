# collections.namedtuple as reinforcement-learning and data scripts use it: a replay memory of
# Transition records, points and batches with named fields; printing, unpacking, indexing,
# comparing and sorting as CPython's.
import collections
from collections import namedtuple

import torch

Transition = namedtuple("Transition", ("state", "action", "next_state", "reward"))
Point = collections.namedtuple("Point", "x y")
Sample = namedtuple("Sample", ["image", "label"])

torch.manual_seed(0)
memory = []
for step in range(4):
    state = torch.full([2], float(step))
    memory.append(Transition(state, step % 2, state + 1, 1.0 if step % 2 == 0 else -1.0))
print(memory[0])
print(len(memory), memory[-1].action, memory[2].reward, memory[1][1], len(memory[0]))
states = torch.stack([t.state for t in memory])
rewards = torch.tensor([t.reward for t in memory])
print(states.shape, rewards, sum(t.action for t in memory))
s, a, ns, r = memory[3]
print(s, a, ns, r)

p = Point(1, 2)
q = Point(x=3.5, y=-1)
print(p, q, p.x + q.y, p[0], p == Point(1, 2), p == (1, 2), p != q)
x, y = q
print(x, y, list(p), tuple(q), max(p), 2 in p)
points = [Point(3, 1), Point(1, 2), Point(2, 0)]
print(sorted(points), min([pt.y for pt in points]), [pt.x for pt in points if pt.y > 0])
by_point = {Point(0, 0): "origin"}
print(by_point[Point(0, 0)], Point(0, 0) in by_point)
sample = Sample(torch.zeros(1, 2, 2), 7)
print(sample.image.shape, sample.label, sample)
