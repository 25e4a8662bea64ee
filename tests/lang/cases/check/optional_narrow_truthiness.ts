from typing import Optional
def f(x: Optional[str]) -> str:
    if x:
        return x + "!"
    return "empty"
print(f("a"), f(None), f(""))
# expect: a! empty empty
