y = 1.5
y += 1
y -= 0.25
y *= 4
y /= 2
print(y)
# expect: 4.5
