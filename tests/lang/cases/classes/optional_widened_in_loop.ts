# A local first bound to a Node and reassigned an Optional[Node] in a loop: the loop must carry
# Optional[Node] from its first use.
# waits: loop emission that types carried values by their join before emitting the body (today: internal error prim::GetAttr on an Optional)
from typing import Optional
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
print(eff(Node(1, Node(3, None))))
