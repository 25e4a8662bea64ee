from typing import Optional
class A:
    def __init__(self):
        self.v = 1
def f(a: Optional[A]) -> int:
    return a.v
# strict
# expect error: 6:12 `a` may be None here
