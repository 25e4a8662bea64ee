*init, tail = (1, 2, 3)
print(init, tail)
# expect: [1, 2] 3
