print(int(3.9), int(-3.9), int("42"), int(True), int("-7"))
# expect: 3 -3 42 1 -7
