print("a" < 1)
# expect error: 1:7 `<` is not supported between str and int
