# A parameter typed by its literal default takes a call's other type by widening (int to
# float; str then int to a dynamic value), which is an error only where that changes the
# return type that earlier calls used.
def f(n=3, scale=0.5, name="a"):
    return name * n


def g(n=3):
    return n * 2


print(f(2, 1, "b"))
print(f("x"))
print(g(), g(2.5))
# expect error: 13:9 with `n` dynamic, `f` returns Any, not str as for its earlier calls
# expect error: 14:14 with `n` a float, `g` returns float, not int as for its earlier calls
# expect hint: annotate the return type, or give this call its own function
