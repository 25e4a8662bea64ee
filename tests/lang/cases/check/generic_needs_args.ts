from typing import List
def f(xs: List) -> int:
    return 0
# expect error: 2:11 `List` needs type arguments
