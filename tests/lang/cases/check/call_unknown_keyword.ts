def f(hidden_size: int) -> int:
    return hidden_size
f(hiden_size=3)
# expect error: 3:3 `f` got an unexpected keyword argument `hiden_size`
# expect hint: did you mean `hidden_size`?
