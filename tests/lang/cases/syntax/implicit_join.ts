xs = [1,
      2,
  3]
d = {"a": 1,
 "b": 2}
t = (1,
2)
print(xs, d, t)
