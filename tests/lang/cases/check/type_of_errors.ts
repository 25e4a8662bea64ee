# type() with three arguments (making a class at run time) is refused, and so is calling the
# class type(x) gives.
x = type(3)
y = x(4)
z = type("a", (), {})
# expect error: 4:5 type is not callable
# expect error: 5:5 `type(name, bases, dict)` (making a class at run time) is not supported
