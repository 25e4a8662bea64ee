# itertools as training scripts use it: hyper-parameter grids (product), pairs of layers,
# running sums, batching with islice, endless data with cycle and count, and CPython's errors.
import itertools
from itertools import accumulate, chain, count, cycle, groupby, islice, permutations, product, repeat, zip_longest

from typing import Any

import torch

grid = list(product([0.1, 0.01], [16, 32]))
print(grid, len(grid))
for lr, bs in product([0.1, 0.01], [16]):
    print("lr", lr, "batch", bs)
print(list(product([0, 1], repeat=2)), list(product("ab", repeat=1)), list(product()))
print(list(permutations([1, 2, 3], 2)), list(permutations(range(3))), list(permutations("abc", 0)))
print(list(itertools.combinations(["conv", "bn", "relu"], 2)), list(itertools.combinations([1, 2], 3)))
print(list(itertools.combinations_with_replacement("ab", 2)), list(itertools.combinations_with_replacement([1], 0)))

layers = [[1, 2], [3], []]
print(list(chain([1, 2], [3], range(4, 6))), list(chain.from_iterable(layers)), list(chain("ab", "c")))
params = [torch.ones(2), torch.zeros(1)]
print(len(list(chain(params, [torch.full([3], 2.0)]))))

print(list(accumulate([1, 2, 3, 4])), list(accumulate([0.5, 0.25, 0.125])))
print(list(accumulate([3, 1, 4, 1, 5], lambda a, b: max(a, b))), list(accumulate([1, 2, 3], lambda a, b: a * b)))
print(list(accumulate([1, 2, 4], lambda a, b: a / b)), list(accumulate([1, 2], initial=100)), list(accumulate([], initial=1)), list(accumulate(["a", "b"])))

print(list(zip_longest([1, 2, 3], ["a"])), list(zip_longest([1], [2, 3], fillvalue=0)))
for key, group in groupby([1, 1, 2, 3, 3, 3, 1]):
    print(key, list(group))
for letter, words in groupby(["apple", "avocado", "banana", "blueberry", "cherry"], key=lambda w: w[0]):
    print(letter, list(words))


def power(base: int, exp: int) -> int:
    return base**exp


print(list(itertools.starmap(power, [(2, 3), (3, 2)])), list(itertools.starmap(lambda a, b: a + b, [(1, 2)])))
print(list(itertools.takewhile(lambda x: x < 3, [1, 2, 3, 1])), list(itertools.dropwhile(lambda x: x < 3, [1, 2, 3, 1])))
print(list(itertools.compress("abcdef", [1, 0, 1, 0, 1, 1])), list(itertools.pairwise([1, 2, 3, 4])))

# Batches of 3 from a dataset, and the first items of endless streams.
data = list(range(8))
it = 0
while it < len(data):
    print(list(islice(data, it, it + 3)))
    it += 3
print(list(islice(count(), 5)), list(islice(count(10, 5), 2, 6)), list(islice("abcdefg", 0, None, 2)))
print(list(islice(cycle(["train", "val"]), 5)), list(repeat("x", 3)), list(repeat(1, 0)))
for step, batch in zip(count(1), ["b0", "b1", "b2"]):
    print(step, batch)
print(list(zip(repeat(0.5), [1, 2])), list(zip(cycle([0, 1]), "abc")))
steps = 0
for phase in cycle(["warmup", "train"]):
    steps += 1
    if steps > 3:
        break
    print(steps, phase)
counter = count(100)
print(next(counter), next(counter), counter)

loaded: Any = 5  # a value whose type is known only at run time
try:
    list(chain([1], loaded))
except TypeError as e:
    print("TypeError", e)
try:
    list(product(loaded, repeat=2))
except TypeError as e:
    print("TypeError", e)
try:
    list(islice([1, 2], -1))
except ValueError as e:
    print("ValueError", e)
try:
    list(islice([1, 2], 0, 2, 0))
except ValueError as e:
    print("ValueError", e)
