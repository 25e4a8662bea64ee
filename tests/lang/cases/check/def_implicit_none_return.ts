def f(x: int) -> None:
    print(x)
r = f(1)
print(r)
# expect: 1
# expect: None
