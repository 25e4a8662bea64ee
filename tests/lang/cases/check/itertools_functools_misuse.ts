import functools
from functools import lru_cache, partial, reduce
from itertools import chain, combinations, permutations, product
from typing import List


def pairs(xs: List[int], r: int) -> None:
    print(list(permutations(xs)), list(combinations(xs, r)), list(product(xs, repeat=r)))


print(list(chain([1], ["a"])))
print(reduce(lambda a, b: str(a), [1, 2]))


def scale(x: float, k: float) -> float:
    return x * k


half = partial(scale, k="2")
cached = functools.lru_cache(scale)


class Model:
    @lru_cache(maxsize=None)
    def size(self) -> int:
        return 1
# expect error: 8:29 `itertools.permutations()` without `r` needs an iterable of known length
# expect error: 8:57 `r` of `itertools.combinations()` must be a non-negative int literal
# expect error: 8:86 `repeat` of `itertools.product()` must be a non-negative int literal
# expect error: 11:12 `itertools.chain()` joins iterables whose elements differ: int and str
# expect error: 12:14 the function given to `functools.reduce()` returns str but the running value is int
# expect error: 19:25 argument `k` of `scale` must be float, not str
# expect error: 20:10 `lru_cache` is supported as a decorator of a function
# expect error: 24:6 `@lru_cache` / `@cache` are supported on functions, not methods
