from typing import Optional
def show(x: Optional[int]) -> str:
    return str(x is None) + " " + str(x is not None)
print(show(None), show(0))
# expect: True False False True
