# A local bound to an int widens to float when a float is added to it, as in Python.
def mean_loss(losses: list[float]) -> float:
    total = 0
    print(total)
    for v in losses:
        total += v
    return total / len(losses)


def count_then_scale(n: int) -> float:
    x = n
    x = x * 0.5
    return x


print(mean_loss([0.5, 1.25, 2.0]))
print(count_then_scale(3))
# expect: 0
# expect: 1.25
# expect: 1.5
