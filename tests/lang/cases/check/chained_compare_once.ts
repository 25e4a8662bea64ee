def mid() -> int:
    print("mid called")
    return 5
print(0 < mid() < 10)
# expect: mid called
# expect: True
