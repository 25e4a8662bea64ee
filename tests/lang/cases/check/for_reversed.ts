for x in reversed([1, 2, 3]):
    print(x)
for i in reversed(range(2)):
    print(i)
# expect: 3
# expect: 2
# expect: 1
# expect: 1
# expect: 0
