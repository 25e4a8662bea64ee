xs = [1]
while xs:
    print(xs.pop())
# expect: 1
