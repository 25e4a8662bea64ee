# A local bound to a Node and later to an Optional[Node] inside a loop holds the Optional from its
# first binding (the loop carries one type); a proof made before a loop (`c = n`: not None) does
# not hold where the loop's test and body run again after a reassignment.
from typing import Optional, List

class Node:
    def __init__(self, level: int, parent: Optional["Node"]):
        self.level = level
        self.parent = parent

def eff(n: Node) -> int:
    c = n
    total = 0
    while c is not None:
        total += c.level
        c = c.parent
    return total

def eff_declared(n: Node) -> int:
    c: Optional[Node] = None
    c = n
    total = 0
    while c is not None:
        total += c.level
        c = c.parent
    return total

def eff_nested(ns: List[Node]) -> int:
    total = 0
    for n in ns:
        c = n
        steps = 0
        while c is not None and steps < 10:
            total += c.level * 10
            c = c.parent
            steps += 1
    return total

def walk_too_far(n: Node) -> int:
    c = n
    t = 0
    for i in range(5):
        t += c.level  # expect warning: 43:14 may be None
        c = c.parent  # expect warning: 44:13 may be None
    return t

# A loop that binds a proven name only to values the proof covers keeps it (no warning here).
def first_long(names: List[str], dest: Optional[str]) -> str:
    if dest is None:
        dest = ""
        for o in names:
            if o.startswith("--"):
                dest = o[2:]
                break
    return dest.upper()

# The best-so-far pattern: None first, then the best item.
def deepest(ns: List[Node]) -> int:
    best = None
    for n in ns:
        if best is None or n.level > best.level:
            best = n
    return best.level if best is not None else -1

a = Node(1, None)
b = Node(2, a)
d = Node(3, b)
print(eff(d), eff_declared(d), eff_nested([a, b, d]))
c = d
k = 0
while c is not None:
    k += c.level
    c = c.parent
print(k)
try:
    print(walk_too_far(d))
except AttributeError as e:
    print("AttributeError:", e)
print(first_long(["-x", "--out-dir"], None), first_long([], "kept"))
print(deepest([a, d, b]), deepest([]))
