# An annotated local keeps its declared type: no widening.
def f() -> int:
    x: int = 0
    x += 0.5
    return x
# expect error: 4:5 `+=` would change the type of the target from int to float
# expect hint: declare it as a float
