from typing import Optional
class Cache:
    def __init__(self):
        self.value: Optional[int] = None
    def get(self) -> int:
        if self.value is None:
            self.value = 42
        return self.value + 1
c = Cache()
print(c.get(), c.get())
# expect: 43 43
