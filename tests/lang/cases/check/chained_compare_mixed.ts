a = 1
b = 2
c = 2
print(a < b > 0, a == 1 < b, a < b == c, 3 > b >= c > a, a < b < 0)
# expect: True True True True False
