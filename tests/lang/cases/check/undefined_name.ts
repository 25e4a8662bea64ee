hidden_size = 3
print(hiden_size)
# expect error: 2:7 undefined name `hiden_size`
# expect hint: did you mean `hidden_size`?
