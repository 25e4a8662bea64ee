def hi() -> int:
    print("hi called")
    return 9
print(5 < 1 < hi())
# expect: False
