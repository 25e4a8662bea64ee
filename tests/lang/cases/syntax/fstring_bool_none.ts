from typing import Optional
v: Optional[int] = None
print(f"{True} {v} {[1, 2]}")
# expect: True None [1, 2]
