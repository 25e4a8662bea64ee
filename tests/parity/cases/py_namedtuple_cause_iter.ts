# namedtuple's _asdict/_replace/_fields, `raise ... from` with __cause__, a nested function that
# calls itself, a class whose __iter__ returns iter(list), and getattr of a method.
from collections import namedtuple

Metrics = namedtuple("Metrics", ["epoch", "loss", "acc"])


class CheckpointError(Exception):
    pass


class Batches:
    def __init__(self, items):
        self.items = items

    def __iter__(self):
        return iter(self.items)


class Scaler:
    def __init__(self, k: float):
        self.k = k

    def apply(self, x: float) -> float:
        return x * self.k

    @property
    def double_k(self) -> float:
        return 2 * self.k


def load(path: str) -> int:
    try:
        return {"a": 1}[path]
    except KeyError as e:
        raise CheckpointError("no checkpoint " + path) from e


def main():
    m = Metrics(3, 0.25, 0.9)
    print(m._asdict())
    print(m._fields, Metrics(1, 2.0, 3.0)._fields == m._fields)
    m2 = m._replace(epoch=4, acc=0.95)
    print(m2, m)
    for k, v in m2._asdict().items():
        print(f"{k}={v}")

    try:
        load("b")
    except CheckpointError as e:
        print(e, "| cause:", repr(e.__cause__), type(e.__cause__).__name__)
    try:
        raise CheckpointError("plain")
    except CheckpointError as e:
        print(e, e.__cause__)
    try:
        try:
            int("x")
        except ValueError as e:
            raise RuntimeError("bad value") from e
    except RuntimeError as e:
        print(e, "<-", e.__cause__)

    def fact(n: int) -> int:
        return 1 if n < 2 else n * fact(n - 1)

    def fib(n: int) -> int:
        return n if n < 2 else fib(n - 1) + fib(n - 2)

    print(fact(6), [fib(i) for i in range(10)])

    print(list(Batches([[0, 1], [2]])))
    for b in Batches([[3], [4, 5]]):
        print("batch", b)
    print(sum(len(b) for b in Batches([[1], [2, 3]])))

    s = Scaler(1.5)
    f = getattr(s, "apply")
    print(f(2.0), getattr(s, "double_k"), getattr(s, "k"))
    print([getattr(s, "apply")(x) for x in (1.0, 2.0)])


main()
