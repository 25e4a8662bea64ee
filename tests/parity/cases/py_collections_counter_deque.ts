# collections.Counter (class balance, vocabularies) and deque (a moving window of recent losses,
# a replay buffer with maxlen), with CPython's printing and errors.
from collections import Counter, deque
import collections
from typing import Any, List

import torch

labels = [2, 0, 1, 2, 2, 0, 1, 2]
balance = Counter(labels)
print(balance)
print(balance.most_common(1), balance.most_common(), balance[2], balance[7], len(balance))
print(sorted(balance.elements()), balance.total())
weights = {k: len(labels) / (len(balance) * v) for k, v in balance.items()}
print(sorted(weights.items()))

chars = Counter("abracadabra")
print(chars, chars.most_common(3))
chars.update("zzz")
chars.update({"a": 2})
chars.subtract("aaaa")
print(chars, list(chars.elements()))
vocab = Counter()
for sentence in ["the cat sat", "the dog sat down"]:
    vocab.update(sentence.split())
print(vocab.most_common(2), vocab["the"], "cat" in vocab, "bird" in vocab)
seen = Counter()
for t in torch.tensor([3, 1, 3, 3]).tolist():
    seen[t] += 1
print(seen, Counter(), Counter({"x": 2, "y": 0}))
a = Counter("aab")
b = Counter("bbc")
print(a + b, a - b, b - a, a | b, a & b)
print(Counter(cats=4, dogs=8).most_common(1), Counter([1.5, 2.5, 1.5]))

# A window over the last 3 losses.
window = deque(maxlen=3)
for step, loss in enumerate([0.9, 0.7, 0.6, 0.4, 0.35]):
    window.append(loss)
    print(step, window, round(sum(window) / len(window), 4))
print(window.maxlen, window[0], window[-1], list(window))

replay = deque([1, 2, 3])
replay.appendleft(0)
replay.extend([4, 5])
replay.extendleft([-1, -2])
print(replay, replay.maxlen, len(replay))
print(replay.pop(), replay.popleft(), replay)
replay.rotate(2)
print(replay)
replay.rotate(-3)
print(replay)
replay.insert(1, 100)
replay.remove(100)
print(replay, replay.index(3), replay.count(1), 4 in replay)
replay.reverse()
print(replay, replay.copy())
replay.clear()
print(replay, bool(replay))
names = deque("abc")
for n in names:
    print(n)
bounded = deque([1, 2, 3, 4, 5], 2)
print(bounded, deque(), deque([], maxlen=0))
bounded.appendleft(9)
print(bounded)
q = collections.deque([torch.zeros(1), torch.ones(1)])
print(torch.cat(list(q)))

loaded: Any = 5  # a value whose type is known only at run time
try:
    Counter(loaded)
except TypeError as e:
    print("TypeError", e)
try:
    deque(loaded)
except TypeError as e:
    print("TypeError", e)
try:
    deque().pop()
except IndexError as e:
    print("IndexError", e)
try:
    deque().popleft()
except IndexError as e:
    print("IndexError", e)
try:
    print(deque([1, 2])[5])
except IndexError as e:
    print("IndexError", e)
try:
    deque([1]).remove(3)
except ValueError as e:
    print("ValueError", e)
try:
    deque([1, 2], maxlen=2).insert(0, 3)
except IndexError as e:
    print("IndexError", e)
try:
    deque([1], maxlen=-1)
except ValueError as e:
    print("ValueError", e)
