print(lenn([1]))
# expect error: 1:7 undefined name `lenn`
# expect hint: did you mean `len`?
