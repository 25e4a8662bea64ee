# An empty dict takes its key and value types from its first item assignment.
def histogram(words: list[str]) -> dict[str, int]:
    counts = {}
    for w in words:
        if w in counts:
            counts[w] = counts[w] + 1
        else:
            counts[w] = 1
    return counts


h = histogram(["a", "b", "a"])
print(h["a"] * 10, h)
# expect: 20 {'a': 2, 'b': 1}
