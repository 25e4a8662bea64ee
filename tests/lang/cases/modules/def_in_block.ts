# A def inside a module-level if or loop binds its name when the statement runs, as in Python.
# expect: 1
# expect: 10
# expect: 11
# expect: 1 2
import sys
if len(sys.argv) > 0:
    def f() -> int:
        return 1
    print(f())
for i in range(2):
    def g(x: int) -> int:
        return x + i
    print(g(10))
print(f(), g(1))
