# The first use types an empty list; a value of another type widens its elements to dynamic
# values, as a Python list holds anything.
def f() -> None:
    xs = []
    xs.append(1)
    xs.append("two")
    print(xs, len(xs))
f()
