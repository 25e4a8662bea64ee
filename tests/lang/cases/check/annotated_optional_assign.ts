from typing import Optional
x: Optional[int] = None
print(x)
x = 3
print(x)
# expect: None
# expect: 3
