# An empty list takes its element type from its first use.
def squares(n: int) -> list[int]:
    xs = []
    for i in range(n):
        xs.append(i * i)
    return xs


def halves(n: int):
    out = []
    out += [n / 2]
    out.extend([n / 4, n / 8])
    return out


ys = squares(4)
print(ys, ys[3] + 1)
print(halves(8))
# expect: [0, 1, 4, 9] 10
# expect: [4.0, 2.0, 1.0]
