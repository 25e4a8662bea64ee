d = {"x": 1.5, "y": 2.5}
total = 0.0
for v in d.values():
    total += v
print(total)
# expect: 4.0
