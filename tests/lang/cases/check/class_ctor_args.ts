class P:
    def __init__(self, x: int, y: int):
        self.x = x
        self.y = y
p = P(1)
# expect error: 5:5 `P` missing required argument `y`
