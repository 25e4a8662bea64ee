x = 3
x **= 4
print(x)
# expect: 81
