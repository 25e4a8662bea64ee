n = 3
while n > 0:
    n -= 1
else:
    print("while else", n)
# expect: while else 0
