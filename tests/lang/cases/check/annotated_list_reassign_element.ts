from typing import List
def f() -> None:
    xs: List[int] = []
    xs = [1.5]
# expect error: 4:11 list element of type float where int is expected
