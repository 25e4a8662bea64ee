# str(), repr(), == and < over data nested deeper than the recursion limit raise RecursionError
# (as in CPython) instead of overflowing the stack.
from typing import Any

x: Any = []
for i in range(30000):
    x = [x]
try:
    s = str(x)
    print(len(s))
except RecursionError:
    print("str: RecursionError")
try:
    s = repr({"a": x})
    print(len(s))
except RecursionError:
    print("repr: RecursionError")
y: Any = []
for i in range(30000):
    y = [y]
try:
    print(x == y)
except RecursionError:
    print("==: RecursionError")
try:
    print(x < y)
except RecursionError:
    print("<: RecursionError")
print(x == x)
shallow: Any = []
for i in range(50):
    shallow = [shallow]
print(str(shallow).count("["))
# expect: str: RecursionError
# expect: repr: RecursionError
# expect: ==: RecursionError
# expect: <: RecursionError
# expect: True
# expect: 51
