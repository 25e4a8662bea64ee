# Calls of math functions the checker refuses: arity, argument types, unknown keywords.
import math

a = math.sqrt()
b = math.factorial(2.5)
c = math.isclose(1.0, 2.0, tol=0.1)
d = math.fsum(3)
e = math.sqrt("a")
f = math.atan2(1.0)
g = math.ldexp(1.0, 2.0)
# expect error: 4:5 `math.sqrt()` takes 1 argument, got 0
# expect error: 5:20 `math.factorial()` takes ints, not float
# expect error: 6:28 `math.isclose()` got an unexpected keyword argument `tol`
# expect error: 7:15 `math.fsum()` takes a list or tuple of numbers, not int
# expect error: 8:15 `math.sqrt()` takes a number, not str
# expect error: 9:5 `math.atan2()` takes 2 arguments, got 1
# expect error: 10:21 `math.ldexp()` takes an int exponent, not float
