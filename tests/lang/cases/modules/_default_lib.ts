LIMIT = 5
SCALE = 2.5


def limited(n: int = LIMIT) -> int:
    return n


class Scaler:
    def scale(self, x: float, k: float = SCALE) -> float:
        return x * k
