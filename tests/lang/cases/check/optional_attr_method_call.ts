from typing import Optional
class A:
    def __init__(self):
        self.v = 1
    def inc(self) -> int:
        return self.v + 1
def f(a: Optional[A]) -> int:
    return a.inc()
# strict
# expect error: 8:12 `a` may be None here
