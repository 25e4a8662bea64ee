# A parameter typed by its literal default takes only that type (int is accepted where a float
# default is); the hint says where its type came from.
def f(n=3, scale=0.5, name="a"):
    return name * n


print(f(2, 1, "b"))
print(f("x"))
print(f(1, 2, 3))
# expect error: 8:9 argument `n` of `f` must be int, not str
# expect hint: `n` is not annotated, so it takes the type of its default, int
# expect error: 9:15 argument `name` of `f` must be str, not int
