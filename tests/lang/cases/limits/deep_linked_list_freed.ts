# Freeing a 100,000-long chain of objects and a 200,000-deep nested list does not recurse
# through destructors (no stack overflow).
from typing import Any, Optional


class Node:
    def __init__(self, v: int, nxt: Optional["Node"]):
        self.v = v
        self.nxt = nxt


head: Optional[Node] = None
for i in range(100000):
    head = Node(i, head)
print("built", head.v if head is not None else -1)
head = None
print("freed chain")

x: Any = []
for i in range(200000):
    x = [x]
y: Any = {"k": x}
x = None
print("built nest")
y = None
print("freed nest")


def chain(n: int) -> Node:
    h = Node(0, None)
    for i in range(1, n):
        h = Node(i, h)
    return h


print(chain(150000).v)
# expect: built 99999
# expect: freed chain
# expect: built nest
# expect: freed nest
# expect: 149999
