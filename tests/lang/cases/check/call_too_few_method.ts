class P:
    def move(self, dx: int, dy: int) -> int:
        return dx + dy
P().move(1)
# expect error: 4:1 `P.move` missing required argument `dy`
