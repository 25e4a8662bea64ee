# Sets: displays, comprehensions, set(), methods, | & - ^, membership (printed in insertion order; CPython prints int sets in hash order, so the prints here are sorted or of one element).
text = "hello world"
chars = sorted(set(text))
print(chars, len(set(text)))
vocab = {"good", "great", "fine"}
print("good" in vocab, "bad" in vocab, len(vocab), sorted(vocab))
seen = set()
for w in ["a", "b", "a", "c"]:
    if w not in seen:
        seen.add(w)
print(sorted(seen))
a = {1, 2, 3}
b = {2, 3, 4}
print(sorted(a | b), sorted(a & b), sorted(a - b), sorted(a ^ b), a == {3, 2, 1})
evens = {x for x in range(10) if x % 2 == 0}
print(sorted(evens), 4 in evens, set(), {1})
a.discard(1)
a.update([7, 8])
print(sorted(a), a.issubset({2, 3, 7, 8, 9}), sorted(a.union([0])), sorted(a.intersection({2, 8})))
labels = [0, 1, 1, 2, 0]
print(len(set(labels)), type(a).__name__)
try:
    a.remove(100)
except KeyError as e:
    print("KeyError", e)
