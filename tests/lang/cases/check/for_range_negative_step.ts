for i in range(10, 0, -3):
    print(i)
# expect: 10
# expect: 7
# expect: 4
# expect: 1
