class A:
    n: int = "three"
    k = 5

    def __init__(self) -> None:
        self.x = 1


A.k = "five"
A.x = 2
# expect error: 2:14 cannot assign str to class attribute `n` of type int
# expect error: 9:7 cannot assign str to class attribute `k` of type int
# expect error: 10:3 `A` has no class attribute `x`
