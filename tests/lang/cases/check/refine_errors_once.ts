# A function checked again after refining reports each error once, from the final pass.
def f(n: int) -> str:
    total = 0
    total += 0.5
    return total + n
# expect error: 5:12 `f` is declared to return str
