# An annotated Optional local (c: Optional[Node] = node) reassigned in a loop: the loop joins the declared type.
from typing import Optional
class Node:
    def __init__(self, level: int, parent: Optional["Node"]):
        self.level = level
        self.parent = parent
    def effective(self) -> int:
        c: Optional[Node] = self
        while c is not None:
            if c.level != 0:
                return c.level
            c = c.parent
        return 0
print(Node(0, Node(3, None)).effective())
def eff(n: Node) -> int:
    c: Optional[Node] = n
    total = 0
    while c is not None:
        total += c.level
        c = c.parent
    return total
print(eff(Node(1, Node(3, None))))
