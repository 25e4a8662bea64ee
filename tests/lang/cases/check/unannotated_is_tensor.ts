def f(x, n: int) -> int:
    return n
f(3, 4)
# expect error: 3:3 argument `x` of `f` must be Tensor, not int
# expect hint: is not annotated, so it is a Tensor
