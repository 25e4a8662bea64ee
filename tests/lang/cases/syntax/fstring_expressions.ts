xs = [1, 2, 3]
d = {"k": "v"}
a = 2
print(f"{a + 1} {xs[0]} {d['k']} {len(xs)} {a * 1.5} {a > 1}")
# expect: 3 1 v 3 3.0 True
