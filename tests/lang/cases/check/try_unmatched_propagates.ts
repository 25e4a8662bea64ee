def f() -> None:
    try:
        raise ValueError("deep")
    except KeyError:
        print("no")
try:
    f()
except ValueError as e:
    print("propagated", e)
# expect: propagated deep
