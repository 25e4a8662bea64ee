def f(xs: list[int], d: dict[str, float], t: tuple[int, str]) -> int:
    return xs[0] + len(d) + t[0]
print(f([1], {"a": 1.0}, (1, "a")))
