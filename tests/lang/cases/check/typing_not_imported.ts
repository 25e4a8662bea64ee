def f(xs: List[int]) -> int:
    return 0
# expect error: 1:11 undefined name `List`
# expect hint: from typing import List
