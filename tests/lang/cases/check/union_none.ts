from typing import Union
def f(x: Union[int, None]) -> int:
    if x is None:
        return 0
    return x
print(f(1))
