out = ""
for ch in "abc":
    out = ch + out
print(out)
# expect: cba
