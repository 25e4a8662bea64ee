from typing import List, Dict, Tuple

words = "the quick  brown fox jumps over the lazy dog".split()
print(words, len(words), " ".join(reversed(words)))
print(sorted(words), sorted(words, reverse=True)[:3], min(words), max(words))
counts: Dict[str, int] = {}
for w in words:
    counts[w] = counts.get(w, 0) + 1
print(counts, list(counts.keys())[:3], sum(counts.values()))
print(sorted([(v, k) for k, v in counts.items()], reverse=True)[:2])
s = "  Hello, World!  "
print(repr(s.strip()), s.lstrip(), s.rstrip() + "|", s.upper(), s.lower(), s.replace("l", "L", 2))
print("abc".startswith("ab"), "abc".endswith("bc"), "a,b,,c".split(","), "hello".find("l"), "hello".count("l"))
print("{} + {} = {}".format(1, 2, 3), "{0}{1}{0}".format("a", "b"), "{name}!".format(name="hi"))
x = 3.14159
n = 42
print(f"{x:.2f} {x:8.3f}| {n:05d} {n:x} {n:>6} {n:<6}| {'s':^7}| {x:e} {1234567:,} {0.25:.1%}")
print(f"{n!r} {'q'!r} {[1, 2]} {x}")
print(abs(-3), abs(2.5), round(2.5), round(3.5), round(2.675, 2), divmod(-7, 2), 7 // -2, -7 % 3)
print(int("12"), float("1e3"), str(1.0), str(1e20), str(1.5e-7), 1 / 3, 2 ** 10, 2 ** -1, 10 / 4)
print(bool(0), bool([]), bool("x"), any([False, True]), all([]), ord("a"), chr(98))
print(list(range(2, 11, 3)), list(enumerate(["a", "b"], 1)), list(zip([1, 2, 3], "ab")))
nested = [[i * j for j in range(3)] for i in range(3)]
print(nested, [v for row in nested for v in row if v % 2 == 0])
t: Tuple[int, str, float] = (1, "a", 2.0)
print(t, t[0], t[-1], len(t))
xs: List[int] = [5, 3, 8]
xs.append(1)
xs.insert(0, 9)
xs.extend([7, 7])
xs.remove(7)
print(xs, xs.pop(), xs.pop(0), xs.index(8), xs.count(3), 8 in xs, 10 not in xs, xs[1:3], xs[::-1])
xs.sort()
print(xs, xs == [1, 3, 5, 8], [1, 2] + [3], [0] * 3, "ab" * 2)
d = {"a": 1}
d.update({"b": 2})
print(d.setdefault("c", 3), d.pop("a"), d, "b" in d, len(d))
del d["b"]
print(d, str(None), str(True), 1 == 1.0, "a" < "b", (1, 2) < (1, 3) if False else True)
