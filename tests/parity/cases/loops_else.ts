from typing import List, Tuple


def find(xs: List[int], want: int) -> str:
    for x in xs:
        if x == want:
            print("found", x)
            break
    else:
        print("not found", want)
    return "done"


def countdown(n: int) -> int:
    while n > 0:
        n -= 1
        if n == 100:
            break
    else:
        print("while finished", n)
    return n


def first_neg(xs: List[int]) -> int:
    for x in xs:
        if x < 0:
            return x
    else:
        print("no negative")
    return 0


print(find([1, 2, 3], 2), find([1, 2, 3], 7))
print(countdown(3), countdown(105))
print(first_neg([3, -4, 5]), first_neg([1]))
t: Tuple[int, int, int] = (4, 5, 6)
total = 0
for v in t:
    total += v
print(total)
for name in ("a", "b"):
    print(name)
pairs = [(1, "x"), (2, "y")]
for k, s in pairs:
    print(k, s)
