from typing import List, Dict, Optional


def classify(n: int) -> str:
    if n < 0:
        return "negative"
    elif n == 0:
        return "zero"
    elif n < 10:
        return "small"
    return "large"


def first_even(xs: List[int]) -> int:
    for x in xs:
        if x % 2 == 0:
            return x
    return -1


def count_until(limit: int) -> int:
    i = 0
    total = 0
    while True:
        i += 1
        if i % 2 == 0:
            continue
        if i > limit:
            break
        total += i
    return total


def nested(n: int) -> List[int]:
    out: List[int] = []
    for i in range(n):
        for j in range(n):
            if j > i:
                break
            if (i + j) % 3 == 0:
                continue
            out.append(i * 10 + j)
    return out


def find_pair(xs: List[int], target: int) -> Optional[int]:
    for i in range(len(xs)):
        for j in range(i + 1, len(xs)):
            if xs[i] + xs[j] == target:
                return i * 100 + j
    return None


for n in [-5, 0, 3, 42]:
    print(n, classify(n))
print(first_even([1, 3, 8, 5, 6]), first_even([1, 3]))
print(count_until(9), count_until(0))
print(nested(5))
print(find_pair([1, 4, 6, 9], 10), find_pair([1, 2], 10))
k = 0
while k < 5:
    k += 2
print("k", k)
s = 0
for i in range(10, 0, -3):
    s += i
print("s", s, i)
print([x * x for x in range(6) if x % 2 == 1])
print({w: len(w) for w in ["a", "bb", "ccc"]})
print([(i, j) for i in range(3) for j in range(i)])
a, b = 1, 2
a, b = b, a
print(a, b)
print(1 if a > b else 0, a > b and b > 0, a < b or b < 0, not a)
print(1 < a < 3, 3 < a < 5)


def maybe(n: int):
    if n <= 1:
        return n - 1


print(maybe(0), maybe(5))
