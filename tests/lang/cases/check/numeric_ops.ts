a = 7 // 2
b = 7 / 2
c = 2 ** 3
d = 7 % 3
e: int = a + c + d
f: float = b
print(e, f, -a, ~a, not a)
