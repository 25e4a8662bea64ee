# random.sample and random.choices draw what CPython draws for the same seed (its algorithms).
import random
random.seed(7)
print(random.sample(range(10), 3), random.sample(["a", "b", "c", "d"], 4))
print(random.sample(list(range(100)), 5))
print(random.choices([1, 2, 3], k=5), random.choices(["x", "y"], weights=[1, 3], k=6))
print(random.choices(["p", "q", "r"], cum_weights=[1, 2, 10], k=4), random.choices([5]))
xs = list(range(50))
print(random.sample(xs, 30)[:5])
