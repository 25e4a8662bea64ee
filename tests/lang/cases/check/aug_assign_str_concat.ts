s = "ab"
s += "cd"
s *= 2
print(s)
# expect: abcdabcd
