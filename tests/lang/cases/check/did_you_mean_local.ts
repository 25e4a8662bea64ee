def f() -> int:
    learning_rate = 3
    return learnin_rate
# expect error: 3:12 undefined name `learnin_rate`
# expect hint: did you mean `learning_rate`?
